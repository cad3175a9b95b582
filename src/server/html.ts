/**
 * Server-rendered HTML: `escapeHtml`, the one escape of every server page and mail (preview,
 * published pages, GST documents, payments, mail, the register); and, for pages without script
 * (the guest register's form, the printable register), a page whose one inline style block is
 * allowed by its hash in the page's own Content-Security-Policy (nothing else loads; forms post
 * to this site only).
 */
import crypto from 'node:crypto';

/** Text made safe for HTML content and double- or single-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The Content-Security-Policy of a page whose only resource is the inline `style`. */
export function pageCsp(style: string, forms: boolean): string {
  return [
    "default-src 'none'",
    `style-src 'sha256-${crypto.createHash('sha256').update(style).digest('base64')}'`,
    "base-uri 'none'",
    `form-action ${forms ? "'self'" : "'none'"}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A whole page: `title` (text) and `body` (HTML), `noindex`, in Indian English. */
export function pageHtml(title: string, style: string, body: string): string {
  return `<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
${body}
</body>
</html>
`;
}
