import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseServerKey } from '../../config';

/**
 * Encryption of open access secrets at rest: AES-256-GCM with the server key, a fresh 96-bit IV per
 * secret, and the public access key as associated data (a ciphertext copied onto another key's row
 * does not decrypt). Stored as `v1:` + base64(iv | tag | ciphertext).
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('The open access server key must be 32 bytes');
  }

  seal(plain: string, accessKey: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(accessKey, 'utf8'));
    const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1:${Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64')}`;
  }

  /** The secret, or undefined when the value was sealed with another key or for another access key. */
  open(sealed: string, accessKey: string): string | undefined {
    if (!sealed.startsWith('v1:')) return undefined;
    const raw = Buffer.from(sealed.slice(3), 'base64');
    if (raw.length < 29) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(accessKey, 'utf8'));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}

export const SECRET_KEY_FILE = 'secret.key';

/**
 * The server key: OPEN_ACCESS_KEY when set; otherwise DATA_DIR/secret.key, generated (mode 600) on
 * first start. Kept apart from the database on purpose: a copy of the data alone does not reveal
 * the secrets. Several servers on one PostgreSQL database must share OPEN_ACCESS_KEY.
 */
export function loadServerKey(configured: Buffer | undefined, dataDir: string, log: (message: string) => void): Buffer {
  if (configured) return configured;
  const file = join(dataDir, SECRET_KEY_FILE);
  const read = () => {
    const key = parseServerKey(readFileSync(file, 'utf8'));
    if (!key) throw new Error(`${file} does not hold a 32-byte key (64 hex characters): restore it from a backup, or set OPEN_ACCESS_KEY`);
    return key;
  };
  if (existsSync(file)) return read();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  try {
    writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another process made it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw err;
  }
  chmodSync(file, 0o600);
  log(`Generated the open access server key in ${file}: back it up with the data, or set OPEN_ACCESS_KEY (required when several servers share one database)`);
  return key;
}
