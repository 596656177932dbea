// Types of build-example-addon.mjs, for the TypeScript tests that build the example addon.
export interface ExampleAddonOptions {
  /** Where the .tgz goes (default: a new temporary folder). */
  outDir?: string;
  /** Another release of the addon: its version (semver) and what changed. */
  version?: string;
  changelog?: string;
  /** The title its hello page shows in Chinese: a change of what a user reads, as a release makes. */
  pageTitle?: string;
  /** Leave the build folder for a look (its path is printed). */
  keep?: boolean;
}

export interface ExampleAddon {
  /** The installable addon, as `pnpm pack` made it. */
  tarball: string;
  /** Its uc-addon.json. */
  manifest: { name: string; version: string } & Record<string, unknown>;
  seconds: number;
}

export function buildExampleAddon(options?: ExampleAddonOptions): ExampleAddon;
