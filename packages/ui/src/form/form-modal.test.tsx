import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { setLocale } from '@uc/client';
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

const save = () => fireEvent.click(screen.getByRole('button', { name: /Save/ }));

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
