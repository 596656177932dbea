/** Chinese texts of the server's auth messages, keyed by their English template (see ../render.ts). */
export const authZhCN: Readonly<Record<string, string>> = {};
