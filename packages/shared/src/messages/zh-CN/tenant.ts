/** Chinese texts of the server's tenant messages, keyed by their English template (see ../render.ts). */
export const tenantZhCN: Readonly<Record<string, string>> = {};
