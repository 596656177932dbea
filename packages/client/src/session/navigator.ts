/**
 * The store navigates (logout) without knowing the router: the shell installs its router's navigate;
 * until then a full page load does the job.
 */
export type Navigate = (to: string, options?: { replace?: boolean }) => void | Promise<void>;

const pageLoad: Navigate = (to, options) => {
  const url = to.startsWith('/user/web') || /^https?:/.test(to) ? to : `/user/web${to}`;
  if (options?.replace) window.location.replace(url);
  else window.location.assign(url);
};

let navigator: Navigate = pageLoad;

export function setNavigator(navigate: Navigate | null): void {
  navigator = navigate ?? pageLoad;
}

export const navigate: Navigate = (to, options) => navigator(to, options);
