/*
 * The module federation name of a remote or addon. A remote's name is what people and URLs use
 * (`hello-world`, /user/web/remotes/hello-world/...), but federation publishes its container as a global
 * variable and names its chunk-loading global after it, so that name must be a JavaScript identifier:
 * a dash breaks the build. It must also never be a browser global: a remote named `location` or `top`
 * would overwrite it. Hence one mapping, used by the build (the kit's preset), the server's registry and
 * the shell's runtime: `uc_` before the name, dashes as underscores. Names hold no underscore
 * (ADDON_NAME_PATTERN), so two names never map to one identifier.
 */

const REMOTE_NAME = /^[a-z][a-z0-9-]{0,63}$/;

/** `hello-world` -> `uc_hello_world`, `org` -> `uc_org`. */
export function federationName(name: string): string {
  if (!REMOTE_NAME.test(name)) {
    throw new Error(`"${name}" is not a remote name: use 1 to 64 lower-case letters, digits and dashes, starting with a letter (such as hello-world)`);
  }
  return `uc_${name.replace(/-/g, '_')}`;
}
