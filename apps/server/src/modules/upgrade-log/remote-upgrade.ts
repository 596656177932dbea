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
  // Written once for every reader: both languages of the console, Chinese (the default) first. The
  // version has its own column; the title stays within its 128 characters whatever the version.
  const [title, zhLine, enLine] =
    previous === undefined
      ? [`安装 ${zh} · ${en} installed`, `模块 \`${r.name}\` 已安装。`, `Remote \`${r.name}\` installed.`]
      : [
          `${zh} 已更新 · ${en} updated`,
          `模块 \`${r.name}\` 从 ${previous} 升级到 ${r.version}。`,
          `Remote \`${r.name}\` updated from ${previous} to ${r.version}.`,
        ];
  return { plugin: r.name, version: r.version, title, content: `${zhLine}\n\n${enLine}\n\nEntry: \`${r.entry}\`\n` };
}
