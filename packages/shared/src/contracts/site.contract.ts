import { z } from 'zod';
import { defineCall } from './define-call';

export const siteConfigSchema = z.object({
  /** Footer copyright; empty means the client shows the default "<year> ... All Rights Reserved". */
  basicCopyright: z.string(),
  /** ICP filing number shown in the footer, linking to the national filing site; empty hides it. */
  basicIcpCode: z.string(),
  siteName: z.string(),
  /** Whether the offline-capable service worker is enabled. */
  offline: z.boolean(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

export const siteConfigCall = defineCall({
  method: 'GET',
  path: '/admin/admin/site/config',
  access: 'public',
  tag: 'site',
  summary: 'Site configuration (copyright, ICP filing); called first by the console.',
  data: siteConfigSchema,
});

export const loginConfigSchema = z.object({
  registerSwitch: z.boolean(),
  captchaSwitch: z.boolean(),
  forceInvite: z.boolean(),
  smsLogin: z.boolean(),
  demoMode: z.boolean(),
});
export type LoginConfig = z.infer<typeof loginConfigSchema>;

export const loginConfigCall = defineCall({
  method: 'GET',
  path: '/user/admin/site/loginConfig',
  access: 'public',
  tag: 'site',
  summary: 'What the login screen offers: registration, captcha, invitation, SMS login, demo.',
  query: z.object({ addon: z.string().max(64).optional() }),
  data: loginConfigSchema,
});

export const captchaSchema = z.object({
  /** Captcha id, sent back with the code; single use, valid 5 minutes. */
  cid: z.string(),
  /** The image as a data: URL. */
  base64: z.string(),
});
export const captchaCall = defineCall({
  method: 'GET',
  path: '/user/admin/site/captcha',
  access: 'public',
  tag: 'site',
  summary: 'A new captcha image; its code is single use and valid 5 minutes.',
  data: captchaSchema,
});

/** Names per locale: at least zh-CN and en-US ({ "zh-CN": "用户管理", "en-US": "Users" }). */
export const localizedTitleSchema = z.record(z.string(), z.string());

/** A page a remote declares (apps/<remote>/package.json "ucRemote".pages): its menu entry and access. */
export const remotePageSchema = z.object({
  path: z.string(),
  title: localizedTitleSchema,
  icon: z.string().optional(),
  /** A detail page without a menu entry of its own. */
  hidden: z.boolean().optional(),
  /** Whoever may open this page's path (a list) may open this one (its detail, /x/:id). */
  accessAs: z.string().optional(),
});
export type RemotePage = z.infer<typeof remotePageSchema>;

export const remoteEntrySchema = z.object({
  name: z.string(),
  /** URL of the remote's mf-manifest.json. */
  entry: z.string(),
  version: z.string(),
  /** Route prefixes the remote serves, such as '/org/user'. */
  routes: z.array(z.string()),
  /** Its name per locale; pages and title are empty for a remote built before it declared them. */
  title: localizedTitleSchema.default({}),
  icon: z.string().default(''),
  pages: z.array(remotePageSchema).default([]),
});
export type RemoteEntry = z.infer<typeof remoteEntrySchema>;

export const remotesCall = defineCall({
  method: 'GET',
  path: '/user/admin/site/remotes',
  access: 'public',
  tag: 'site',
  summary: 'The registry of federated remotes the console loads at runtime.',
  data: z.array(remoteEntrySchema),
});
