import { z } from 'zod';
import { defineCall } from './define-call';

/** Events anyone may ask a code for (the public send call). */
export const SMS_EVENTS = ['login', 'register', 'resetPwd', 'bind'] as const;
/**
 * Events only a signed-in user's own calls send codes for (changing their phone number): the public
 * send refuses them, so such a code always comes from a session that asked for it.
 */
export const SESSION_SMS_EVENTS = ['changeMobile'] as const;
/** An event of the public send call. */
export type PublicSmsEvent = (typeof SMS_EVENTS)[number];
export type SmsEvent = PublicSmsEvent | (typeof SESSION_SMS_EVENTS)[number];

/** A mainland mobile number (11 digits from 1) or an international one in E.164 form (+ and 6-15 digits). */
export const mobileSchema = z
  .string({ error: 'Mobile cannot be empty' })
  .trim()
  .min(1, 'Mobile cannot be empty')
  .regex(/^(1[3-9]\d{9}|\+\d{6,15})$/, 'Phone number is invalid!');
export const smsCodeSchema = z
  .string({ error: 'The verification code cannot be empty' })
  .trim()
  .min(1, 'The verification code cannot be empty')
  .regex(/^\d{6}$/, 'The verification code must be the 6 digits of the SMS');
const smsSendFields = z.object({
  event: z.enum(SMS_EVENTS, { error: `The SMS purpose must be one of ${SMS_EVENTS.join(', ')}` }).optional(),
  mobile: z.string().max(32, 'Mobile must be at most 32 characters').optional(),
});
/** event and mobile, from the query string (as the spec sends them) or from a JSON body. */
export const smsSendInput = z.object({
  event: z.enum(SMS_EVENTS, { error: `The SMS purpose must be one of ${SMS_EVENTS.join(', ')}` }),
  mobile: mobileSchema,
});

export const smsSendCall = defineCall({
  method: 'POST',
  path: '/admin/admin/sms/send',
  access: 'public',
  tag: 'sms',
  summary:
    'Sends a 6-digit code (valid 10 minutes, single use) for an event; a resend waits the SMS cooldown of the site settings (60 seconds unless changed).',
  query: smsSendFields,
  body: smsSendFields,
  data: z.object({ cooldownSeconds: z.number().int(), expiresInSeconds: z.number().int() }),
});
