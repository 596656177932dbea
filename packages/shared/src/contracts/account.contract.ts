import { z } from 'zod';
import { loginResultSchema } from './auth.contract';
import { defineCall } from './define-call';

export const SMS_EVENTS = ['login', 'register', 'resetPwd', 'bind'] as const;
export type SmsEvent = (typeof SMS_EVENTS)[number];

/** A mainland mobile number (11 digits from 1) or an international one in E.164 form (+ and 6-15 digits). */
export const mobileSchema = z
  .string({ error: 'mobile is required' })
  .trim()
  .min(1, 'mobile is required')
  .regex(/^(1[3-9]\d{9}|\+\d{6,15})$/, 'Phone number is invalid!');
export const smsCodeSchema = z
  .string({ error: 'code is required' })
  .trim()
  .min(1, 'code is required')
  .regex(/^\d{6}$/, 'code must be the 6 digits of the SMS');
/** 8 to 64 characters, no composition rules; the server also refuses the most common passwords. */
export const newPasswordSchema = z
  .string({ error: 'password is required' })
  .min(8, 'password must be at least 8 characters')
  .max(64, 'password must be at most 64 characters');

const smsSendFields = z.object({
  event: z.enum(SMS_EVENTS, { error: `event must be one of ${SMS_EVENTS.join(', ')}` }).optional(),
  mobile: z.string().max(32, 'mobile must be at most 32 characters').optional(),
});
/** event and mobile, from the query string (as the spec sends them) or from a JSON body. */
export const smsSendInput = z.object({
  event: z.enum(SMS_EVENTS, { error: `event must be one of ${SMS_EVENTS.join(', ')}` }),
  mobile: mobileSchema,
});

export const smsSendCall = defineCall({
  method: 'POST',
  path: '/admin/admin/sms/send',
  access: 'public',
  tag: 'sms',
  summary: 'Sends a 6-digit code (valid 10 minutes, single use) for an event; resend after 60 seconds.',
  query: smsSendFields,
  body: smsSendFields,
  data: z.object({ cooldownSeconds: z.number().int(), expiresInSeconds: z.number().int() }),
});

export const mobileLoginCall = defineCall({
  method: 'POST',
  path: '/user/admin/site/mobileLogin',
  access: 'public',
  tag: 'site',
  summary: 'Sign in with a mobile number and the SMS code of event login.',
  body: z.object({ mobile: mobileSchema, code: smsCodeSchema }),
  data: loginResultSchema,
});

export const resetPasswordSmsCall = defineCall({
  method: 'POST',
  path: '/user/admin/site/resetting/pw/sms',
  access: 'public',
  tag: 'site',
  summary: 'Sets a new password with the SMS code of event resetPwd; every session of the user ends.',
  body: z.object({ mobile: mobileSchema, code: smsCodeSchema, password: newPasswordSchema }),
  data: z.null(),
});

export const registerBody = z.object({
  username: z
    .string({ error: 'username is required' })
    .trim()
    .min(3, 'username must be at least 3 characters')
    .max(64, 'username must be at most 64 characters')
    .regex(/^[A-Za-z0-9_.@-]+$/, 'username may contain letters, digits and _ . @ - only'),
  password: newPasswordSchema,
  mobile: mobileSchema,
  code: smsCodeSchema,
  /** Optional unless loginConfig.forceInvite. */
  inviteCode: z.string().trim().max(64, 'inviteCode must be at most 64 characters').optional(),
});

export const registerCall = defineCall({
  method: 'POST',
  path: '/user/admin/site/register',
  access: 'public',
  tag: 'site',
  summary: 'Registers an account (SMS code of event register), in a new tenant or the default one per the default tenant policy, or by invitation.',
  body: registerBody,
  data: z.object({ id: z.number().int(), username: z.string(), tenantId: z.number().int() }),
});
