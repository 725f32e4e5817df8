import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * The portal's one markdown dialect (ticket comments, release notes): raw HTML is shown as text, never parsed;
 * the sanitizer is the second wall behind that. The PDF writers parse with the same instance.
 */
export const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true });

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
 * Markdown as the HTML stored beside it or sent to the page: no script, no event
 * handlers, no style, links only to http(s) and mail addresses, opened without a referrer or opener.
 */
export function renderMarkdown(text: string): string {
  return sanitizeHtml(markdown.render(text), {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: ['href', 'title', 'rel', 'target'], th: ['align'], td: ['align'], ol: ['start'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }) },
    allowedSchemesAppliedToAttributes: ['href'],
  }).trim();
}
