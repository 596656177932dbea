import { InstallStatus, type AppCard } from '@uc/contracts';

type CardState = Pick<AppCard, 'name' | 'installStatus' | 'localVersion' | 'enabled'>;

/**
 * Whether the console's registry and menus changed between two answers of app/list: an addon became
 * installed or stopped being, runs another version, or was switched on or off. A card seen only in
 * one of them (another keyword) says nothing.
 */
export function registryChanged(before: readonly CardState[] | undefined, after: readonly CardState[]): boolean {
  if (!before) return false;
  const previous = new Map(before.map((c) => [c.name, c]));
  return after.some((now) => {
    const was = previous.get(now.name);
    if (!was) return false;
    const installed = (c: CardState) => c.installStatus === InstallStatus.installed;
    return installed(was) !== installed(now) || was.localVersion !== now.localVersion || was.enabled !== now.enabled;
  });
}
