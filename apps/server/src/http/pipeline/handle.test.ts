import { memberStatusBatchCall, memberStatusCall } from '@uc/contracts';
import { forbidden } from '../../lib/errors';
import { handle } from './handle';
import { RefusalAfterCommit, implement, implementBatch, type CallContext } from './implement';

const ctx = { body: { id: 1, status: 2 } } as unknown as CallContext<unknown, unknown>;

describe('handle', () => {
  it("answers the handler's result", async () => {
    const impl = implement(memberStatusCall, async ({ body }) => (body.status === 2 ? null : null));
    expect(await handle(impl, ctx, undefined, undefined, false)).toBeNull();
  });

  it('returns a refusal after commit, so the transaction commits, and throws any other error', async () => {
    const refusal = new RefusalAfterCommit(forbidden('Wrong code'));
    const refused = implement(memberStatusCall, () => Promise.reject(refusal));
    expect(await handle(refused, ctx, undefined, undefined, false)).toBe(refusal);
    const crashed = implement(memberStatusCall, () => Promise.reject(new Error('crash')));
    await expect(handle(crashed, ctx, undefined, undefined, false)).rejects.toThrow('crash');
  });

  it("never runs a batch call's rows without a caller and a transaction", async () => {
    const batch = implementBatch(memberStatusBatchCall, () => Promise.resolve(null));
    await expect(handle(batch, ctx, undefined, undefined, false)).rejects.toThrow('is a batch call: its rows are run by the registrar');
  });
});
