import { MEMBER_IMPORT_MAX_ROWS, type MemberImportError } from '@uc/contracts';
import { partSize, partsOf, runImport, type ImportProgress } from './import-run';
import type { FileRow } from './import-users';

const fileRows = (n: number): FileRow[] =>
  Array.from({ length: n }, (_, i) => ({
    row: i + 2,
    username: `u${i}`,
    realName: 'U',
    mobile: '',
    email: '',
    dept: '',
    post: '',
    sex: '',
    status: '',
    password: '',
    remark: '',
  }));

/** A server that refuses every row whose number is a multiple of 7 and imports the others. */
const server = () => {
  const calls: number[][] = [];
  const send = async (part: FileRow[]) => {
    calls.push(part.map((r) => r.row));
    const errors: MemberImportError[] = part.filter((r) => r.row % 7 === 0).map((r) => ({ row: r.row, field: 'username', message: 'taken' }));
    return { imported: part.length - errors.length, errors };
  };
  return { calls, send };
};

describe('the parts of an import', () => {
  it('sends about twenty parts for a short file and parts of the call’s limit for a long one', () => {
    expect(partSize(10)).toBe(50);
    expect(partSize(1_000)).toBe(50);
    expect(partSize(4_000)).toBe(200);
    expect(partSize(10_000)).toBe(MEMBER_IMPORT_MAX_ROWS);
    expect(partSize(50_000)).toBe(MEMBER_IMPORT_MAX_ROWS);
    expect(partsOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(partsOf([], 2)).toEqual([]);
  });

  it('sends every row once, in order, one part at a time, and reports progress for the whole file after each', async () => {
    const { calls, send } = server();
    const seen: ImportProgress[] = [];
    const rows = fileRows(1_000);
    let inFlight = 0;
    const outcome = await runImport(rows, {
      total: 1_003,
      refusedBefore: [{ row: 1_003, field: 'username', message: 'twice' }],
      cancelled: () => false,
      onProgress: (p) => seen.push(p),
      send: async (part) => {
        expect(++inFlight).toBe(1);
        const answer = await send(part);
        inFlight--;
        return answer;
      },
    });
    expect(calls).toHaveLength(20);
    expect(calls.flat()).toEqual(rows.map((r) => r.row));
    expect(seen[0]).toEqual({ done: 1, total: 1_003, imported: 0, refused: 1 });
    expect(seen.at(-1)).toEqual({ done: 1_001, total: 1_003, imported: 857, refused: 144 });
    expect(seen.map((p) => p.done)).toEqual([1, ...Array.from({ length: 20 }, (_, i) => 1 + (i + 1) * 50)]);
    expect(outcome.imported).toBe(857);
    expect(outcome.notSent).toEqual([]);
    expect(outcome.stopped).toBeUndefined();
    expect(outcome.errors.map((e) => e.row)).toEqual([...rows.filter((r) => r.row % 7 === 0).map((r) => r.row), 1_003]);
  });

  it('stops before the next part when cancelled: what was sent stays imported, the rest is not sent', async () => {
    const { calls, send } = server();
    let cancel = false;
    const outcome = await runImport(fileRows(300), {
      total: 300,
      refusedBefore: [],
      size: 100,
      cancelled: () => cancel,
      onProgress: (p) => void (cancel = p.done >= 100),
      send,
    });
    expect(calls).toHaveLength(1);
    expect(outcome.stopped).toEqual({ kind: 'cancelled' });
    expect(outcome.imported).toBe(100 - outcome.errors.length);
    expect(outcome.notSent.map((r) => r.row)).toEqual(
      fileRows(300)
        .slice(100)
        .map((r) => r.row),
    );
  });

  it('stops at a call that fails, with its message; the parts before it stay imported', async () => {
    const { send } = server();
    let n = 0;
    const outcome = await runImport(fileRows(250), {
      total: 250,
      refusedBefore: [],
      size: 100,
      cancelled: () => false,
      onProgress: () => undefined,
      send: (part) => (++n === 2 ? Promise.reject(new Error('Too many phone number clashes')) : send(part)),
    });
    expect(outcome.stopped).toEqual({ kind: 'failed', message: 'Too many phone number clashes' });
    expect(outcome.imported).toBe(100 - outcome.errors.length);
    expect(outcome.notSent).toHaveLength(150);
  });
});
