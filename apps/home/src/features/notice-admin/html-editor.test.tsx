import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { uploadImageCall } from '@uc/contracts';
import { setLocale, useSession } from '@uc/client';
import { testUser } from '@uc/testing';
import { registerHomeMessages } from '../../locales';
import { escapeHtml, HtmlEditor } from './html-editor';

function Editor({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <HtmlEditor id="content" value={value} onChange={setValue} />
      <output aria-label="html">{value}</output>
    </>
  );
}

const area = () => document.getElementById('content') as HTMLTextAreaElement;
/** Selects [start, end) of the text area, as a user dragging over it would, then presses a toolbar button. */
const press = (label: string, start: number, end: number) => {
  act(() => area().setSelectionRange(start, end));
  fireEvent.select(area());
  fireEvent.mouseDown(screen.getByLabelText(label));
  fireEvent.click(screen.getByLabelText(label));
};
const html = () => screen.getByLabelText('html').textContent;

beforeAll(() => registerHomeMessages());
beforeEach(() => {
  setLocale('zh-CN');
  useSession.setState({ status: 'ready', currentUser: testUser({ isSuperAdmin: false, tenantId: 3, permissions: [] }) });
});

describe('HtmlEditor', () => {
  it('wraps the selection in bold and italic, and turns selected lines into a list', () => {
    render(<Editor initial={'Tonight at 22:00\nfirst\nsecond'} />);
    press('加粗', 11, 16);
    expect(html()).toBe('Tonight at <strong>22:00</strong>\nfirst\nsecond');
    // What was wrapped stays selected.
    expect(area().value.slice(area().selectionStart, area().selectionEnd)).toBe('22:00');
    press('斜体', 0, 7);
    expect(html()).toBe('<em>Tonight</em> at <strong>22:00</strong>\nfirst\nsecond');
    const start = html()!.indexOf('first');
    press('无序列表', start, html()!.length);
    expect(html()).toBe('<em>Tonight</em> at <strong>22:00</strong>\n<ul>\n  <li>first</li>\n  <li>second</li>\n</ul>');
  });

  it('inserts a link to a web address only, escaped', () => {
    render(<Editor initial="See the docs" />);
    press('插入链接', 8, 12);
    const address = screen.getByLabelText('链接地址');
    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } });
    expect(screen.getByText('链接须以 http://、https://、mailto: 或 / 开头')).toBeInTheDocument();
    fireEvent.change(address, { target: { value: 'https://example.com/?a=1&b="2"' } });
    fireEvent.keyDown(address, { key: 'Enter', keyCode: 13 });
    expect(html()).toBe('See the <a href="https://example.com/?a=1&amp;b=&quot;2&quot;">docs</a>');
  });

  it('previews the HTML in a frame that runs no script, and offers uploads only to whom may upload', () => {
    const { unmount } = render(<Editor initial={'<p>Hello</p><img src="x" onerror="alert(1)">'} />);
    expect(screen.queryByLabelText('上传图片（PNG、JPEG、GIF、WebP，不超过 2M）')).toBeNull();
    fireEvent.click(screen.getByText('预览'));
    const frame = document.querySelector('iframe')!;
    expect(frame).toHaveAttribute('title', '预览');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<p>Hello</p>');
    expect(screen.getByLabelText('加粗')).toBeDisabled();
    unmount();

    useSession.setState({ status: 'ready', currentUser: testUser({ isSuperAdmin: false, tenantId: 3, permissions: [uploadImageCall.path] }) });
    render(<Editor initial="" />);
    expect(screen.getByLabelText('上传图片（PNG、JPEG、GIF、WebP，不超过 2M）')).toBeInTheDocument();
  });

  it('escapes text for HTML attributes and elements', () => {
    expect(escapeHtml('a<b>&"c"')).toBe('a&lt;b&gt;&amp;&quot;c&quot;');
  });
});
