// Test helpers for every browser package (`@uc/testing`): fixtures and mocked calls that are
// checked against the contracts, so a mock cannot drift from what the server answers.
import { createApiClient, type CallOptions } from '@uc/client';
import {
  type CallContract,
  currentUserSchema,
  memberDetailSchema,
  memberRowSchema,
  type CurrentUser,
  type MemberDetail,
  type MemberRow,
  type AdminMenuItem,
  type RefusalField,
  MENU_NAMES,
} from '@uc/contracts';

/** A signed-in user: the platform's super administrator unless `over` says otherwise (parsed by the contract). */
export const testUser = (over: Partial<CurrentUser> = {}): CurrentUser =>
  currentUserSchema.parse({
    id: 1,
    username: 'admin',
    realName: '',
    avatar: '',
    tenantId: 1,
    tenantName: 'P',
    isSuperAdmin: true,
    roles: [],
    permissions: [],
    ...over,
  });

/** A row of the user list (member/list), checked against its contract: an active user who never signed in. */
export const testMemberRow = (over: Partial<MemberRow> = {}): MemberRow =>
  memberRowSchema.parse({
    id: 1,
    username: 'admin',
    realName: '管理员',
    avatar: '',
    mobile: '',
    email: '',
    deptId: null,
    deptName: null,
    status: 1,
    lastLoginAt: null,
    lastLoginIp: '',
    loginCount: 0,
    createdAt: '2026-01-02T03:04:00.000Z',
    postId: null,
    postName: null,
    balance: '0.00',
    integral: 0,
    sex: 0,
    deletedAt: null,
    ...over,
  });

/** A user as memberViewCall answers it (every field of the details drawer), parsed through its contract. */
export const testMemberDetail = (over: Partial<MemberDetail> = {}): MemberDetail =>
  memberDetailSchema.parse({
    ...testMemberRow(),
    tenantName: '平台',
    roles: [],
    email: '',
    birthday: null,
    address: '',
    qq: '',
    lastActiveAt: null,
    alipayName: '',
    alipayAccount: '',
    alipayCode: '',
    remark: '',
    ...over,
  });

/** What a mocked call's answer is given: the query and body, and under `servedBy` the request's headers as sent. */
export interface AnswerOptions {
  query?: unknown;
  body?: unknown;
  /** The headers on the wire (servedBy only): Authorization, Accept-Language, X-UC-Tenant inside a TenantScope... */
  headers?: Headers;
}
type Answer = (contract: CallContract, options?: AnswerOptions) => unknown;

/**
 * A `call` mock implementation: `answer(contract, options)` gives each call's data, which is parsed
 * through that call's contract before the page sees it. A test whose mock leaves out a field, or gets
 * its type wrong, fails with the contract's message instead of passing on data the server never sends.
 */
export function answering(answer: Answer) {
  // Typed loosely on purpose: it stands in for the generic `call`, whose callers get typed data.
  return (async (contract: CallContract, options?: AnswerOptions) => contract.data.parse(await answer(contract, options))) as never;
}

/** `answering` for a sequence: each call gets the next answer (the last one repeats), parsed through its contract. */
export function answersInTurn(...answers: unknown[]) {
  let next = 0;
  return answering(() => answers[Math.min(next++, answers.length - 1)]);
}

/**
 * A side-menu entry (the admin menu's shape) at `path`, holding `children`. With a locale key of the
 * console's own, its name is the one the seed gives it (so the reader's text shows, as for a seeded entry).
 */
export const testMenuItem = (path: string, children: AdminMenuItem[] = [], extra: Partial<AdminMenuItem> = {}): AdminMenuItem => ({
  id: path.length,
  name: (extra.locale && MENU_NAMES[extra.locale]?.['zh-CN']) || path,
  locale: '',
  path,
  icon: '',
  remark: '',
  redirect: '',
  hidden: false,
  children,
  ...extra,
});

// A mocked `call` that runs the real API client against a fake server, so a screen under test shows the
// client's own success toasts and the server's refusals.
/**
 * A refusal of the fake server: its message (already in the reader's language) in an error envelope,
 * with the fields it is about in `data.fields` as the server names them (`[{ field: 'code', message }]`).
 */
export class Refusal extends Error {
  constructor(
    message: string,
    readonly status = 409,
    readonly fields: readonly RefusalField[] = [],
  ) {
    super(message);
  }
}

const envelope = (status: number, code: number, message: string, data: unknown = null) =>
  new Response(JSON.stringify({ code, message, data }), { status, headers: { 'content-type': 'application/json' } });

/**
 * An implementation for the mocked `call`: the body that goes over the wire is checked by the call's
 * contract, as the server does (a 400 envelope otherwise); `answer` gives the data, parsed through the
 * contract (see `answering`), or throws a `Refusal`, which goes back as a 4xx error envelope. `answer`
 * also sees the request's headers, so a test can check what a screen sends (the tenant it acts in).
 */
export function servedBy(answer: Answer) {
  const parsed = answering(answer) as unknown as (contract: CallContract, options?: AnswerOptions) => Promise<unknown>;
  return (async (contract: CallContract, options: CallOptions<CallContract> = {}) => {
    const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const request = new Request(input, init);
      // Only a JSON body is checked: jsdom cannot read a multipart one (an upload) back.
      if (contract.body) {
        const text = await request.text();
        const checked = contract.body.safeParse(text ? JSON.parse(text) : undefined);
        if (!checked.success) {
          const fields = checked.error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }));
          return envelope(400, -1, fields.map((f) => f.message).join('; '), { fields: fields.filter((f) => f.field) });
        }
      }
      try {
        return envelope(200, 0, 'ok', await parsed(contract, { query: options.query, body: options.body, headers: request.headers }));
      } catch (error) {
        if (error instanceof Refusal) return envelope(error.status, -1, error.message, error.fields.length > 0 ? { fields: error.fields } : null);
        // Shown as a toast, so a test meeting an unexpected call fails with the reason on screen.
        return envelope(500, -1, `fake server: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
    return createApiClient({ prefixUrl: 'http://uc.test', fetch, getToken: () => 'test-token' }).call(contract, options);
  }) as never;
}
