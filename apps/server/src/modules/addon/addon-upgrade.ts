import { UPGRADE_LOG_CONTENT_MAX, type AddonManifest } from '@uc/contracts';
import type { UpgradeEntry } from '../upgrade-log/upgrade-log.service';

// Shown, not trusted to fit an entry's rules: a long title is cut, the changelog is cut to the entry's limit.
const shown = (text: string | undefined, fallback: string): string => (text ?? '').trim().slice(0, 40) || fallback;

/** The upgrade log entry of an addon version made current, `previous` being the version it replaced (none: a first install). */
export function addonUpgradeEntry(m: AddonManifest, previous: string | undefined): UpgradeEntry {
  const zh = shown(m.title['zh-CN'], m.name);
  const en = shown(m.title['en-US'], m.name);
  const [title, zhLine, enLine] =
    previous === undefined
      ? [`安装 ${zh} · ${en} installed`, `应用 \`${m.name}\` ${m.version} 已安装。`, `Addon \`${m.name}\` ${m.version} installed.`]
      : [
          `${zh} 已更新 · ${en} updated`,
          `应用 \`${m.name}\` 从 ${previous} 更新到 ${m.version}。`,
          `Addon \`${m.name}\` updated from ${previous} to ${m.version}.`,
        ];
  const head = `${zhLine}\n\n${enLine}\n\n`;
  const changelog = (m.changelog ?? '').slice(0, UPGRADE_LOG_CONTENT_MAX - head.length);
  return { plugin: m.name, version: m.version, title, content: `${head}${changelog}`.trimEnd() + '\n' };
}
