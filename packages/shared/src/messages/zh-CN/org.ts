/** Chinese texts of the server's org messages, keyed by their English template (see ../render.ts). */
export const orgZhCN: Readonly<Record<string, string>> = {};
