import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/*
 * An entry's content is markdown, kept as written: an administrator's text or a plugin's changelog,
 * and markdown passes raw HTML through. So it is rendered here and the HTML sanitised before any
 * client sees it: what survives is an allow-list of formatting tags and attributes; script, style,
 * iframe, form, event handlers, style attributes and javascript:/data: URLs never do.
 */

// One instance of its own: a marked.use() elsewhere in the server cannot change how logs render.
const markdown = new Marked({ gfm: true, breaks: false, async: false });

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'del', 'input'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    code: ['class'],
    ol: ['start'],
    th: ['align'],
    td: ['align'],
    // GitHub task lists ("- [x] done") render as checkboxes, always read-only.
    input: ['type', 'checked', 'disabled'],
  },
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  transformTags: {
    // A link leaves the console in a new tab, which gets no handle on it.
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
    input: sanitizeHtml.simpleTransform('input', { disabled: '' }),
  },
  exclusiveFilter: (frame) => frame.tag === 'input' && frame.attribs.type !== 'checkbox',
};

/** The sanitised HTML of an entry's markdown: safe to put into a page as it is. */
export function renderUpgradeContent(content: string): string {
  if (content === '') return '';
  return sanitizeHtml(markdown.parse(content) as string, OPTIONS);
}
