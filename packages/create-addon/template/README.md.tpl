# __TITLE_EN__ (__NAME__)

An addon of the User Centre console, made with `pnpm create @uc/addon`. The console loads it at run time
as a federated remote: its pages live under `/__NAME__/`, its menu entries come from `package.json`
("ucAddon").

```sh
pnpm install
pnpm test                 # its tests (jest, in both languages)
pnpm typecheck
pnpm dev                  # standalone on http://localhost:__PORT__/__NAME__/hello, against the API on UC_API_TARGET (default http://localhost:8080)
pnpm build                # dist/ and uc-addon.json; refuses what the console would refuse to install
pnpm pack                 # builds and packs __NAME__-<version>.tgz: the installable addon
```

Install it in a console: put the `.tgz` in the server's market folder (`MARKET_DIR`, by default
`DATA_DIR/market`) or in a catalogue, then install it from the app drawer's market as a platform
administrator.

- Pages: add the route in `src/routes.tsx` and the page in `package.json` "ucAddon".pages: its address
  (under `/__NAME__/`), its title in zh-CN and en-US, its icon, and `permissions`.
- `permissions` lists only the addon's own API addresses (those of its own back end, such as
  `/acme/admin/report/list`): its menu entry grants them to the roles that are given the page. Never
  list the console's own calls there, such as `/user/admin/member/list` that `/__NAME__/users` makes:
  the console grants those through its own menus (a role that may open 用户管理 may list users), and
  refuses to install an addon that grants them ('应用只能授予自己的地址'); `pnpm build` refuses them
  first. A page that makes such a call checks it with `useCan()` (`can(memberListCall)`) and says what is
  missing, as the users page does. Button entries (`buttons`) follow the same rule.
- Addresses: the addon's pages and its name must be its own; the console's areas (`/org`, `/system`,
  `/tenant`, `/home`, `/dashboard`, …) are refused at build as they would be at install.
- Texts: every visible string in `src/locales/zh-CN.ts` and `src/locales/en-US.ts`.
- The contracts come from `@uc/contracts` (`memberListCall`, …), the API client, session, permissions and
  i18n from `@uc/client` (`call`, `useCan`, `useT`), the UI kit from `@uc/ui` (`useListQuery`,
  `ListTable`, `useCall`, …), the test helpers from `@uc/testing`.
- A new version: raise `version` in `package.json`, say what changed in "ucAddon".changelog, `pnpm pack`.
- The build refuses versions of react, antd and the other shared libraries that the console does not
  have, and says which to install.
