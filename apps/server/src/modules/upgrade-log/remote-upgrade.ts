import type { UpgradeEntry } from './upgrade-log.service';

// A remote's declared title is shown, not trusted to fit an entry's rules (no NUL, a bounded title):
// the registration must not fail on it.
const shown = (text: string | undefined, fallback: string): string => (text ?? '').split('\u0000').join('').trim().slice(0, 40) || fallback;

/** The upgrade log entry of a remote registered at `version`, `previous` being the version it replaced (none: a first install). */
export function remoteUpgradeEntry(
  r: { name: string; version: string; entry: string; title?: Record<string, string> },
  previous: string | undefined,
): UpgradeEntry {
  const zh = shown(r.title?.['zh-CN'], r.name);
  const en = shown(r.title?.['en-US'], r.name);
  // Each language apart, read in the reader's. The version has its own column; the title stays within
  // its 128 characters whatever the version.
  const first = previous === undefined;
  return {
    plugin: r.name,
    version: r.version,
    texts: {
      'zh-CN': {
        title: first ? `安装 ${zh}` : `${zh} 已更新`,
        content: `${first ? `模块 \`${r.name}\` 已安装。` : `模块 \`${r.name}\` 从 ${previous} 升级到 ${r.version}。`}\n\n入口：\`${r.entry}\`\n`,
      },
      'en-US': {
        title: first ? `${en} installed` : `${en} updated`,
        content: `${first ? `Remote \`${r.name}\` installed.` : `Remote \`${r.name}\` updated from ${previous} to ${r.version}.`}\n\nEntry: \`${r.entry}\`\n`,
      },
    },
  };
}
