import type { RemoteEntry, SharedRefusal } from '@uc/contracts';
import { renderMessage, type MessageLocale } from '@uc/contracts/messages';
import { sharedMismatches, type SharedVersions } from '../addon/shared-versions';
import type { RemoteRow } from './remote.repository';

/*
 * A registered version the console cannot run: it was built against a strict shared singleton (react,
 * antd, @uc/client ...) in a range the console's version does not satisfy. Module Federation would hand
 * it the console's one copy anyway (or, strict, fail inside the page), so the registry says so and the
 * shell shows the refusal on the remote's pages instead of loading it. Worked out at each read against
 * the console's versions then: a console upgraded to satisfy the range takes the version back at once.
 * Builds in WEB_DIR and installed addons alike (an addon is refused at install too; this covers one
 * installed before the console changed).
 */

export const REMOTE_REFUSED =
  "{remote} {version} was built against {library} {range}, but the console runs {library} {console}: the console does not load it. Build it again against the console's {library} {console} and deploy it (an addon: install a version built so, or roll back to one in the market), or upgrade the console to a {library} that satisfies {range}";

/** Why the console will not load `row`, one entry per strict library it needs in another version; empty when it may. */
export function refusalsOf(row: Pick<RemoteRow, 'name' | 'version' | 'shared'>, versions: SharedVersions, locale: MessageLocale): SharedRefusal[] {
  return sharedMismatches(row.shared, versions).map((m) => ({
    library: m.library,
    required: m.range,
    console: m.version,
    message: renderMessage(REMOTE_REFUSED, { remote: row.name, version: row.version, library: m.library, range: m.range, console: m.version }, locale),
  }));
}

/** What the shell is told of each registry row: the entry, and why the console refuses it, if it does (not the ranges themselves). */
export function registryEntries(rows: readonly RemoteRow[], versions: SharedVersions, locale: MessageLocale): RemoteEntry[] {
  return rows.map(({ shared, ...entry }) => ({ ...entry, refused: refusalsOf({ ...entry, shared }, versions, locale) }));
}
