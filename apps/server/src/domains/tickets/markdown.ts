import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

// Raw HTML in a comment is shown as text, never parsed; the sanitizer is the second wall behind that.
const md = new MarkdownIt({ html: false, linkify: true, breaks: true });

const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'strong',
  'em',
  's',
  'del',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

/**
 * A comment's markdown as the HTML stored beside it and sent to the page: no script, no event
 * handlers, no style, links only to http(s) and mail addresses, opened without a referrer or opener.
 */
export function renderComment(markdown: string): string {
  return sanitizeHtml(md.render(markdown), {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: ['href', 'title', 'rel', 'target'], th: ['align'], td: ['align'], ol: ['start'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }) },
    allowedSchemesAppliedToAttributes: ['href'],
  }).trim();
}
