import { memberListCall, memberStatusBatchCall, memberStatusCall, memberInfoCall } from '@uc/contracts';
import { auditEntry, auditTargetOf, fieldsOf, isAudited } from './audit';

describe('isAudited', () => {
  it('is every write of a permission call, but not reads, session calls or batches (audited per row)', () => {
    expect(isAudited(memberStatusCall)).toBe(true);
    expect(isAudited(memberListCall)).toBe(false);
    expect(isAudited(memberInfoCall)).toBe(false);
    expect(isAudited(memberStatusBatchCall)).toBe(false);
  });
});

describe('auditEntry', () => {
  it("names the body's id and lists its fields unless the handler said otherwise", () => {
    const body = { id: 9, status: 2 };
    expect(auditEntry(memberStatusCall, body, {}, '10.0.0.1')).toEqual({
      action: memberStatusCall.path,
      target: '9',
      fields: ['id', 'status'],
      ip: '10.0.0.1',
    });
    expect(auditEntry(memberStatusCall, body, { target: 'site', fields: ['status'] }, '::1')).toEqual({
      action: memberStatusCall.path,
      target: 'site',
      fields: ['status'],
      ip: '::1',
    });
  });

  it('has an empty target and no fields for a body without them', () => {
    expect(auditTargetOf(undefined)).toBe('');
    expect(auditTargetOf({ id: { nested: 1 } })).toBe('');
    expect(auditTargetOf({ id: 'abc' })).toBe('abc');
    expect(fieldsOf(undefined)).toEqual([]);
    expect(fieldsOf('text')).toEqual([]);
  });
});
