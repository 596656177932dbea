import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { smsOutbox } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { createTestApp, type TestApp } from '../../test/test-app';
import { logDriver, webhookDriver, type SmsMessage } from './sms.driver';
import { checkSmsCode } from './sms.service';

const SEND_FAILED = 'The SMS could not be sent ({reason}): try again in a minute; if it keeps failing, tell the administrator';

/** A stand-in SMS gateway on a free local port: records what it is sent and answers `status`. */
interface Gateway {
  url: string;
  status: number;
  received: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[];
  close(): Promise<void>;
}
async function startGateway(): Promise<Gateway> {
  const gateway = { status: 200, received: [] } as unknown as Gateway;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      gateway.received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(gateway.status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gateway.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send?key=k1`;
  gateway.close = () =>
    new Promise<void>((resolve) => {
      // fetch keeps its connections open: close them, or close() would wait for them.
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return gateway;
}

/** A URL nothing listens on: a port that was free a moment ago and is closed again. */
async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/send`;
}

let t: TestApp;
let gateway: Gateway;
beforeAll(async () => {
  gateway = await startGateway();
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await gateway.close();
});
beforeEach(() => {
  gateway.status = 200;
  gateway.received = [];
});

const outboxOf = (mobile: string) => t.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, mobile)).orderBy(desc(smsOutbox.id));
const message = (mobile: string, code = '482913'): SmsMessage => ({
  mobile,
  event: 'login',
  code,
  text: `Your sign-in code is ${code}, valid for 10 minutes. Do not share it.`,
});

describe('log driver (development)', () => {
  it('writes the whole text to the server log and to the outbox as sent', async () => {
    const lines: string[] = [];
    const driver = logDriver((line) => lines.push(line));
    expect(driver.name).toBe('log');
    await driver.send(t.db, message('13980000001'));
    expect(lines).toEqual(['SMS to 13980000001 (login): Your sign-in code is 482913, valid for 10 minutes. Do not share it.']);
    expect(await outboxOf('13980000001')).toEqual([
      {
        id: expect.any(Number),
        mobile: '13980000001',
        event: 'login',
        body: 'Your sign-in code is 482913, valid for 10 minutes. Do not share it.',
        driver: 'log',
        status: 'sent',
        error: '',
        createdAt: expect.any(Date),
      },
    ]);
  });
});

describe('webhook driver (production)', () => {
  it('POSTs mobile, event, code and text as JSON to the configured URL, and keeps no code in the outbox', async () => {
    const driver = webhookDriver(gateway.url);
    expect(driver.name).toBe('webhook');
    await driver.send(t.db, message('13980000002'));
    expect(gateway.received).toHaveLength(1);
    const [request] = gateway.received;
    expect(request).toMatchObject({ method: 'POST', url: '/send?key=k1' });
    expect(request!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request!.body)).toEqual({
      mobile: '13980000002',
      event: 'login',
      code: '482913',
      text: 'Your sign-in code is 482913, valid for 10 minutes. Do not share it.',
    });
    const outbox = await outboxOf('13980000002');
    expect(outbox).toMatchObject([{ event: 'login', body: '(login code)', driver: 'webhook', status: 'sent', error: '' }]);
    expect(JSON.stringify(outbox)).not.toContain('482913');
  });

  it('takes any 2xx answer as delivered', async () => {
    gateway.status = 204;
    await webhookDriver(gateway.url).send(t.db, message('13980000003'));
    expect(await outboxOf('13980000003')).toMatchObject([{ status: 'sent', error: '' }]);
  });

  it.each([500, 404, 429])('fails with a 503 naming HTTP %i when the gateway answers it, and records the failure', async (status) => {
    gateway.status = status;
    const mobile = `1398000${status}0`;
    const err = await webhookDriver(gateway.url)
      .send(t.db, message(mobile))
      .catch((e: unknown) => e);
    expect(gateway.received).toHaveLength(1);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ statusCode: 503, message: SEND_FAILED, params: { reason: `gateway answered HTTP ${status}` } });
    expect(await outboxOf(mobile)).toMatchObject([{ body: '(login code)', driver: 'webhook', status: 'failed', error: `gateway answered HTTP ${status}` }]);
  });

  it('fails with a 503 when the gateway cannot be reached, and records why', async () => {
    const err = await webhookDriver(await deadUrl())
      .send(t.db, message('13980000004'))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ statusCode: 503, message: SEND_FAILED });
    const [row] = await outboxOf('13980000004');
    expect(row).toMatchObject({ driver: 'webhook', status: 'failed' });
    // The reason is the network error's own text, and the same one the caller is told.
    expect(row!.error).not.toBe('');
    expect((err as AppError).params).toEqual({ reason: row!.error });
  });

  it('uses the fetch it is given, so a gateway behind a custom client works the same', async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const fake = (async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), init });
      return new Response(null, { status: 502 });
    }) as typeof fetch;
    await expect(webhookDriver('https://sms.example.com/send', fake).send(t.db, message('13980000005'))).rejects.toMatchObject({
      statusCode: 503,
      params: { reason: 'gateway answered HTTP 502' },
    });
    expect(calls.map((c) => [c.url, c.init?.method])).toEqual([['https://sms.example.com/send', 'POST']]);
    expect(await outboxOf('13980000005')).toMatchObject([{ status: 'failed', error: 'gateway answered HTTP 502' }]);
  });
});

describe('webhook driver in the app (SMS_DRIVER=webhook)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { SMS_DRIVER: 'webhook', SMS_WEBHOOK_URL: gateway.url } });
  });
  afterAll(() => app.close());

  const sendSms = (mobile: string, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'POST', url: '/admin/admin/sms/send', query: { event: 'register', mobile }, remoteAddress: '10.85.0.1', headers });

  it('delivers a registration code through the gateway, and that code is the one the server accepts', async () => {
    const res = await sendSms('13980000011');
    expect(res.json()).toMatchObject({ code: 0, data: { cooldownSeconds: 60, expiresInSeconds: 600 } });
    expect(gateway.received).toHaveLength(1);
    const sent = JSON.parse(gateway.received[0]!.body) as SmsMessage;
    expect(sent).toMatchObject({ mobile: '13980000011', event: 'register', code: expect.stringMatching(/^\d{6}$/) });
    expect(sent.text).toContain(sent.code);
    expect(await checkSmsCode(app.db, '13980000011', 'register', sent.code)).toBe(true);
  });

  it('tells the caller, in their language, that the SMS could not be sent when the gateway fails', async () => {
    gateway.status = 500;
    const res = await sendSms('13980000012');
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(
      'The SMS could not be sent (gateway answered HTTP 500): try again in a minute; if it keeps failing, tell the administrator',
    );
    const zh = await sendSms('13980000013', { 'accept-language': 'zh-CN' });
    expect(zh.statusCode).toBe(503);
    expect(zh.json().message).toBe('短信发送失败（gateway answered HTTP 500），请一分钟后重试；如仍失败，请联系管理员');
  });
});
