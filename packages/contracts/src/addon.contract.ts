import { z } from 'zod';
import { defineCall, type CallContract } from './define-call';
import { NO_NUL } from './fields';
import { remotePageSchema } from './site.contract';

/*
 * Addons (the application market, spec sections 2, 3, 4 and 7). An addon is an npm package (what
 * `pnpm pack` makes: a .tgz whose files sit under `package/`) holding:
 *   package/package.json
 *   package/uc-addon.json      the manifest below (ADDON_MANIFEST_FILE)
 *   package/dist/mf-manifest.json and the built remote's assets
 * The server installs it into ADDONS_DIR/<name>/<version>/, creates its menus, and registers its remote
 * at /user/web/remotes/addons/<name>/<version>/mf-manifest.json. The first-party remotes carry the same manifest.
 */

/** The manifest's file name at the package root. */
export const ADDON_MANIFEST_FILE = 'uc-addon.json';
/** The folder of the built remote inside the package (mf-manifest.json and assets). */
export const ADDON_DIST_DIR = 'dist';

/** 1 to 64 lower-case letters, digits and dashes, starting with a letter and not ending with a dash. */
export const ADDON_NAME_PATTERN = /^[a-z](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
export const ADDON_NAME_RULE = 'Addon name must be 1 to 64 lower-case letters, digits and dashes, starting with a letter and not ending with a dash';

/** Semantic version 2.0.0 (https://semver.org), no leading "v": 1.2.3, 1.2.3-beta.1, 1.2.3+build.5. */
export const SEMVER_PATTERN =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;
export const ADDON_VERSION_RULE = 'Addon version must be a semantic version such as 1.2.0 or 1.2.0-beta.1 (at most 64 characters)';

/** An API address (a permission string): starts with a slash, letters, digits and - _ . / : only. */
export const API_ADDRESS_PATTERN = /^\/[A-Za-z0-9._~:/-]{1,255}$/;
export const API_ADDRESS_RULE =
  'Permission strings are API addresses such as /acme/admin/report/list (a slash, then letters, digits and - _ . / : ~; at most 256 characters)';

export const LOCALIZED_RULE = 'Titles and descriptions must give a text for zh-CN and for en-US (other locales optional)';
const LOCALE_KEY_RULE = 'Locale keys are such as zh-CN, en-US, ja-JP';
/** Text per locale: zh-CN and en-US are required, other locales optional. */
export const addonLocalizedSchema = (max: number) =>
  z
    .record(
      z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, LOCALE_KEY_RULE),
      z
        .string({ error: LOCALIZED_RULE })
        .trim()
        .min(1, LOCALIZED_RULE)
        .max(max, `Titles must be at most 64 characters and descriptions at most 2000`)
        .regex(NO_NUL, 'Texts cannot contain NUL characters'),
      { error: LOCALIZED_RULE },
    )
    .refine((t) => typeof t['zh-CN'] === 'string' && typeof t['en-US'] === 'string', LOCALIZED_RULE);

export const addonNameSchema = z.string({ error: ADDON_NAME_RULE }).regex(ADDON_NAME_PATTERN, ADDON_NAME_RULE);
export const addonVersionSchema = z.string({ error: ADDON_VERSION_RULE }).max(64, ADDON_VERSION_RULE).regex(SEMVER_PATTERN, ADDON_VERSION_RULE);
export const apiAddressSchema = z.string({ error: API_ADDRESS_RULE }).regex(API_ADDRESS_PATTERN, API_ADDRESS_RULE);

/** A button of a page: a menu entry of type button (3) that grants its API addresses. */
export const addonButtonSchema = z.object({
  title: addonLocalizedSchema(64),
  permissions: z.array(apiAddressSchema).min(1, 'A button must grant at least one API address').max(50),
});
export type AddonButton = z.infer<typeof addonButtonSchema>;

/**
 * A page of the addon (the shape of a first-party remote's page, remotePageSchema) and what it grants:
 * `permissions` are the API addresses the page needs to show itself (its list and view calls), carried
 * by its menu entry; `buttons` become button entries under it, each granting its own addresses.
 * Menus are derived from pages: a directory named after the addon at the pages' first path segment
 * (the area, /acme for /acme/report), one menu per page, one button per button. Hidden pages get a
 * hidden menu entry (their detail route is then grantable like the others); `everyone` pages need no grant.
 */
export const addonPageSchema = remotePageSchema.extend({
  path: z
    .string()
    .regex(/^(\/[a-z0-9][a-z0-9-]*|\/:[a-zA-Z][a-zA-Z0-9]*)+$/, 'A page path is such as /acme/report or /acme/report/:id (lower-case segments)')
    .max(200),
  title: addonLocalizedSchema(64),
  icon: z.string().max(64).optional(),
  permissions: z.array(apiAddressSchema).max(50).default([]),
  buttons: z.array(addonButtonSchema).max(50).default([]),
});
export type AddonPage = z.output<typeof addonPageSchema>;
export type AddonPageInput = z.input<typeof addonPageSchema>;

/**
 * The libraries every remote and addon is built against and records in its manifest's `shared` (the
 * range `^` the version it was built with), and what the console does with each (the version policy,
 * README "Shared libraries and versions"):
 *
 * - `strict`: a stateful singleton (one React tree, one router, one antd theme and cssinjs cache, one
 *   store, one session and API client). Module Federation hands every remote the console's one copy, so
 *   a remote whose range the console's version does not satisfy cannot run: it is refused (at its build
 *   by the kit, at install, in the registry entry, and by the shell and the federation runtime), never
 *   given a copy it was not built for.
 * - `versioned`: stateless code, shared by version: a remote gets the console's copy when that satisfies
 *   its range, else it loads the copy it carries (a remote built against a newer minor works beside an
 *   older console and pays its bytes only then). Never refused.
 * - `bundled`: each remote carries its own copy (not federated); recorded for the reader, never refused.
 */
export const SHARED_LIBRARY_POLICY = {
  react: 'strict',
  'react-dom': 'strict',
  'react-router-dom': 'strict',
  antd: 'strict',
  '@ant-design/icons': 'bundled',
  '@ant-design/cssinjs': 'strict',
  zustand: 'strict',
  '@uc/client': 'strict',
  '@uc/ui': 'versioned',
  '@uc/contracts': 'versioned',
} as const satisfies Record<string, 'strict' | 'versioned' | 'bundled'>;
export type SharedLibrary = keyof typeof SHARED_LIBRARY_POLICY;

/** The libraries a remote is built against, recorded in its manifest's `shared`. */
export const ADDON_SHARED_LIBRARIES = Object.keys(SHARED_LIBRARY_POLICY) as SharedLibrary[];

/** The stateful singletons: a range of one of these that the console's version does not satisfy is refused. */
export const STRICT_SHARED_LIBRARIES = ADDON_SHARED_LIBRARIES.filter((name) => SHARED_LIBRARY_POLICY[name] === 'strict');

/**
 * What the shell's build writes beside its index.html: `{ "shared": { "react": "19.3.1", ... } }`, the
 * version of each library it shares with the remotes, which the server checks every remote's ranges against.
 */
export const SHELL_SHARED_VERSIONS_FILE = 'shared-versions.json';

/** Whether the console refuses a remote whose range of `library` its version does not satisfy. */
export const isStrictShared = (library: string): boolean => (SHARED_LIBRARY_POLICY as Record<string, string>)[library] === 'strict';

const fileInPackage = z
  .string()
  .max(200)
  .regex(/^(?!.*\.\.)(?!\/)[A-Za-z0-9._/-]+\.(png|jpe?g|webp|gif|svg)$/, 'Screenshots are image files inside the package such as screenshots/list.png');

/**
 * The manifest, `uc-addon.json` at the package root. The kit writes it at build time from the author's
 * package.json ("ucAddon") and checks it with this schema; the server checks it again on install.
 */
export const addonManifestSchema = z
  .object({
    name: addonNameSchema,
    version: addonVersionSchema,
    title: addonLocalizedSchema(64),
    /** An antd icon name (AppstoreOutlined): the card's "word" and the menu directory's icon. */
    icon: z
      .string()
      .max(64)
      .regex(/^[A-Za-z0-9-]*$/, 'The icon must be an antd icon name such as AppstoreOutlined')
      .default('AppstoreOutlined'),
    description: addonLocalizedSchema(2000),
    /** Route prefixes the remote serves; derived from the pages when absent (each page path's first segment). */
    routes: z
      .array(z.string().regex(/^\/[a-z0-9][a-z0-9/-]*$/, 'A route is a path prefix such as /acme'))
      .max(50)
      .optional(),
    pages: z.array(addonPageSchema).min(1, 'An addon needs at least one page').max(50),
    /**
     * The libraries it was built against: name -> the semver range of its build (react: "^19.1.0").
     * The console refuses an addon whose range its own version does not satisfy.
     */
    shared: z.record(z.string().max(100), z.string().max(100)).default({}),
    /** Release notes of this version (markdown). */
    changelog: z.string().max(100_000).regex(NO_NUL).optional(),
    /** Image files inside the package, shown on the details page. */
    screenshots: z.array(fileInPackage).max(10).optional(),
    /** Author or publisher, shown on the details page. */
    author: z.string().max(200).optional(),
    homepage: z.string().url().max(2048).optional(),
  })
  .superRefine((m, ctx) => {
    const paths = new Set<string>();
    for (const [i, p] of m.pages.entries()) {
      if (paths.has(p.path)) ctx.addIssue({ code: 'custom', path: ['pages', i, 'path'], message: `Page path ${p.path} is declared twice` });
      paths.add(p.path);
    }
  });
export type AddonManifest = z.output<typeof addonManifestSchema>;
export type AddonManifestInput = z.input<typeof addonManifestSchema>;

/** The route prefixes of a manifest: its `routes`, or the first segment of each page path. */
export function addonRoutes(m: Pick<AddonManifest, 'routes' | 'pages'>): string[] {
  if (m.routes && m.routes.length > 0) return [...new Set(m.routes)];
  return [...new Set(m.pages.map((p) => `/${p.path.split('/')[1]}`))];
}

/** Every API address an addon's menus grant. */
export const addonPermissions = (m: Pick<AddonManifest, 'pages'>): string[] => [
  ...new Set(m.pages.flatMap((p) => [...p.permissions, ...p.buttons.flatMap((b) => b.permissions)])),
];

/**
 * Install status of an application card (spec section 4) plus a failed state: the last attempt
 * failed and `error` says why (nothing of it was left installed; install again to retry).
 */
export const InstallStatus = { notInstalled: 0, downloading: 1, installing: 2, installed: 3, failed: -1 } as const;
export type InstallStatusValue = (typeof InstallStatus)[keyof typeof InstallStatus];
export const installStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(-1)]);

/** The platform of an addon: every addon is a web remote run by the browser, whatever the machine. */
export const ADDON_SYSTEM = 'web';
export const ADDON_ARCH = 'any';

/** versionId: `<name>@<version>`, stable across catalogue sources and restarts. */
export const addonVersionId = (name: string, version: string): string => `${name}@${version}`;
export const versionIdSchema = z
  .string({ error: 'The version is required: <name>@<version>, as on the application card' })
  .max(130, 'The version must be at most 130 characters')
  .refine((v) => {
    const at = v.lastIndexOf('@');
    return at > 0 && ADDON_NAME_PATTERN.test(v.slice(0, at)) && SEMVER_PATTERN.test(v.slice(at + 1));
  }, 'The version must be <name>@<version>, as on the application card');
export const parseVersionId = (versionId: string): { name: string; version: string } => {
  const at = versionId.lastIndexOf('@');
  return { name: versionId.slice(0, at), version: versionId.slice(at + 1) };
};

/** The application card (spec section 3) and the progress of the addon's current job. */
export const appCardSchema = z.object({
  /** The newest catalogue version's id (`name@version`); the installed one's when it is in no catalogue. */
  versionId: z.string(),
  /** Name per locale ({ "zh-CN": ..., "en-US": ... }). */
  title: z.record(z.string(), z.string()),
  name: z.string(),
  /** The icon (an antd icon name). */
  word: z.string(),
  system: z.string(),
  arch: z.string(),
  /** The newest version in the catalogue. */
  version: z.string(),
  /** The installed version; '' when not installed. */
  localVersion: z.string(),
  installStatus: installStatusSchema,
  /** 1: installed and the catalogue has a newer version. */
  updateStatus: z.union([z.literal(0), z.literal(1)]),
  /** Progress of the running job (0 to 100); 100 when installed, 0 otherwise. */
  progress: z.number().int().min(0).max(100),
  /** Why the last job failed (installStatus -1); '' otherwise. */
  error: z.string(),
  /** Installed and switched on (its menus and routes show). */
  enabled: z.boolean(),
  /** Description per locale. */
  description: z.record(z.string(), z.string()),
  /**
   * One of the console's own areas (a remote built with the console, such as org or tenant), listed
   * so that the market shows what is installed: always installed, never installed, updated or removed
   * from the market (a new build of the console updates it). Absent from an older server: false.
   */
  builtIn: z.boolean().default(false),
});
export type AppCard = z.infer<typeof appCardSchema>;

export const appListQuery = z.object({
  /** Matches name, title or description, case-insensitive. */
  keyword: z.string().trim().max(100, 'The keyword must be at most 100 characters').regex(NO_NUL).optional(),
});

export const appListCall = defineCall({
  method: 'GET',
  path: '/admin/admin/site/app/list',
  access: 'session',
  tag: 'addon',
  summary: 'The application market: one card per addon of the configured catalogues and of those installed, with install and update status.',
  query: appListQuery,
  data: z.object({ list: z.array(appCardSchema), total: z.number().int() }),
});

/** One version of an addon known to the catalogue or kept on this server. */
export const appVersionSchema = z.object({
  versionId: z.string(),
  version: z.string(),
  /** Release notes as written (markdown). */
  changelog: z.string(),
  /** In a catalogue source (can be installed). */
  available: z.boolean(),
  /** Its files are on this server (installed, or kept for a roll back). */
  kept: z.boolean(),
  /** The version the registry serves now. */
  current: z.boolean(),
  /** Package size in bytes (0 when unknown). */
  size: z.number().int(),
});
export type AppVersion = z.infer<typeof appVersionSchema>;

export const appDetailsSchema = appCardSchema.extend({
  /** Screenshot URLs (served by this server). */
  screenshots: z.array(z.string()),
  author: z.string(),
  homepage: z.string(),
  /** Its route prefixes and pages (of the viewed version). */
  routes: z.array(z.string()),
  pages: z.array(z.object({ path: z.string(), title: z.record(z.string(), z.string()) })),
  /** The shared-library ranges the viewed version was built against. */
  shared: z.record(z.string(), z.string()),
  /** Newest first. */
  versions: z.array(appVersionSchema),
  /** The viewed version (from the versionId asked for). */
  viewedVersion: z.string(),
});
export type AppDetails = z.infer<typeof appDetailsSchema>;

export const appDetailsCall = defineCall({
  method: 'GET',
  path: '/admin/admin/site/app/details',
  access: 'session',
  tag: 'addon',
  summary: 'One addon for its details page: description, screenshots, versions with their changelogs, installed version and status.',
  query: z.object({ versionId: versionIdSchema }),
  data: appDetailsSchema,
});

/** A running or finished install, update or roll back. */
export const appJobSchema = z.object({
  name: z.string(),
  /** install, update, rollback */
  kind: z.enum(['install', 'update', 'rollback']),
  version: z.string(),
  installStatus: installStatusSchema,
  progress: z.number().int().min(0).max(100),
  error: z.string(),
  startedAt: z.string(),
  /** When downloading ended and installing began; null while downloading (a roll back starts at installing). */
  installingAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type AppJob = z.infer<typeof appJobSchema>;

const nameBody = z.object({ name: addonNameSchema });

export const appInstallCall = defineCall({
  method: 'POST',
  path: '/admin/admin/site/app/install',
  access: 'permission',
  platformOnly: true,
  tag: 'addon',
  summary:
    'Starts installing an addon version (download, verify, unpack, check, menus, registry); poll app/job for progress. 409 while a job of that addon runs.',
  body: z.object({ versionId: versionIdSchema }),
  data: appJobSchema,
});

export const appUpdateCall = defineCall({
  method: 'POST',
  path: '/admin/admin/site/app/update',
  access: 'permission',
  platformOnly: true,
  tag: 'addon',
  summary: 'Installs another version of an installed addon beside the current one and switches to it; the previous two stay served for a roll back.',
  body: z.object({ name: addonNameSchema, versionId: versionIdSchema }),
  data: appJobSchema,
});

export const appRollbackCall = defineCall({
  method: 'POST',
  path: '/admin/admin/site/app/rollback',
  access: 'permission',
  platformOnly: true,
  tag: 'addon',
  summary: 'Switches an installed addon back to a version whose files the server kept.',
  body: z.object({ name: addonNameSchema, version: addonVersionSchema }),
  data: appJobSchema,
});

export const appStatusCall = defineCall({
  method: 'POST',
  path: '/admin/admin/site/app/status',
  access: 'permission',
  platformOnly: true,
  tag: 'addon',
  summary: 'Enables or disables an installed addon: disabled, its menus and routes are hidden; nothing is removed.',
  body: z.object({ name: addonNameSchema, enabled: z.boolean({ error: 'The enabled setting must be true or false' }) }),
  data: z.null(),
});

export const appUninstallCall = defineCall({
  method: 'POST',
  path: '/admin/admin/site/app/uninstall',
  access: 'permission',
  platformOnly: true,
  tag: 'addon',
  summary: "Uninstalls an addon: its registry entry, menus and grants go; its last version's files stay for a reinstall until purged.",
  body: nameBody,
  data: z.null(),
});

export const appPurgeCall = defineCall({
  method: 'POST',
  path: '/admin/admin/site/app/purge',
  access: 'permission',
  platformOnly: true,
  tag: 'addon',
  summary: 'Deletes the files an uninstalled addon left behind.',
  body: nameBody,
  data: z.null(),
});

export const appJobCall = defineCall({
  method: 'GET',
  path: '/admin/admin/site/app/job',
  access: 'permission',
  platformOnly: true,
  tag: 'addon',
  summary: "The addon's current or last job with its progress (poll about every second while installStatus is 1 or 2); null when it never had one.",
  query: nameBody,
  data: appJobSchema.nullable(),
});

export const ADDON_CALLS: readonly CallContract[] = [
  appListCall,
  appDetailsCall,
  appInstallCall,
  appUpdateCall,
  appRollbackCall,
  appStatusCall,
  appUninstallCall,
  appPurgeCall,
  appJobCall,
];
