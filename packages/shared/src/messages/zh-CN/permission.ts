/** Chinese texts of the server's permission messages, keyed by their English template (see ../render.ts). */
export const permissionZhCN: Readonly<Record<string, string>> = {};
