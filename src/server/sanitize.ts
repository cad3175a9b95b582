/**
 * The property description is inserted into pages as HTML (PROP-7), so it is cleaned on import
 * (OWASP XSS Prevention Cheat Sheet, rule 6: sanitise HTML with a library built for it).
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'b',
    'i',
    'em',
    'strong',
    'u',
    'br',
    'p',
    'ul',
    'ol',
    'li',
    'a',
    'h2',
    'h3',
    'h4',
    'blockquote',
  ],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Content of these is code or markup, not text to keep.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
  ],
};

/**
 * Description HTML → safe HTML: only b i em strong u br p ul ol li h2-h4 blockquote and a[href]
 * with an http, https, mailto or tel URL survive; scripts, styles, event handlers and
 * `javascript:` URLs are removed. Idempotent: cleaning clean HTML returns it unchanged.
 */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
