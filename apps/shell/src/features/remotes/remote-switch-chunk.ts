/**
 * The one place that imports the remote switch: the router loads it lazily and the layout prefetches
 * it on idle, and both must ask for the same chunk (two import() sites can end up in two chunks).
 */
export const loadRemoteSwitch = () => import('./remote-switch');
