import { BoldOutlined, ItalicOutlined, LinkOutlined, LoadingOutlined, OrderedListOutlined, PictureOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Popover, Segmented, Tooltip, Typography, Upload } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { uploadImageCall } from '@uc/contracts';
import { uploadImage, useCan, useT } from '@uc/client';

interface HtmlEditorProps {
  /** Set by Form.Item, so the field's label names the text area. */
  id?: string;
  value?: string;
  onChange?: (html: string) => void;
  disabled?: boolean;
}

type Mode = 'edit' | 'preview';
type Range = [start: number, end: number];

/** Text that goes into an attribute or an element of the HTML being written. */
export const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** What a link may point at: a web or mail address, or a page of this site. The server's sanitiser drops anything else. */
export const LINK_PATTERN = /^(https?:\/\/|mailto:|\/)\S+$/i;

// The preview runs in a sandboxed frame without scripts: what is typed here has not been through the
// server's sanitiser yet, so it must not run in the console's page.
const PREVIEW_STYLE =
  '<style>body{font:14px/1.75 -apple-system,BlinkMacSystemFont,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;margin:12px;color:rgba(0,0,0,.88);overflow-wrap:anywhere}img{max-width:100%;height:auto}</style>';

/**
 * The content of a notice, written as HTML: a text area with buttons that wrap the selection in bold,
 * italic, a link or a list, or insert an uploaded picture, and a preview of the result. Deliberately
 * not a rich-text editor (no heavy dependency in the remote); the server sanitises what is saved.
 */
export function HtmlEditor({ id, value = '', onChange, disabled }: HtmlEditorProps) {
  const t = useT();
  const can = useCan();
  const [mode, setMode] = useState<Mode>('edit');
  const [uploading, setUploading] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  const [link, setLink] = useState('');
  const area = useRef<TextAreaRef>(null);
  // The selection as it was when a button was pressed (a popover or a file dialog takes the focus away).
  const selection = useRef<Range>([value.length, value.length]);
  const restore = useRef<Range | null>(null);

  const textArea = () => area.current?.resizableTextArea?.textArea;
  const remember = () => {
    const el = textArea();
    if (el) selection.current = [el.selectionStart, el.selectionEnd];
  };
  // After an edit, select what was inserted, so the next button applies to it and typing replaces it.
  useLayoutEffect(() => {
    const el = textArea();
    if (!restore.current || !el) return;
    el.focus();
    el.setSelectionRange(...restore.current);
    selection.current = restore.current;
    restore.current = null;
  });

  /** Replaces the selection by `before + inner + after`, selecting `inner` afterwards. */
  const insert = (before: string, inner: string, after: string) => {
    const [start, end] = selection.current.map((n) => Math.min(n, value.length)) as Range;
    onChange?.(value.slice(0, start) + before + inner + after + value.slice(end));
    restore.current = [start + before.length, start + before.length + inner.length];
  };
  const selected = () => {
    const [start, end] = selection.current;
    return value.slice(start, end);
  };
  const wrap = (tag: string, placeholder: string) => insert(`<${tag}>`, selected() || placeholder, `</${tag}>`);
  const list = (tag: 'ul' | 'ol') => {
    const lines = (selected() || t('home.notice.editor.listItem')).split('\n').filter((line) => line.trim() !== '');
    insert(`<${tag}>\n`, lines.map((line) => `  <li>${line.trim()}</li>`).join('\n'), `\n</${tag}>`);
  };
  const linkValid = LINK_PATTERN.test(link.trim());
  const insertLink = () => {
    if (!linkValid) return;
    const href = link.trim();
    insert(`<a href="${escapeHtml(href)}">`, selected() || escapeHtml(href), '</a>');
    setLinkOpen(false);
    setLink('');
  };

  // The buttons edit the text area's selection: there is none while the preview shows.
  const locked = disabled || mode === 'preview';
  const tool = (label: string, icon: ReactNode, onClick?: () => void) => (
    <Tooltip title={label}>
      <Button size="small" type="text" icon={icon} aria-label={label} disabled={locked} onMouseDown={remember} onClick={onClick} />
    </Tooltip>
  );

  const linkForm = (
    <Flex vertical gap={8} style={{ width: 300 }}>
      <Input
        autoFocus
        aria-label={t('home.notice.editor.linkAddress')}
        placeholder="https://"
        value={link}
        status={link && !linkValid ? 'error' : undefined}
        onChange={(e) => setLink(e.target.value)}
        onPressEnter={insertLink}
      />
      {link && !linkValid && <Typography.Text type="danger">{t('home.notice.editor.linkRule')}</Typography.Text>}
      <Button type="primary" size="small" disabled={!linkValid} onClick={insertLink}>
        {t('home.notice.editor.insertLink')}
      </Button>
    </Flex>
  );

  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Flex gap={2} role="toolbar" aria-label={t('home.notice.editor.toolbar')}>
          {tool(t('home.notice.editor.bold'), <BoldOutlined />, () => wrap('strong', t('home.notice.editor.boldText')))}
          {tool(t('home.notice.editor.italic'), <ItalicOutlined />, () => wrap('em', t('home.notice.editor.italicText')))}
          <Popover open={linkOpen && !locked} onOpenChange={setLinkOpen} trigger="click" content={linkForm} title={t('home.notice.editor.link')}>
            {/* The popover's trigger: the tooltip would take its child's events. */}
            <Button size="small" type="text" icon={<LinkOutlined />} aria-label={t('home.notice.editor.link')} disabled={locked} onMouseDown={remember} />
          </Popover>
          {tool(t('home.notice.editor.bulletList'), <UnorderedListOutlined />, () => list('ul'))}
          {tool(t('home.notice.editor.numberedList'), <OrderedListOutlined />, () => list('ol'))}
          {can(uploadImageCall) && (
            <Upload
              accept="image/png,image/jpeg,image/gif,image/webp"
              showUploadList={false}
              disabled={locked || uploading}
              customRequest={({ file, onSuccess, onError }) => {
                setUploading(true);
                // The sender's own tenant's upload, as the notice itself is (readers elsewhere get copies of it).
                uploadImage(file as File, 'public')
                  .then((r) => {
                    insert(`<img src="${escapeHtml(r.url)}" alt="${escapeHtml(r.name)}" />`, '', '');
                    onSuccess?.(r);
                  })
                  .catch((e: Error) => onError?.(e)) // the API client has shown why
                  .finally(() => setUploading(false));
              }}
            >
              {tool(t('home.notice.editor.image'), uploading ? <LoadingOutlined /> : <PictureOutlined />)}
            </Upload>
          )}
        </Flex>
        <Segmented<Mode>
          size="small"
          value={mode}
          onChange={setMode}
          options={[
            { value: 'edit', label: t('home.notice.editor.edit') },
            { value: 'preview', label: t('home.notice.editor.preview') },
          ]}
        />
      </Flex>
      {mode === 'edit' ? (
        <Input.TextArea
          id={id}
          ref={area}
          value={value}
          disabled={disabled}
          autoSize={{ minRows: 8, maxRows: 24 }}
          style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}
          placeholder={t('home.notice.editor.placeholder')}
          onChange={(e) => onChange?.(e.target.value)}
          onSelect={remember}
          onBlur={remember}
        />
      ) : (
        <iframe
          title={t('home.notice.editor.preview')}
          sandbox=""
          srcDoc={`<!doctype html><meta charset="utf-8">${PREVIEW_STYLE}${value}`}
          style={{ width: '100%', minHeight: 240, border: '1px solid rgba(5,5,5,0.12)', borderRadius: 6 }}
        />
      )}
    </Flex>
  );
}
