import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { iconListCall } from '@uc/contracts';
import { call, setLocale } from '@uc/client';
import { answering } from '@uc/testing';
import { registerPermissionMessages } from '../../locales';
import { IconSelectModal } from './icon-select-modal';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), call: jest.fn() }));
const mockCall = call as jest.MockedFunction<typeof call>;
const icons = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: from + i, font_class: `glyph-${from + i}-outlined` }));

beforeAll(() => registerPermissionMessages());
beforeEach(() => {
  setLocale('zh-CN');
  mockCall.mockReset();
  mockCall.mockImplementation(
    answering((_c, o) => {
      const q = (o as { query: { page: number; name?: string } }).query;
      if (q.name) return { list: [{ id: 7, font_class: 'home-outlined' }], page: 1, pageSize: 40, total: 1, totalExact: true, next: null };
      return { list: icons((q.page - 1) * 40 + 1, 40), page: q.page, pageSize: 40, total: 85, totalExact: true, next: q.page < 3 ? `c${q.page}` : null };
    }),
  );
});

const queryOf = (i: number) => (mockCall.mock.calls[i]?.[1] as { query: Record<string, unknown> }).query;

describe('IconSelectModal', () => {
  it('pages 40 icons from page 1, filters by name and submits only a chosen icon', async () => {
    const onSubmit = jest.fn();
    render(<IconSelectModal open onSubmit={onSubmit} onCancel={() => undefined} />);
    expect(await screen.findByRole('option', { name: 'glyph-1-outlined' })).toBeInTheDocument();
    expect(mockCall.mock.calls[0]?.[0]).toBe(iconListCall);
    expect(queryOf(0)).toEqual({ page: 1, pageSize: 40 });
    expect(screen.getAllByRole('option')).toHaveLength(40);
    expect(document.querySelector('.ant-modal-container, .ant-modal-content')?.closest('.ant-modal')).toHaveStyle({ width: '930px' });

    const submit = screen.getByRole('button', { name: /提\s*交/ });
    expect(submit).toBeDisabled();
    expect(screen.getByRole('button', { name: /取\s*消/ })).toBeInTheDocument();

    fireEvent.click(screen.getByTitle('2'));
    await screen.findByRole('option', { name: 'glyph-41-outlined' });
    expect(queryOf(mockCall.mock.calls.length - 1)).toEqual({ page: 2, pageSize: 40 });

    // Filtered as it is typed: no Enter, no click on the search button.
    const filter = screen.getByPlaceholderText('按名称筛选');
    fireEvent.change(filter, { target: { value: 'home' } });
    fireEvent.click(await screen.findByRole('option', { name: 'home-outlined' }));
    expect(screen.getAllByRole('option')).toHaveLength(1);
    expect(queryOf(mockCall.mock.calls.length - 1)).toEqual({ page: 1, pageSize: 40, name: 'home' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledWith('icon-home-outlined');
  });

  it('follows the typed name back to every icon, and opens again unfiltered', async () => {
    const { rerender } = render(<IconSelectModal open onSubmit={() => undefined} onCancel={() => undefined} />);
    await screen.findByRole('option', { name: 'glyph-1-outlined' });
    const filter = screen.getByPlaceholderText('按名称筛选');
    fireEvent.change(filter, { target: { value: 'home' } });
    await screen.findByRole('option', { name: 'home-outlined' });
    fireEvent.change(filter, { target: { value: '' } });
    await screen.findByRole('option', { name: 'glyph-1-outlined' });
    expect(queryOf(mockCall.mock.calls.length - 1)).toEqual({ page: 1, pageSize: 40 });

    fireEvent.change(filter, { target: { value: 'home' } });
    await screen.findByRole('option', { name: 'home-outlined' });
    rerender(<IconSelectModal open={false} onSubmit={() => undefined} onCancel={() => undefined} />);
    rerender(<IconSelectModal open onSubmit={() => undefined} onCancel={() => undefined} />);
    await screen.findByRole('option', { name: 'glyph-1-outlined' });
    expect(queryOf(mockCall.mock.calls.length - 1)).toEqual({ page: 1, pageSize: 40 });
  });
});
