/** Chinese texts of the server's messages about addons and the application market, keyed by their English template (see ../render.ts). */
export const addonZhCN: Readonly<Record<string, string>> = {
  // Contract (addon.contract.ts): the manifest and the calls
  'Addon name must be 1 to 64 lower-case letters, digits and dashes, starting with a letter and not ending with a dash':
    '应用名称必须是 1 到 64 个小写字母、数字或短横线，以字母开头且不能以短横线结尾',
  'Addon version must be a semantic version such as 1.2.0 or 1.2.0-beta.1 (at most 64 characters)':
    '应用版本必须是语义化版本号，例如 1.2.0 或 1.2.0-beta.1（最多 64 个字符）',
  'Permission strings are API addresses such as /acme/admin/report/list (a slash, then letters, digits and - _ . / : ~; at most 256 characters)':
    '权限标识是 API 地址，例如 /acme/admin/report/list（以斜杠开头，之后为字母、数字和 - _ . / : ~，最多 256 个字符）',
  'Titles and descriptions must give a text for zh-CN and for en-US (other locales optional)':
    '标题和说明必须提供 zh-CN 和 en-US 两种语言的文字（其他语言可选）',
  'Locale keys are such as zh-CN, en-US, ja-JP': '语言代码应为 zh-CN、en-US、ja-JP 这样的形式',
  'Titles must be at most 64 characters and descriptions at most 2000': '标题最多 64 个字符，说明最多 2000 个字符',
  'Texts cannot contain NUL characters': '文字不能包含 NUL 字符',
  'A button must grant at least one API address': '按钮至少要授予一个 API 地址',
  'A page path is such as /acme/report or /acme/report/:id (lower-case segments)': '页面路径应为 /acme/report 或 /acme/report/:id 这样的形式（各段小写）',
  'The icon must be an antd icon name such as AppstoreOutlined': '图标必须是 antd 图标名称，例如 AppstoreOutlined',
  'A route is a path prefix such as /acme': '路由是路径前缀，例如 /acme',
  'An addon needs at least one page': '应用至少需要一个页面',
  'Screenshots are image files inside the package such as screenshots/list.png': '截图必须是应用包内的图片文件，例如 screenshots/list.png',
  'The version is required: <name>@<version>, as on the application card': '版本不能为空：格式为 <名称>@<版本>，与应用卡片上的一致',
  'The version must be at most 130 characters': '版本最多 130 个字符',
  'The version must be <name>@<version>, as on the application card': '版本必须是 <名称>@<版本>，与应用卡片上的一致',
  'The keyword must be at most 100 characters': '关键词最多 100 个字符',
  'The enabled setting must be true or false': '启用开关必须是 true 或 false',
  // Server (modules/addon): calls
  'A job of {name} is running: wait until its card shows the result': '{name} 正在执行安装任务，请等待应用卡片显示结果',
  '{name} is installed already (version {version}): update it instead': '{name} 已安装（版本 {version}），请改为更新',
  '{name} is not installed: install it from the market first': '{name} 尚未安装，请先从应用市场安装',
  '{name} runs {version} already: pick another version': '{name} 当前已是 {version} 版本，请选择其他版本',
  'The server keeps no files of {name} {version}: roll back to a version listed as kept, or install that version from the market':
    '服务器没有保留 {name} {version} 的文件，请回滚到标记为已保留的版本，或从应用市场安装该版本',
  '{name} is installed: uninstall it before purging its files': '{name} 仍处于安装状态，请先卸载再清除其文件',
  'There is no addon {name} on this server or in the market': '本服务器和应用市场中都没有应用 {name}',
  'The market offers no {versionId}: reload the market and pick a version it lists': '应用市场中没有 {versionId}，请刷新应用市场并选择列出的版本',
  'The server stopped while this job ran: start it again': '任务执行期间服务器已停止，请重新开始',
  // Install jobs: download
  'The package of {versionId} is {actual} bytes, but the catalogue says {expected}: the download was cut short or the package changed; install again or fix the catalogue entry':
    '{versionId} 的应用包大小为 {actual} 字节，但目录中记录为 {expected}：下载不完整或应用包已被更换，请重新安装或修正目录条目',
  'The package of {versionId} does not match the catalogue checksum (sha256 {actual}, expected {expected}): it was corrupted or replaced; install again or fix the catalogue entry':
    '{versionId} 的应用包与目录中的校验值不符（sha256 为 {actual}，应为 {expected}）：应用包已损坏或被替换，请重新安装或修正目录条目',
  'Installing {versionId} failed ({problem}): install again; the server log has the details':
    '安装 {versionId} 失败（{problem}），请重新安装；详细信息见服务器日志',
  'The package of {versionId} is larger than {max} MB: the platform limits packages with MARKET_PACKAGE_MAX_MB':
    '{versionId} 的应用包超过 {max} MB：平台通过 MARKET_PACKAGE_MAX_MB 限制应用包大小',
  'The address {url} is not an http(s) URL: catalogue entries and packages must be fetched over http or https':
    '地址 {url} 不是 http(s) URL：目录和应用包只能通过 http 或 https 下载',
  'Downloading {url} failed ({problem}): check that the catalogue server is reachable, then install again':
    '下载 {url} 失败（{problem}），请检查目录服务器能否访问，然后重新安装',
  'Downloading {url} was answered with HTTP {status}: check the catalogue entry, then install again':
    '下载 {url} 时服务器返回 HTTP {status}，请检查目录条目，然后重新安装',
  'Downloading {url} stalled: no data for {seconds} seconds; check the catalogue server, then install again':
    '下载 {url} 停滞：{seconds} 秒内没有收到数据，请检查目录服务器，然后重新安装',
  'The file at {url} is larger than {max} MB: the platform limits downloads with MARKET_PACKAGE_MAX_MB':
    '{url} 的文件超过 {max} MB：平台通过 MARKET_PACKAGE_MAX_MB 限制下载大小',
  // Install jobs: unpacking
  'The package is not a gzip-compressed tarball (.tgz): make it with pnpm pack': '应用包不是 gzip 压缩的 tar 包（.tgz），请用 pnpm pack 生成',
  'The package unpacks to more than {max} MB: make it smaller or ask the platform to raise ADDON_UNPACKED_MAX_MB':
    '应用包解压后超过 {max} MB，请减小应用体积或请平台调高 ADDON_UNPACKED_MAX_MB',
  'The package is not a valid tar archive ({problem}): make it again with pnpm pack': '应用包不是有效的 tar 归档（{problem}），请用 pnpm pack 重新生成',
  'The package holds {path}, which is not allowed ({problem}): an addon package holds plain files under package/ only':
    '应用包中含有不允许的 {path}（{problem}）：应用包只能在 package/ 下包含普通文件',
  'The package holds more than {max} files: leave out what the addon does not need': '应用包包含的文件超过 {max} 个，请去掉应用不需要的文件',
  // Install jobs: checks
  'The package has no uc-addon.json at its root: build it with the addon kit, which writes the manifest':
    '应用包根目录没有 uc-addon.json，请使用应用开发工具包构建，它会写入清单',
  'The manifest uc-addon.json is invalid ({problem}): fix it and build the addon again': '清单 uc-addon.json 无效（{problem}），请修正后重新构建应用',
  'The package holds {found}, not {expected} as the catalogue says: the catalogue entry points at the wrong package':
    '应用包内是 {found}，而目录中写的是 {expected}：目录条目指向了错误的应用包',
  'The package has no dist/mf-manifest.json: build the addon (pnpm build) before packing it':
    '应用包中没有 dist/mf-manifest.json，请先构建应用（pnpm build）再打包',
  'The manifest lists the screenshot {file}, which is not in the package: add the file or remove it from the manifest':
    '清单列出的截图 {file} 不在应用包中，请加入该文件或从清单中删除',
  'The name {name} belongs to the console itself (one of its remotes or areas): rename the addon': '名称 {name} 属于控制台自身（它的模块或区域），请为应用改名',
  'The route {route} of this addon lies in {area}, an area of the console itself: put its pages under an address of its own, such as /{name}':
    '该应用的路由 {route} 位于控制台自身的区域 {area} 中，请把它的页面放在自己的地址下，例如 /{name}',
  'The route {route} of this addon overlaps the route {other} of {owner}: give the addon routes of its own':
    '该应用的路由 {route} 与 {owner} 的路由 {other} 重叠，请为应用使用独立的路由',
  'The page {path} lies outside the addon routes ({routes}): list its prefix in routes or move the page':
    '页面 {path} 不在应用的路由（{routes}）之内，请在 routes 中加入其前缀或移动该页面',
  'The console menu already has an entry at {path} that is not this addon: give the addon pages of its own, or delete that entry in 菜单管理':
    '控制台菜单中 {path} 已有不属于该应用的条目，请为应用使用独立的页面，或在菜单管理中删除该条目',
  'The addon grants {permission}, an API address of the console itself: an addon may grant only its own addresses':
    '该应用授予了控制台自身的 API 地址 {permission}，应用只能授予自己的地址',
  'The addon grants {permission}, which the addon {owner} grants already: use addresses of its own':
    '该应用授予的 {permission} 已由应用 {owner} 授予，请使用自己的地址',
  'The addon was built against {library} {range}, but the console runs {library} {version}: build it again with the console versions (the addon kit does)':
    '该应用基于 {library} {range} 构建，但控制台运行的是 {library} {version}，请用控制台的版本重新构建（应用开发工具包会自动使用）',
  'The manifest uc-addon.json is invalid at {path}: {problem}; fix it and build the addon again':
    '清单 uc-addon.json 中 {path} 无效：{problem}；请修正后重新构建应用',
  'The package of {versionId} is larger than the {expected} bytes the catalogue says: the package changed; install again or fix the catalogue entry':
    '{versionId} 的应用包大于目录中记录的 {expected} 字节：应用包已被更换，请重新安装或修正目录条目',
  // Reasons inside the refusals above ({problem}), in the reader's language like the refusal itself.
  'an unexpected error on the server': '服务器发生意外错误',
  'not JSON': '不是有效的 JSON',
  'a size in base-256': '大小字段使用了 base-256 编码',
  'a number field that is not octal': '数字字段不是八进制',
  'a broken pax header': 'pax 头已损坏',
  'a header checksum does not match': '文件头的校验和不符',
  'it ends in the middle of a file': '归档在某个文件的中间就结束了',
  'a backslash or NUL in its name': '名称中含有反斜杠或 NUL 字符',
  'an absolute path': '使用了绝对路径',
  'a path climbing out with ..': '路径用 .. 跳出了应用包目录',
  'outside the package/ folder': '位于 package/ 目录之外',
  'a path longer than 400 characters': '路径超过 400 个字符',
  'a hard link': '是硬链接',
  'a symbolic link': '是符号链接',
  'an entry that is neither a file nor a folder': '既不是文件也不是目录',
  'a file without a name': '是没有名称的文件',
};
