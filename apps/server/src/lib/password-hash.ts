import { hash } from '@node-rs/argon2';

/**
 * argon2id with the library's defaults (argon2id, m=19 MiB, t=2, p=1: the OWASP baseline). Here, not in
 * modules/auth, because the start-up seed hashes the first administrator's password too (src/db knows
 * no module).
 */
export const hashPassword = (password: string): Promise<string> => hash(password);
