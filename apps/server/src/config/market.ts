import { join, resolve } from 'node:path';
import { z } from 'zod';
import { serverRoot } from '../lib/server-root';
import { intVar, optional, type ConfigVars, type ParsedVars } from './config-var';

/** Where `pnpm build` puts the example addons the server offers (apps/server/scripts/pack-examples.mjs). */
export const EXAMPLES_SUBDIR = join('dist', 'market');

/** The application market: where addon packages come from, where installed addons live, and the limits on both. */
export const marketVars = {
  MARKET_DIR: {
    default: '(DATA_DIR/market)',
    description:
      'Folder of addon packages (.tgz files as `pnpm pack` makes them) that the application market offers; a package copied here shows in the market within a minute.',
    schema: optional(z.string()),
  },
  MARKET_CATALOGUE_URLS: {
    default: '(unset)',
    description:
      'http(s) URLs of catalogue indexes, comma-separated: JSON whose `addons` entries give name, version, url, sha256 and size of each package (see README, Application market). Unset: the market offers MARKET_DIR (and the example, MARKET_EXAMPLES) only.',
    schema: optional(
      z.string().transform((v, ctx) => {
        const urls = v
          .split(',')
          .map((u) => u.trim())
          .filter(Boolean);
        const bad = urls.find((u) => !URL.canParse(u) || !/^https?:$/.test(new URL(u).protocol));
        if (urls.length > 0 && bad === undefined) return urls;
        ctx.addIssue({
          code: 'custom',
          message:
            'MARKET_CATALOGUE_URLS is not a list of http(s) URLs: set it to catalogue index URLs separated by commas (https://market.example.com/index.json), or unset it to offer MARKET_DIR only',
        });
        return z.NEVER;
      }),
    ),
  },
  MARKET_EXAMPLES: {
    default: 'true',
    description:
      'Offer the example addon that ships with the server (hello-addon, packed into apps/server/dist/market by `pnpm build`) in the application market, after the packages of MARKET_DIR and MARKET_CATALOGUE_URLS, so a new console has something to install; false: offer only those.',
    schema: optional(
      z
        .enum(['true', 'false', '1', '0', 'on', 'off'], { error: 'MARKET_EXAMPLES is not a switch: set it to true or false or unset it to use true' })
        .transform((v) => ['true', '1', 'on'].includes(v)),
    ),
  },
  ADDONS_DIR: {
    default: '(DATA_DIR/addons)',
    description:
      'Where installed addons are unpacked (ADDONS_DIR/<name>/<version>/) and served from at /user/web/remotes/addons/; several servers on one database must share it (a network volume).',
    schema: optional(z.string()),
  },
  MARKET_FETCH_TIMEOUT_MS: {
    default: '30000',
    description:
      'A catalogue index or package download is given up (and the install fails with the reason) when no data has arrived for this many milliseconds.',
    schema: optional(intVar('MARKET_FETCH_TIMEOUT_MS', 30000, 100, 600_000)),
  },
  MARKET_PACKAGE_MAX_MB: {
    default: '50',
    description: 'Largest addon package (the .tgz, and a catalogue index at most 1/50 of it) the server downloads; a larger one is refused.',
    schema: optional(intVar('MARKET_PACKAGE_MAX_MB', 50, 1, 10_000)),
  },
  ADDON_UNPACKED_MAX_MB: {
    default: '200',
    description: 'Largest an addon may be once unpacked (its files together); a package that unpacks to more is refused (no zip bombs).',
    schema: optional(intVar('ADDON_UNPACKED_MAX_MB', 200, 1, 100_000)),
  },
  MARKET_CATALOGUE_TTL_SECONDS: {
    default: '60',
    description: 'How long a fetched catalogue index and the scan of MARKET_DIR are reused before the market reads them again.',
    schema: optional(intVar('MARKET_CATALOGUE_TTL_SECONDS', 60, 0, 86_400)),
  },
} satisfies ConfigVars;

/** The application market (modules/addon). */
export interface MarketConfig {
  /** MARKET_DIR: a folder of addon packages. */
  dir: string;
  /** MARKET_CATALOGUE_URLS. */
  catalogueUrls: string[];
  /** The example addons the server build ships (MARKET_EXAMPLES); undefined: not offered. */
  examplesDir: string | undefined;
  /** ADDONS_DIR: installed addons, ADDONS_DIR/<name>/<version>/. */
  addonsDir: string;
  fetchTimeoutMs: number;
  packageMaxBytes: number;
  unpackedMaxBytes: number;
  catalogueTtlMs: number;
}

/** `dataDir` is DATA_DIR resolved (data.ts): both folders default to inside it. */
export const readMarketConfig = (e: ParsedVars<typeof marketVars>, cwd: string, dataDir: string): MarketConfig => ({
  dir: e.MARKET_DIR ? resolve(cwd, e.MARKET_DIR) : join(dataDir, 'market'),
  catalogueUrls: e.MARKET_CATALOGUE_URLS ?? [],
  examplesDir: (e.MARKET_EXAMPLES ?? true) ? join(serverRoot(), EXAMPLES_SUBDIR) : undefined,
  addonsDir: e.ADDONS_DIR ? resolve(cwd, e.ADDONS_DIR) : join(dataDir, 'addons'),
  fetchTimeoutMs: e.MARKET_FETCH_TIMEOUT_MS ?? 30_000,
  packageMaxBytes: (e.MARKET_PACKAGE_MAX_MB ?? 50) * 1024 * 1024,
  unpackedMaxBytes: (e.ADDON_UNPACKED_MAX_MB ?? 200) * 1024 * 1024,
  catalogueTtlMs: (e.MARKET_CATALOGUE_TTL_SECONDS ?? 60) * 1000,
});
