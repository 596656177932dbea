import { UPGRADE_LOG_CONTENT_MAX, type AddonManifest } from '@uc/contracts';
import type { UpgradeEntry, UpgradeWords } from '../upgrade-log/upgrade-log.service';

// Shown, not trusted to fit an entry's rules: a long title is cut, the changelog is cut to the entry's limit.
const shown = (text: string | undefined, fallback: string): string => (text ?? '').trim().slice(0, 40) || fallback;

/** The upgrade log entry of an addon version made current, `previous` being the version it replaced (none: a first install). */
export function addonUpgradeEntry(m: AddonManifest, previous: string | undefined): UpgradeEntry {
  const first = previous === undefined;
  // The changelog is the author's, in the language he wrote it: the same under each language's head.
  const words = (title: string, head: string): UpgradeWords => {
    const lead = `${head}\n\n`;
    const changelog = (m.changelog ?? '').slice(0, UPGRADE_LOG_CONTENT_MAX - lead.length);
    return { title, content: `${lead}${changelog}`.trimEnd() + '\n' };
  };
  const zh = shown(m.title['zh-CN'], m.name);
  const en = shown(m.title['en-US'], m.name);
  return {
    plugin: m.name,
    version: m.version,
    texts: {
      'zh-CN': words(
        first ? `安装 ${zh}` : `${zh} 已更新`,
        first ? `应用 \`${m.name}\` ${m.version} 已安装。` : `应用 \`${m.name}\` 从 ${previous} 更新到 ${m.version}。`,
      ),
      'en-US': words(
        first ? `${en} installed` : `${en} updated`,
        first ? `Addon \`${m.name}\` ${m.version} installed.` : `Addon \`${m.name}\` updated from ${previous} to ${m.version}.`,
      ),
    },
  };
}
