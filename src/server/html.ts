/**
 * Server-rendered HTML: `escapeHtml`, the one escape of every server page and mail (preview,
 * published pages, GST documents, payments, mail, the register); and, for pages without script
 * (the guest register's form, the printable register), a page whose one inline style block is
 * allowed by its hash in the page's own Content-Security-Policy (nothing else loads; forms post
 * to this site only); and `compressHtml`, the one compression of HTML rendered per request.
 */
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

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

/** Whether an Accept-Encoding value accepts a coding with a non-zero q (RFC 9110 §12.5.3). */
export function acceptsCoding(name: string): RegExp {
  return new RegExp(`(^|,)\\s*${name}\\s*(;\\s*q=(?!0(\\.0*)?\\s*(,|$))[0-9.]+)?\\s*(,|$)`, 'i');
}
const ACCEPTS_BR = acceptsCoding('br');
const ACCEPTS_GZIP = acceptsCoding('gzip');
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/**
 * Brotli quality of pages rendered per request: 5 takes ~1 ms for a 40 KB page and gives ~90 % of
 * quality 11's saving (published pages, rendered once, are precompressed at 11: precompress.ts).
 */
const BROTLI_QUALITY = 5;
/** Below this, a compressed body would not save a packet. */
const MIN_COMPRESS_BYTES = 1024;

/**
 * Fastify `onSend` hook (PERF-8): an HTML answer rendered per request (the guest's booking page,
 * the GST documents, the register's pages, previews, notices) is sent brotli-compressed when the
 * client accepts `br`, else gzip when it accepts `gzip` (q=0 honoured), with `Vary:
 * Accept-Encoding`, so that it fits the first round trip as published pages do. Answers already
 * encoded (published pages and their precompressed twins), streams, bodies under 1 KB and other
 * types pass unchanged.
 */
export async function compressHtml(
  req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
  if (reply.getHeader('content-encoding') !== undefined) return payload;
  const body = Buffer.from(payload);
  if (body.length < MIN_COMPRESS_BYTES) return payload;
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/accept-encoding/i.test(vary))
    reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  const accept = req.headers['accept-encoding'] ?? '';
  const coding = ACCEPTS_BR.test(accept) ? 'br' : ACCEPTS_GZIP.test(accept) ? 'gzip' : undefined;
  if (!coding) return payload;
  reply.header('content-encoding', coding);
  reply.removeHeader('content-length');
  return coding === 'br'
    ? brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzip(body);
}
