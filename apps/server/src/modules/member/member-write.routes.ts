import {
  addBalanceCall,
  addIntegralCall,
  ledgerKind,
  ledgerListCall,
  memberDeleteCall,
  memberEditCall,
  memberPurgeCall,
  memberRecycleListCall,
  memberImportCall,
  memberResetPwdCall,
  memberRestoreCall,
  memberStatusCall,
  memberViewCall,
  memberDeleteBatchCall,
  memberDeptBatchCall,
  memberRestoreBatchCall,
  memberRolesBatchCall,
  memberStatusBatchCall,
} from '@uc/contracts';
import { implement, implementBatch, type CallImplementation } from '../../http/route-registrar';
import { listLedger } from './member-balance.repository';
import { changeBalance } from './member-balance.service';
import { requestLocale } from '../../lib/request-locale';
import { importMembers } from './member-import';
import { guardMobileClash } from './member-mobile';
import { listMembers } from './member.repository';
import {
  purgeMember,
  recycleMember,
  resetPassword,
  restoreMember,
  saveMember,
  setMemberDept,
  setMemberRoles,
  setMemberStatus,
  viewMember,
} from './member-write.service';

// The tenant policy's maximum number of users is enforced in saveMember's create branch, restoreMember
// and importMembers (modules/quota/quota.ts).
export function memberWriteCalls(): CallImplementation[] {
  const done = () => null;
  return [
    implement(memberViewCall, async ({ db, session, query }) => viewMember(db, session, query.id)),
    implement(memberEditCall, async ({ db, session, body, req }) => {
      // Before anything is written: a number on another user of the tenant is counted and refused.
      await guardMobileClash(db, { session, ip: req.ip }, body);
      return saveMember(db, session, body);
    }),
    implement(memberStatusCall, async ({ db, session, body }) => setMemberStatus(db, session, body.id, body.status).then(done)),
    implement(memberResetPwdCall, async ({ db, session, body }) => resetPassword(db, session, body.id, body.password).then(done)),
    implement(memberDeleteCall, async ({ db, session, body }) => recycleMember(db, session, body.id).then(done)),
    implement(memberRestoreCall, async ({ db, session, body }) => restoreMember(db, session, body.id).then(done)),
    implement(memberPurgeCall, async ({ db, session, body }) => purgeMember(db, session, body.id).then(done)),
    implement(memberRecycleListCall, async ({ db, session, query }) => listMembers(db, session, query, true)),
    implement(memberImportCall, async ({ db, session, body, req }) => importMembers(db, session, body, requestLocale(req), req.ip)),
    implement(addBalanceCall, async ({ db, session, body }) => changeBalance(db, session, ledgerKind.balance, body)),
    implement(addIntegralCall, async ({ db, session, body }) => changeBalance(db, session, ledgerKind.integral, body)),
    // Batch actions: each row through the single-row function (the registrar adds the coverage guard,
    // a savepoint and an audit entry per row).
    implementBatch(memberStatusBatchCall, ({ db, session, body }) => setMemberStatus(db, session, body.id, body.status)),
    implementBatch(memberDeleteBatchCall, ({ db, session, body }) => recycleMember(db, session, body.id)),
    implementBatch(memberRestoreBatchCall, ({ db, session, body }) => restoreMember(db, session, body.id)),
    implementBatch(memberDeptBatchCall, ({ db, session, body }) => setMemberDept(db, session, body.id, body.deptId)),
    implementBatch(memberRolesBatchCall, ({ db, session, body }) => setMemberRoles(db, session, body.id, body.roleIds, body.mode)),
    implement(ledgerListCall, async ({ db, session, query }) => listLedger(db, session, query.userId, query)),
  ];
}
