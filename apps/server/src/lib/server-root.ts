import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findServerRoot } from './find-server-root';

export const serverRoot = (): string => findServerRoot(dirname(fileURLToPath(import.meta.url)));
