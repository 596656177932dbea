import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';

/** A stand-in SMS gateway: the server's webhook driver POSTs {mobile, event, code, text} here. */
export function smsGateway() {
  const inbox: { mobile: string; event: string; code: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      inbox.push(JSON.parse(body) as { mobile: string; event: string; code: string });
      res.writeHead(204).end();
    });
  });
  return {
    start: () => new Promise<string>((ok) => server.listen(0, '127.0.0.1', () => ok(`http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`))),
    stop: () => new Promise<void>((ok) => server.close(() => ok())),
    async codeFor(mobile: string, event: string): Promise<string> {
      for (let i = 0; i < 100; i++) {
        const hit = inbox.findLast((m) => m.mobile === mobile && m.event === event);
        if (hit) return hit.code;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no ${event} code for ${mobile} arrived at the gateway`);
    },
  };
}

export type SmsGateway = ReturnType<typeof smsGateway>;

/** Presses the form's send button, waits for the resend countdown, and returns the code the gateway got. */
export async function requestCode(page: Page, gateway: SmsGateway, mobile: string, event: string) {
  await page.getByTestId('sms-send').click();
  await page
    .getByTestId('sms-send')
    .filter({ hasText: /\d+ 秒后重新获取/ })
    .waitFor();
  return gateway.codeFor(mobile, event);
}
