import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { memberImportCall, type CallContract, type MemberImportError, type MemberImportRow } from '@uc/contracts';
import { call, setLocale } from '@uc/client';
import { AntdApiUi } from '@uc/ui';
import { ImportButton } from './import-button';
import { registerUserMessages } from './user-messages';
import { readXlsx, writeXlsx } from './xlsx-file';

// The API client's `call` runs against the fake server below.
jest.mock('@uc/client/api-client', () => ({ ...jest.requireActual('@uc/client/api-client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;

type Body = { rows: (Required<MemberImportRow> & { row: number })[]; initialPassword?: string };
let sent: Body[] = [];
/** Holds each answer until the test lets it go, so it can look at the dialog between parts. */
let gate: (() => Promise<void>) | undefined;
/** The server: a row whose user name starts with "bad" is refused for its phone number, the others imported. */
const answer = async (body: Body) => {
  sent.push(body);
  await gate?.();
  const errors: MemberImportError[] = body.rows
    .filter((r) => r.username.startsWith('bad'))
    .map((r) => ({ row: r.row, field: 'mobile', message: '手机号格式错误！' }));
  return { imported: body.rows.length - errors.length, errors };
};

/** What the page downloaded last: its name and bytes. */
let downloaded: { name: string; bytes: Promise<Uint8Array> } | undefined;
const blobBytes = (blob: Blob) =>
  new Promise<Uint8Array>((ok) => {
    const reader = new FileReader();
    reader.onload = () => ok(new Uint8Array(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });

jest.setTimeout(60_000);
beforeAll(() => registerUserMessages());
beforeEach(() => {
  setLocale('zh-CN');
  sent = [];
  gate = undefined;
  downloaded = undefined;
  let blob: Blob | undefined;
  URL.createObjectURL = jest.fn((b: Blob) => ((blob = b), 'blob:import'));
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloaded = { name: this.download, bytes: blobBytes(blob!) };
  });
  mockCall.mockImplementation(((contract: CallContract, options?: { body?: unknown }) => {
    if (contract !== memberImportCall) throw new Error(`unexpected call ${contract.path}`);
    return answer(options!.body as Body);
  }) as typeof call);
});
afterEach(() => jest.restoreAllMocks());

const users = (n: number, bad: number[]) =>
  Array.from({ length: n }, (_, i) => [bad.includes(i) ? `bad${i}` : `user${i}`, `用户${i}`, `138${String(i).padStart(8, '0')}`, '', '研发部']);

async function openDialog(onImported = jest.fn()) {
  render(
    <App>
      <AntdApiUi />
      <ImportButton onImported={onImported} />
    </App>,
  );
  fireEvent.click(screen.getByRole('button', { name: /导\s*入/ }));
  const dialog = (await screen.findByText('导入用户', { selector: '.ant-modal-title' })).closest<HTMLElement>('[role="dialog"]')!;
  return { dialog, onImported };
}
const upload = (dialog: HTMLElement, file: File) => fireEvent.change(dialog.querySelector('input[type=file]')!, { target: { files: [file] } });
const xlsxFile = (rows: string[][]) =>
  new File([writeXlsx([{ name: '用户', rows: [['用户名*', '真实姓名*', '手机号*', '密码', '部门'], ...rows] }]) as BlobPart], 'users.xlsx');

describe('the user import dialog', () => {
  it('downloads the template: an xlsx whose header is in the reader’s language', async () => {
    const { dialog } = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: /下载模板/ }));
    await waitFor(() => expect(downloaded?.name).toBe('用户导入模板.xlsx'));
    expect(readXlsx(await downloaded!.bytes)[0]!.cells).toEqual(['用户名*', '真实姓名*', '手机号*', '邮箱', '部门', '岗位', '性别', '状态', '密码', '备注']);
  });

  it('imports an xlsx file part by part with the initial password, lists the refused rows with why, and downloads them', async () => {
    const { dialog, onImported } = await openDialog();
    upload(dialog, xlsxFile(users(120, [3, 77])));
    await within(dialog).findByText('users.xlsx：120 行');
    fireEvent.click(within(dialog).getByRole('button', { name: '开始导入' }));
    await within(dialog).findByText('有 120 行没有填写密码：请设置初始密码');
    expect(sent).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('初始密码'), { target: { value: 'first-Import-pass' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '开始导入' }));

    await within(dialog).findByText('已导入 118 个用户，2 行未导入');
    expect(sent.map((b) => b.rows.length)).toEqual([50, 50, 20]);
    expect(sent.every((b) => b.initialPassword === 'first-Import-pass')).toBe(true);
    expect(sent[0]!.rows[0]).toEqual(
      expect.objectContaining({ row: 2, username: 'user0', realName: '用户0', mobile: '13800000000', dept: '研发部', password: '' }),
    );
    expect(within(dialog).getByText('已处理 120 / 120 行：已导入 118，未导入 2')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    const table = within(dialog).getByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['行号列原因', '5手机号手机号格式错误！', '79手机号手机号格式错误！']);
    expect(onImported).toHaveBeenCalledTimes(1);

    fireEvent.click(within(dialog).getByRole('button', { name: /下载未导入的行/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Excel（xlsx）' }));
    await waitFor(() => expect(downloaded?.name).toBe('未导入的用户.xlsx'));
    expect(readXlsx(await downloaded!.bytes).map((r) => [r.cells[0], r.cells[1], r.cells.at(-2), r.cells.at(-1)])).toEqual([
      ['行号', '用户名*', '列', '原因'],
      ['5', 'bad3', '手机号', '手机号格式错误！'],
      ['79', 'bad77', '手机号', '手机号格式错误！'],
    ]);
  });

  it('refuses a file without the required columns, naming them', async () => {
    const { dialog } = await openDialog();
    upload(dialog, new File(['用户名,邮箱\nann,a@example.com\n'], 'users.csv', { type: 'text/csv' }));
    await within(dialog).findByText('文件缺少这些列：真实姓名、手机号。请使用模板，保留第一行的表头');
    expect(within(dialog).getByRole('button', { name: '开始导入' })).toBeDisabled();
  });

  it('shows the progress of the whole file while it runs and stops when cancelled; the rows not sent are listed', async () => {
    const { dialog } = await openDialog();
    const lines = users(200, []).map((r) => [...r.slice(0, 3), 'own-password-1'].join(','));
    upload(dialog, new File([`用户名,真实姓名,手机号,密码\n${lines.join('\n')}\n`], 'users.csv', { type: 'text/csv' }));
    await within(dialog).findByText('users.csv：200 行');
    let release: () => void = () => undefined;
    gate = () => new Promise<void>((ok) => (release = ok));
    fireEvent.click(within(dialog).getByRole('button', { name: '开始导入' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    release();
    await within(dialog).findByText('已处理 50 / 200 行：已导入 50，未导入 0');
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    fireEvent.click(within(dialog).getByRole('button', { name: '取消导入' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    release();
    await within(dialog).findByText('导入已取消：已导入 100 个用户，100 行未处理');
    expect(sent).toHaveLength(2);
    expect(sent.every((b) => b.initialPassword === undefined)).toBe(true);
    expect(within(dialog).getAllByText('未导入：导入已取消').length).toBeGreaterThan(0);
  });
});
