/** Chinese texts of the server's messages about the remote registry, keyed by their English template (see ../render.ts). */
export const remoteZhCN: Readonly<Record<string, string>> = {
  // Server (modules/remote/remote-refusal.ts): why the registry tells the shell not to load a version.
  "{remote} {version} was built against {library} {range}, but the console runs {library} {console}: the console does not load it. Build it again against the console's {library} {console} and deploy it (an addon: install a version built so, or roll back to one in the market), or upgrade the console to a {library} that satisfies {range}":
    '{remote} {version} 基于 {library} {range} 构建，但控制台运行的是 {library} {console}，因此控制台不会加载它。请基于控制台的 {library} {console} 重新构建并部署（插件：安装这样构建的版本，或在应用市场回滚到兼容的版本），或将控制台的 {library} 升级到满足 {range} 的版本',
};
