import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { acceptedEncoding, SerializedAnswer } from './serialized-answer';

describe('acceptedEncoding', () => {
  it('prefers br, falls back to gzip, and honours q=0', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(acceptedEncoding('br;q=0.0, gzip;q=0')).toBeUndefined();
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });
});

describe('SerializedAnswer', () => {
  const big = { code: 0, message: 'ok', data: { permissions: Array.from({ length: 200 }, (_, i) => `/user/admin/call/${i}`) } };
  const small = { code: 0, message: 'ok', data: { id: 1 } };
  const answers = { big: new SerializedAnswer(JSON.stringify(big)), small: new SerializedAnswer(JSON.stringify(small)) };
  const app = Fastify();
  app.get('/:which', (req, reply) => answers[(req.params as { which: 'big' | 'small' }).which].send(req, reply));
  afterAll(() => app.close());

  it('sends the same JSON plain, as brotli and as gzip, compressing each form once', async () => {
    const plain = await app.inject({ url: '/big' });
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(big);
    for (let i = 0; i < 2; i++) {
      const br = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, br' } });
      expect(br.headers).toMatchObject({ 'content-encoding': 'br', vary: 'accept-encoding' });
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(big);
      const gz = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(big);
    }
  });

  it('leaves a small answer uncompressed', async () => {
    const res = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual(small);
  });
});
