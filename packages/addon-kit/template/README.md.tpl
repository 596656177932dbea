# __TITLE_EN__ (__NAME__)

An addon of the User Centre console, made with `create-uc-addon`. The console loads it at run time as a
federated remote: its pages live under `/__NAME__/`, its menu entries come from `package.json` ("ucAddon").

```sh
pnpm install
pnpm test                 # its tests (jest, in both languages)
pnpm typecheck
pnpm dev                  # standalone on http://localhost:__PORT__/__NAME__/hello, against the API on UC_API_TARGET (default http://localhost:8080)
pnpm pack                 # builds and packs __NAME__-<version>.tgz: the installable addon
```

Install it in a console: put the `.tgz` in the server's market folder (`DATA_DIR/market`) or in a
catalogue, then install it from the app drawer's market as a platform administrator.

- Pages: add the route in `src/routes.tsx` and the page in `package.json` "ucAddon".pages (its address,
  title in zh-CN and en-US, icon, and `permissions`: the API addresses it calls, which its menu grants).
- Texts: every visible string in `src/locales/zh-CN.ts` and `src/locales/en-US.ts`.
- The contracts come from `@uc/contracts`, the API client, session, permissions and i18n from `@uc/client`,
  the UI kit from `@uc/ui`, the test helpers from `@uc/testing`.
- A new version: raise `version` in `package.json`, say what changed in "ucAddon".changelog, `pnpm pack`.
- The build refuses versions of react, antd and the other shared libraries that the console does not
  have, and says which to install.
