import type { Db } from '../../db/client';
import { smsOutbox } from '../../db/schema';
import { unavailable } from '../../lib/errors';

export interface SmsMessage {
  mobile: string;
  event: string;
  code: string;
  text: string;
}

/** Delivers one SMS; throws when it could not. */
export interface SmsDriver {
  readonly name: 'log' | 'webhook';
  send(db: Db, message: SmsMessage): Promise<void>;
}

/** Development driver: the text goes to the server log and the sms_outbox table, nowhere else. */
export const logDriver = (log: (message: string) => void): SmsDriver => ({
  name: 'log',
  async send(db, m) {
    log(`SMS to ${m.mobile} (${m.event}): ${m.text}`);
    await db.insert(smsOutbox).values({ mobile: m.mobile, event: m.event, body: m.text, driver: 'log', status: 'sent' });
  },
});

/** Production driver: POSTs {mobile, event, code, text} as JSON to the gateway; a non-2xx is a failure. */
export const webhookDriver = (url: string, fetchImpl: typeof fetch = fetch): SmsDriver => ({
  name: 'webhook',
  async send(db, m) {
    let error = '';
    try {
      const res = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mobile: m.mobile, event: m.event, code: m.code, text: m.text }),
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) error = `gateway answered HTTP ${res.status}`;
    } catch (err) {
      error = (err as Error).message;
    }
    // The outbox of the webhook driver keeps no code: only that a message went out.
    await db
      .insert(smsOutbox)
      .values({ mobile: m.mobile, event: m.event, body: `(${m.event} code)`, driver: 'webhook', status: error ? 'failed' : 'sent', error });
    if (error) throw unavailable('The SMS could not be sent ({reason}): try again in a minute; if it keeps failing, tell the administrator', { reason: error });
  },
});
