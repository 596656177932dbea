import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { addBalanceCall, addIntegralCall } from '@uc/contracts';
import { call, setLocale } from '@uc/client';
import { AntdApiUi } from '@uc/ui';
import { registerUserMessages } from './user-messages';
import { Refusal, servedBy, testMemberRow } from '@uc/testing';
import { BalanceModal, type BalanceTarget } from './balance-modal';

// The API client's `call` (which useCall and useScopedCall use too) is the mock.
jest.mock('@uc/client/api-client', () => ({ ...jest.requireActual('@uc/client/api-client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

const user = testMemberRow({ id: 7, username: 'ann', realName: '安', mobile: '13800000000', balance: '5.00', integral: 30 });

/** What the server says, in Chinese, when a deduction would go below zero. */
const INSUFFICIENT = 'num: 余额不足：该用户余额为 5.00，少于 5.01';

const callsOf = (contract: unknown) => mockCall.mock.calls.filter(([c]) => c === contract);
const sentBody = (contract: unknown) => callsOf(contract).at(-1)?.[1]?.body as Record<string, unknown> | undefined;
const dialog = () => screen.getByRole('dialog');
const amount = () => within(dialog()).getByLabelText('数量');
const save = () => fireEvent.click(within(dialog()).getByRole('button', { name: /保\s*存/ }));

function renderModal(target: BalanceTarget | null, onSaved = jest.fn(), onClose = jest.fn()) {
  const ui = (t: BalanceTarget | null) => (
    <App>
      <AntdApiUi />
      <BalanceModal target={t} onClose={onClose} onSaved={onSaved} />
    </App>
  );
  const { rerender } = render(ui(target));
  return { onSaved, onClose, reopen: (t: BalanceTarget | null) => rerender(ui(t)) };
}

jest.setTimeout(60_000);
beforeAll(() => registerUserMessages());
beforeEach(() => {
  setLocale('zh-CN');
  mockCall.mockReset();
  mockCall.mockImplementation(
    servedBy((contract, options) => {
      const body = options?.body as { operateMode: number; num: number };
      if (contract !== addBalanceCall && contract !== addIntegralCall) throw new Error(`unexpected call ${contract.path}`);
      const balance = contract === addBalanceCall;
      const has = balance ? Number(user.balance) : user.integral;
      if (body.operateMode === 2 && body.num > has) throw new Refusal(balance ? INSUFFICIENT : `num: 积分不足：该用户积分为 ${has}，少于 ${body.num}`);
      const change = body.operateMode === 2 ? -body.num : body.num;
      const show = (n: number) => (balance ? n.toFixed(2) : String(n));
      return { ledgerId: 1, userId: user.id, kind: balance ? 1 : 2, before: show(has), after: show(has + change), change: show(change), replayed: false };
    }),
  );
});

describe('BalanceModal', () => {
  it('adds to the balance: the balance call with mode 1, the amount, the remark and a key; says saved', async () => {
    const { onSaved } = renderModal({ user, kind: 'balance' });
    expect(within(dialog()).getByText('调整余额：ann')).toBeInTheDocument();
    expect(within(dialog()).getByText(/当前\s*:\s*5\.00/)).toBeInTheDocument();
    fireEvent.change(amount(), { target: { value: '2.5' } });
    fireEvent.change(within(dialog()).getByLabelText('备注'), { target: { value: 'top up' } });
    save();
    expect(await screen.findByText('已保存')).toBeInTheDocument();
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(sentBody(addBalanceCall)).toEqual({ id: 7, operateMode: 1, num: 2.5, remark: 'top up', idempotencyKey: expect.stringMatching(/^.{8,64}$/) });
    expect(callsOf(addIntegralCall)).toHaveLength(0);
  });

  it('deducts points: the points call with mode 2, shows the current points', async () => {
    const { onSaved } = renderModal({ user, kind: 'integral' });
    expect(within(dialog()).getByText('调整积分：ann')).toBeInTheDocument();
    expect(within(dialog()).getByText(/当前\s*:\s*30/)).toBeInTheDocument();
    fireEvent.click(within(dialog()).getByRole('radio', { name: '扣减' }));
    fireEvent.change(amount(), { target: { value: '12' } });
    save();
    expect(await screen.findByText('已保存')).toBeInTheDocument();
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(sentBody(addIntegralCall)).toMatchObject({ id: 7, operateMode: 2, num: 12, remark: '' });
    expect(callsOf(addBalanceCall)).toHaveLength(0);
  });

  it('deducts from the balance with mode 2 on the balance call', async () => {
    renderModal({ user, kind: 'balance' });
    fireEvent.click(within(dialog()).getByRole('radio', { name: '扣减' }));
    fireEvent.change(amount(), { target: { value: '1.25' } });
    save();
    expect(await screen.findByText('已保存')).toBeInTheDocument();
    expect(sentBody(addBalanceCall)).toMatchObject({ id: 7, operateMode: 2, num: 1.25 });
    expect(callsOf(addIntegralCall)).toHaveLength(0);
  });

  it('asks for an amount and sends nothing without one (nor with text that is no number)', async () => {
    const { onSaved } = renderModal({ user, kind: 'balance' });
    save();
    expect(await within(dialog()).findByText('请输入数量')).toBeInTheDocument();
    fireEvent.change(amount(), { target: { value: 'abc' } });
    // As in a browser, where pressing Save first takes the focus off the field.
    fireEvent.blur(amount());
    expect((amount() as HTMLInputElement).value).toBe('');
    save();
    await waitFor(() => expect(within(dialog()).getByText('请输入数量')).toBeInTheDocument());
    expect(mockCall).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it.each([
    ['integral', '0', '数量必须大于 0'],
    ['integral', '-3', '数量必须大于 0'],
    ['integral', '2.7', '数量必须是整数'],
    ['balance', '0', '数量必须大于 0'],
    ['balance', '1.234', '数量最多两位小数'],
  ] as const)('refuses a %s amount of %s with the rule (never changes it into another amount)', async (kind, typed, message) => {
    renderModal({ user, kind });
    fireEvent.change(amount(), { target: { value: typed } });
    // As in a browser, where pressing Save first takes the focus off the field.
    fireEvent.blur(amount());
    expect(Number((amount() as HTMLInputElement).value)).toBe(Number(typed));
    save();
    expect(await within(dialog()).findByText(message)).toBeInTheDocument();
    expect(mockCall).not.toHaveBeenCalled();
  });

  it("keeps the modal open with the amount when the server refuses an insufficient balance, and shows the server's message", async () => {
    const { onSaved } = renderModal({ user, kind: 'balance' });
    fireEvent.click(within(dialog()).getByRole('radio', { name: '扣减' }));
    fireEvent.change(amount(), { target: { value: '5.01' } });
    save();
    expect(await screen.findByText(INSUFFICIENT)).toBeInTheDocument();
    expect(sentBody(addBalanceCall)).toMatchObject({ operateMode: 2, num: 5.01 });
    expect(onSaved).not.toHaveBeenCalled();
    expect(within(dialog()).getByText('调整余额：ann')).toBeInTheDocument();
    expect((amount() as HTMLInputElement).value).toBe('5.01');
    expect(within(dialog()).getByRole('radio', { name: '扣减' })).toBeChecked();
    expect(screen.queryByText('已保存')).not.toBeInTheDocument();
  });

  it('sends the same idempotency key for every submit of one opening, and a new key on the next opening', async () => {
    const { reopen } = renderModal({ user, kind: 'balance' });
    fireEvent.click(within(dialog()).getByRole('radio', { name: '扣减' }));
    fireEvent.change(amount(), { target: { value: '5.01' } });
    save();
    await screen.findByText(INSUFFICIENT);
    fireEvent.change(amount(), { target: { value: '5' } });
    save();
    expect(await screen.findByText('已保存')).toBeInTheDocument();
    const [first, second] = callsOf(addBalanceCall).map(([, o]) => (o?.body as { idempotencyKey: string }).idempotencyKey);
    expect(first).toBeTruthy();
    expect(second).toBe(first);
    reopen(null);
    reopen({ user, kind: 'balance' });
    fireEvent.change(amount(), { target: { value: '1' } });
    save();
    await waitFor(() => expect(callsOf(addBalanceCall)).toHaveLength(3));
    expect((sentBody(addBalanceCall) as { idempotencyKey: string }).idempotencyKey).not.toBe(first);
  });
});
