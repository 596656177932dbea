import sanitizeHtml from 'sanitize-html';

/*
 * A notice's content is rich text from an editor, shown to every reader as HTML: it is cleaned once,
 * when saved, to an allow-list of structure and inline formatting. No attribute that can carry script
 * or style survives (no on*, style, class, id); links keep http(s) and mailto only and open in a new tab
 * without the opener; images only from http(s) or this server (uploads are relative addresses).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'pre',
    'code',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'sub',
    'sup',
    'span',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // What is dropped goes with its content for script-like elements, and keeps its text otherwise.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object', 'embed', 'svg', 'math'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
    // An image's size survives only as a plain number of pixels.
    img: (tagName, attribs) => ({
      tagName,
      attribs: Object.fromEntries(Object.entries(attribs).filter(([name, value]) => (name !== 'width' && name !== 'height') || /^\d{1,4}$/.test(value))),
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

const SUMMARY_LENGTH = 200;

/** The content to keep, and its plain text cut short for lists and keyword search. */
export function cleanContent(html: string): { content: string; summary: string } {
  const content = sanitizeHtml(html, OPTIONS).trim();
  const text = sanitizeHtml(content, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return { content, summary: text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH - 1)}…` : text };
}
