import { usePwa } from './pwa-store';
import { activateWaiting, registerServiceWorker, SW_SCOPE, SW_URL, unregisterServiceWorkers, type ServiceWorkerEnv } from './service-worker';
import { type CurrentUser, type SiteConfig } from '@uc/contracts';
import { resetSessionForTests, useSession } from '@uc/client';
import { setupPwa, setupPwaWhenSignedIn, watchConnectivity } from './setup-pwa';

/** A fake ServiceWorkerContainer / registration pair, enough for the registration logic. */
function fakeEnv(options: { controller?: boolean; waiting?: boolean; registrations?: string[]; cacheKeys?: string[] } = {}) {
  const containerListeners: Record<string, (() => void)[]> = {};
  const regListeners: Record<string, (() => void)[]> = {};
  const waiting = options.waiting ? { postMessage: jest.fn(), state: 'installed' } : null;
  const registration = {
    waiting,
    installing: null as null | { state: string; addEventListener: (t: string, f: () => void) => void; fire: () => void },
    scope: `http://uc.test${SW_SCOPE}`,
    addEventListener: (type: string, fn: () => void) => (regListeners[type] ??= []).push(fn),
    unregister: jest.fn().mockResolvedValue(true),
  };
  const container = {
    controller: options.controller ? {} : null,
    register: jest.fn().mockResolvedValue(registration),
    getRegistrations: jest.fn().mockResolvedValue((options.registrations ?? []).map((scope) => ({ scope, unregister: jest.fn().mockResolvedValue(true) }))),
    addEventListener: (type: string, fn: () => void) => (containerListeners[type] ??= []).push(fn),
  };
  const keys = [...(options.cacheKeys ?? [])];
  const cacheStorage = { keys: jest.fn(async () => [...keys]), delete: jest.fn(async (k: string) => keys.splice(keys.indexOf(k), 1).length > 0) };
  const env: ServiceWorkerEnv = {
    serviceWorker: container as unknown as ServiceWorkerContainer,
    caches: cacheStorage as unknown as CacheStorage,
    reload: jest.fn(),
  };
  const fire = (map: Record<string, (() => void)[]>, type: string) => map[type]?.forEach((f) => f());
  return {
    env,
    container,
    registration,
    cacheStorage,
    keys,
    fireContainer: (t: string) => fire(containerListeners, t),
    fireRegistration: (t: string) => fire(regListeners, t),
  };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('service worker registration', () => {
  it('registers sw.js for the /user/web/ scope; the first install is no new version', async () => {
    const f = fakeEnv({ controller: false });
    const onUpdate = jest.fn();
    await registerServiceWorker(onUpdate, f.env);
    expect(f.container.register).toHaveBeenCalledWith(SW_URL, { scope: SW_SCOPE });
    expect(SW_URL).toBe('/user/web/sw.js');
    expect(onUpdate).not.toHaveBeenCalled();
  });

  it('reports a new version once it is installed and waiting behind a controlling one', async () => {
    const f = fakeEnv({ controller: true });
    const onUpdate = jest.fn();
    await registerServiceWorker(onUpdate, f.env);
    const statechange: (() => void)[] = [];
    f.registration.installing = { state: 'installing', addEventListener: (_t, fn) => statechange.push(fn), fire: () => undefined };
    f.fireRegistration('updatefound');
    expect(onUpdate).not.toHaveBeenCalled();
    f.registration.installing.state = 'installed';
    (f.registration as { waiting: unknown }).waiting = { postMessage: jest.fn() };
    statechange.forEach((fn) => fn());
    expect(onUpdate).toHaveBeenCalledWith(f.registration);
  });

  it('reports a version already waiting at start', async () => {
    const f = fakeEnv({ controller: true, waiting: true });
    const onUpdate = jest.fn();
    await registerServiceWorker(onUpdate, f.env);
    expect(onUpdate).toHaveBeenCalledTimes(1);
  });

  it('confirming activates the waiting worker, clears the caches and reloads once', async () => {
    const f = fakeEnv({ controller: true, waiting: true, cacheKeys: ['uc-shell-old', 'uc-shell-new', 'someone-else'] });
    activateWaiting(f.registration as unknown as ServiceWorkerRegistration, f.env);
    expect(f.registration.waiting?.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(f.env.reload).not.toHaveBeenCalled();
    f.fireContainer('controllerchange');
    f.fireContainer('controllerchange');
    await flush();
    expect(f.keys).toEqual(['someone-else']);
    expect(f.env.reload).toHaveBeenCalledTimes(1);
  });

  it('with the offline option off, unregisters the console workers and clears their caches', async () => {
    const f = fakeEnv({ registrations: ['http://uc.test/user/web/', 'http://uc.test/admin/web/'], cacheKeys: ['uc-shell-1'] });
    await setupPwa(false, f.env);
    const regs = (await f.container.getRegistrations.mock.results[0]?.value) as { scope: string; unregister: jest.Mock }[];
    expect(regs[0]?.unregister).toHaveBeenCalled();
    expect(regs[1]?.unregister).not.toHaveBeenCalled();
    expect(f.keys).toEqual([]);
    expect(f.container.register).not.toHaveBeenCalled();
  });

  it('with it on, a waiting version raises the notice, whose button applies it', async () => {
    const f = fakeEnv({ controller: true, waiting: true });
    await setupPwa(true, f.env);
    expect(usePwa.getState().updateReady).toBe(true);
    usePwa.getState().applyUpdate?.();
    expect(f.registration.waiting?.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  });

  it('asks the installed workers to fill in their precache once registered', async () => {
    const f = fakeEnv({ controller: true, waiting: true });
    const active = { postMessage: jest.fn() };
    Object.assign(f.registration, { active });
    await setupPwa(true, f.env);
    expect(active.postMessage).toHaveBeenCalledWith({ type: 'PRECACHE' });
    expect(f.registration.waiting?.postMessage).toHaveBeenCalledWith({ type: 'PRECACHE' });
  });

  it('does nothing without service worker support', async () => {
    await expect(unregisterServiceWorkers({ reload: jest.fn() })).resolves.toBe(0);
    await expect(registerServiceWorker(jest.fn(), { reload: jest.fn() })).resolves.toBeUndefined();
  });

  it('follows the connection for the offline warning', () => {
    const target = new EventTarget();
    watchConnectivity(target as unknown as Window);
    target.dispatchEvent(new Event('offline'));
    expect(usePwa.getState().offline).toBe(true);
    target.dispatchEvent(new Event('online'));
    expect(usePwa.getState().offline).toBe(false);
  });
});

describe('when the service worker is set up', () => {
  const site = (offline: boolean) => ({ offline }) as unknown as SiteConfig;
  const user = { id: 1, username: 'admin' } as unknown as CurrentUser;
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    resetSessionForTests();
  });

  it('never on a sign-in page: it waits for a signed-in user, then for an idle moment', async () => {
    const f = fakeEnv();
    const idle: (() => void)[] = [];
    useSession.setState({ status: 'ready', siteConfig: site(true), currentUser: null });
    stop = setupPwaWhenSignedIn({ env: f.env, idle: (task) => idle.push(task) });
    await flush();
    expect(idle).toHaveLength(0);
    expect(f.container.register).not.toHaveBeenCalled();

    useSession.setState({ currentUser: user });
    expect(idle).toHaveLength(1);
    expect(f.container.register).not.toHaveBeenCalled();
    idle[0]!();
    await flush();
    expect(f.container.register).toHaveBeenCalledTimes(1);
    // Later changes of the session start nothing more.
    useSession.setState({ currentUser: { ...user } });
    expect(idle).toHaveLength(1);
  });

  it('waits for the start sequence, and leaves workers alone when the site config is unknown', async () => {
    const f = fakeEnv({ registrations: ['http://uc.test/user/web/'] });
    useSession.setState({ status: 'loading', siteConfig: site(true), currentUser: user });
    const idle = jest.fn();
    stop = setupPwaWhenSignedIn({ env: f.env, idle });
    expect(idle).not.toHaveBeenCalled();
    useSession.setState({ status: 'ready', siteConfig: null });
    await flush();
    expect(idle).not.toHaveBeenCalled();
    expect(f.container.getRegistrations).not.toHaveBeenCalled();
  });

  it('with the offline option off, removes workers at once, even on a sign-in page', async () => {
    const f = fakeEnv({ registrations: ['http://uc.test/user/web/'] });
    useSession.setState({ status: 'ready', siteConfig: site(false), currentUser: null });
    stop = setupPwaWhenSignedIn({ env: f.env, idle: jest.fn() });
    await flush();
    await flush();
    const regs = (await f.container.getRegistrations.mock.results[0]?.value) as { unregister: jest.Mock }[];
    expect(regs[0]?.unregister).toHaveBeenCalled();
    expect(f.container.register).not.toHaveBeenCalled();
  });
});
