// CommonJS flavour of server-root.ts for the jest run (import.meta does not exist there).
import { findServerRoot } from './find-server-root';

export const serverRoot = (): string => findServerRoot(__dirname);
