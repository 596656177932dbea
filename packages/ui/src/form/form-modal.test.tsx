import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { ApiError, handleApiError, setApiUi, setLocale, type ApiUi } from '@uc/client';
import { FormDrawer } from './form-drawer';
import { FormModal } from './form-modal';

interface Values {
  name: string;
}

function Harness({ onSubmit, kind }: { onSubmit: (v: Values) => Promise<string>; kind: 'modal' | 'drawer' }) {
  const [form] = Form.useForm<Values>();
  const [open, setOpen] = useState(true);
  const [saved, setSaved] = useState('');
  const Shell = kind === 'modal' ? FormModal : FormDrawer;
  return (
    <>
      <p>saved: {saved}</p>
      <button onClick={() => setOpen(true)}>reopen</button>
      <Shell
        open={open}
        title="Edit"
        name="thing"
        form={form}
        values={{ name: 'first' }}
        onSubmit={onSubmit}
        onSaved={(r: string) => {
          setSaved(r);
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      >
        <Form.Item name="name" label="Name" rules={[{ required: true, message: 'name is needed' }]}>
          <Input />
        </Form.Item>
      </Shell>
    </>
  );
}

const save = () => fireEvent.click(screen.getByRole('button', { name: /Save|保\s*存/ }));

describe.each(['modal', 'drawer'] as const)('the form %s', (kind) => {
  beforeAll(() => setLocale('en-US'));

  it('fills the values on open, validates, submits and calls onSaved with the answer', async () => {
    const onSubmit = jest.fn(async (v: Values) => `ok ${v.name}`);
    render(<Harness onSubmit={onSubmit} kind={kind} />);
    const input = (await screen.findByLabelText('Name')) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('first'));
    fireEvent.change(input, { target: { value: '' } });
    save();
    await screen.findByText('name is needed');
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'second' } });
    save();
    await screen.findByText('saved: ok second');
    expect(onSubmit).toHaveBeenCalledWith({ name: 'second' });
  });

  it('stays open with what the user typed when the call is refused, and refills on the next opening', async () => {
    let refuse = true;
    const onSubmit = jest.fn(async (v: Values) => {
      if (refuse) throw new Error('refused');
      return v.name;
    });
    render(<Harness onSubmit={onSubmit} kind={kind} />);
    const input = (await screen.findByLabelText('Name')) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('first'));
    fireEvent.change(input, { target: { value: 'typed' } });
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(input.value).toBe('typed');
    expect(screen.getByText('saved:')).toBeInTheDocument();
    refuse = false;
    save();
    await screen.findByText('saved: typed');
    await act(async () => fireEvent.click(screen.getByText('reopen')));
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('first'));
  });
});

describe('a refusal about a field', () => {
  beforeAll(() => setLocale('zh-CN'));
  let ui: jest.Mocked<ApiUi>;
  beforeEach(() => {
    ui = { success: jest.fn(), warn: jest.fn(), error: jest.fn(), notify: jest.fn(), confirm: jest.fn(), alert: jest.fn() };
    setApiUi(ui);
  });
  afterAll(() => setApiUi(null));
  // The API client's toast of a refusal about fields waits for the form's handler, to the next task.
  const afterTheToastsTurn = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

  function Codes({ refusal, refusalFields }: { refusal: ApiError; refusalFields?: Record<string, string> }) {
    const [form] = Form.useForm<{ code: string; name: string }>();
    return (
      <FormModal
        open
        title="部门"
        name="dept"
        form={form}
        values={{ code: 'dup', name: 'A' }}
        onSubmit={() => {
          // What the API client does with a refused call: hands it to its error handler, then rejects.
          handleApiError(refusal);
          return Promise.reject(refusal);
        }}
        onSaved={() => undefined}
        onClose={() => undefined}
        refusalFields={refusalFields}
      >
        <Form.Item name="deptCode" label="编码">
          <Input />
        </Form.Item>
        <Form.Item name="code" label="部门编码">
          <Input />
        </Form.Item>
        <Form.Item name="name" label="部门名称">
          <Input />
        </Form.Item>
      </FormModal>
    );
  }
  const refused = (field: string) =>
    new ApiError('部门编码“dup”已被其他部门使用，请换一个', 'business', -1, 409, { fields: [{ field, message: '部门编码“dup”已被其他部门使用，请换一个' }] });
  const itemOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item')!;

  it('shows the sentence under the field the server names, and the field is marked as wrong', async () => {
    render(<Codes refusal={refused('code')} />);
    await waitFor(() => expect((screen.getByLabelText('部门编码') as HTMLInputElement).value).toBe('dup'));
    save();
    await waitFor(() => expect(within(itemOf('部门编码') as HTMLElement).getByText('部门编码“dup”已被其他部门使用，请换一个')).toBeInTheDocument());
    expect(itemOf('部门编码')).toHaveClass('ant-form-item-has-error');
    expect(itemOf('部门名称')).not.toHaveClass('ant-form-item-has-error');
    // Under the field only: not in a toast as well.
    await afterTheToastsTurn();
    expect(ui.error).not.toHaveBeenCalled();
    // Typing in the field checks it again by its own rules: the server's sentence goes.
    fireEvent.change(screen.getByLabelText('部门编码'), { target: { value: 'other' } });
    await waitFor(() => expect(itemOf('部门编码')).not.toHaveClass('ant-form-item-has-error'));
  });

  it('maps a field of the request to the form field of another name', async () => {
    render(<Codes refusal={refused('code')} refusalFields={{ code: 'deptCode' }} />);
    await waitFor(() => expect((screen.getByLabelText('部门编码') as HTMLInputElement).value).toBe('dup'));
    save();
    await waitFor(() => expect(itemOf('编码')).toHaveClass('ant-form-item-has-error'));
    expect(itemOf('部门编码')).not.toHaveClass('ant-form-item-has-error');
  });

  it('leaves a field the form does not have to the toast', async () => {
    render(<Codes refusal={refused('parentId')} />);
    await waitFor(() => expect((screen.getByLabelText('部门编码') as HTMLInputElement).value).toBe('dup'));
    save();
    await waitFor(() => expect(screen.getByRole('button', { name: /保\s*存/ })).not.toHaveClass('ant-btn-loading'));
    expect(document.querySelectorAll('.ant-form-item-has-error')).toHaveLength(0);
    await afterTheToastsTurn();
    expect(ui.error).toHaveBeenCalledWith('部门编码“dup”已被其他部门使用，请换一个');
  });
});
