import {
  profileCenterCall,
  profileEditCall,
  profileLedgerCall,
  profileLoginsCall,
  profileMobileCall,
  profileMobileCodeCall,
  profileNotificationCall,
  profileNotificationEditCall,
  profileUploadCall,
  profileWithdrawalCall,
  profileWithdrawalEditCall,
  revokeOtherSessionsCall,
  type CallContract,
  type ParsedFilter,
} from '@uc/contracts';
import { implement, RefusalAfterCommit, type CallContext, type CallImplementation } from '../../http/route-registrar';
import { badRequest } from '../../lib/errors';
import { revokeOtherSessions } from '../auth/session.repository';
import { listLoginLog } from '../log/log.repository';
import { listLedger } from '../member/member-balance.repository';
import { writeAudit } from '../security/audit-log.repository';
import { enforceLimit } from '../security/rate-limit.service';
import type { SmsDriver } from '../sms/sms.driver';
import { consumeSmsCode, sendSmsCode } from '../sms/sms.service';
import { receiveImage } from '../upload/upload.routes';
import { noticePreferences, saveNoticePreferences } from './notice-preferences';
import { confirmPassword } from './password-confirm';
import { profileCard, readWithdrawal, refuseOwnVerifiedMobile, saveBasicInfo, saveWithdrawal, setMobile } from './profile.service';
import { inSystemScope } from './system-scope';
import { describeUserAgent } from './user-agent';

export const MOBILE_CODE_WRONG = 'code: the code is wrong or has expired: ask for a new code to the new number and enter it';
export const WITHDRAWAL_PASSWORD_WRONG = 'password: the login password is wrong: enter the password you sign in with';
/** Beyond the SMS limits per number and per address: one account cannot text many numbers. */
const CODES_PER_ACCOUNT_PER_HOUR = 10;

/**
 * A user's own writes are audited like an administrator's (the registrar audits `permission` calls
 * only): who, which call, the field names (never their values), on their own record.
 */
const audit = (ctx: CallContext<unknown, unknown>, call: CallContract, fields: string[]) =>
  writeAudit(ctx.db, ctx.session, { action: call.path, target: String(ctx.session.userId), fields, ip: ctx.req.ip });
const fieldsOf = (body: object) => Object.keys(body);

/**
 * The signed-in user's own account (issue 14): every call acts on the session's user only, in the
 * caller's tenant transaction. `uploadDir` is where the upload call stores images.
 */
export function profileCalls(sms: SmsDriver, uploadDir: string): CallImplementation[] {
  return [
    implement(profileCenterCall, async ({ db, session }) => profileCard(db, session)),
    implement(profileLoginsCall, async ({ db, session, query }) => {
      const own: ParsedFilter[] = [
        { field: 'tenantId', op: '=', value: session.tenantId },
        { field: 'userId', op: '=', value: session.userId },
      ];
      const page = await listLoginLog(db, { ...query, filter: [...(query.filter ?? []), ...own] }, undefined);
      return {
        ...page,
        list: page.list.map((r) => ({
          id: r.id,
          method: r.method,
          result: r.result,
          reason: r.reason,
          ip: r.ip,
          userAgent: r.userAgent,
          createdAt: r.createdAt,
          ...describeUserAgent(r.userAgent),
        })),
      };
    }),
    implement(profileLedgerCall, async ({ db, session, query }) => listLedger(db, session, session.userId, query)),
    implement(profileEditCall, async (ctx) => {
      const card = await saveBasicInfo(ctx.db, ctx.session, ctx.body);
      await audit(ctx, profileEditCall, fieldsOf(ctx.body));
      return card;
    }),
    implement(profileUploadCall, async (ctx) => {
      const stored = await receiveImage(ctx, ctx.query.purpose, uploadDir);
      await audit(ctx, profileUploadCall, ['file']);
      return stored;
    }),
    implement(profileMobileCodeCall, async ({ db, session, body, req }) => {
      // The same answer whether or not another account has the number (issue 26): the code goes to the
      // phone either way, and only its holder, entering it, learns that the number is taken.
      await refuseOwnVerifiedMobile(db, session, body.mobile);
      return inSystemScope(db, async (system) => {
        await enforceLimit(system, `sms:user:${session.tenantId}:${session.userId}`, CODES_PER_ACCOUNT_PER_HOUR, 3600, 'SMS codes for this account');
        return sendSmsCode(system, sms, { mobile: body.mobile, event: 'changeMobile', ip: req.ip, deliver: true });
      });
    }),
    implement(profileMobileCall, async (ctx) => {
      const { db, session, body } = ctx;
      await refuseOwnVerifiedMobile(db, session, body.mobile);
      // The code first: without it, a taken number and a free one get the same refusal. A wrong guess
      // stays counted against the code (5 kill it), so the transaction commits it.
      const right = await inSystemScope(db, (system) => consumeSmsCode(system, body.mobile, 'changeMobile', body.code));
      if (!right) throw new RefusalAfterCommit(badRequest(MOBILE_CODE_WRONG));
      // A number someone else has is refused here (409), rolling back the spent code: the holder keeps it.
      await setMobile(db, session, body.mobile);
      await audit(ctx, profileMobileCall, ['mobile']);
      return profileCard(db, session);
    }),
    implement(revokeOtherSessionsCall, async (ctx) => {
      const revoked = await revokeOtherSessions(ctx.db, ctx.session.tenantId, ctx.session.userId, ctx.session.sessionId);
      await audit(ctx, revokeOtherSessionsCall, []);
      return { revoked };
    }),
    implement(profileWithdrawalCall, async ({ db, session }) => readWithdrawal(db, session)),
    implement(profileWithdrawalEditCall, async (ctx) => {
      const { password, ...withdrawal } = ctx.body;
      // First: a wrong password changes nothing (and is counted, password-confirm.ts).
      await confirmPassword(ctx.db, ctx.session, password, WITHDRAWAL_PASSWORD_WRONG);
      const saved = await saveWithdrawal(ctx.db, ctx.session, withdrawal);
      await audit(ctx, profileWithdrawalEditCall, fieldsOf(withdrawal));
      return saved;
    }),
    implement(profileNotificationCall, async ({ db, session }) => noticePreferences(db, session.userId)),
    implement(profileNotificationEditCall, async (ctx) => {
      const saved = await saveNoticePreferences(ctx.db, ctx.session, ctx.body);
      await audit(ctx, profileNotificationEditCall, fieldsOf(ctx.body));
      return saved;
    }),
  ];
}
