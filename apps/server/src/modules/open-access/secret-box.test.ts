import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadServerKey, SecretBox } from './secret-box';

describe('the server key and the secret box', () => {
  it('generates the key once in DATA_DIR/secret.key (mode 600) and reads it back; a configured key wins', () => {
    const dir = mkdtempSync(join(tmpdir(), 'uc-key-'));
    try {
      const messages: string[] = [];
      const first = loadServerKey(undefined, join(dir, 'data'), (m) => messages.push(m));
      expect(first).toHaveLength(32);
      expect(messages).toHaveLength(1);
      const file = join(dir, 'data', 'secret.key');
      expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('hex'));
      if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(loadServerKey(undefined, join(dir, 'data'), (m) => messages.push(m))).toEqual(first);
      expect(messages).toHaveLength(1);
      const configured = Buffer.alloc(32, 1);
      expect(loadServerKey(configured, join(dir, 'data'), () => undefined)).toBe(configured);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('seals with AES-256-GCM: a fresh IV each time, bound to the access key, and only the server key opens it', () => {
    const box = new SecretBox(Buffer.alloc(32, 3));
    const a = box.seal('sk_secret', 'ak_1');
    expect(a).not.toBe(box.seal('sk_secret', 'ak_1'));
    expect(a).not.toContain('sk_secret');
    expect(box.open(a, 'ak_1')).toBe('sk_secret');
    expect(box.open(a, 'ak_2')).toBeUndefined();
    expect(new SecretBox(Buffer.alloc(32, 4)).open(a, 'ak_1')).toBeUndefined();
    expect(box.open(`${a.slice(0, -4)}AAAA`, 'ak_1')).toBeUndefined();
  });
});
