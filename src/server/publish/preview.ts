/**
 * SAF-2: the site as it was at a stored revision, rendered on request for the owner and never
 * published. Pages come from the same SSR entry and HTML template as the publisher
 * (publisher.ts), so a preview looks like the published page did, with these differences:
 * - a visible banner says it is a preview of revision N and links back to the live site;
 * - `<meta name="robots" content="noindex, nofollow">` replaces any robots tag (the route adds
 *   X-Robots-Tag too): a preview must never be indexed;
 * - no script runs (the app is not loaded, so the owner's tools cannot edit an old revision by
 *   mistake); carousel photos that wait for the app are shown at once instead;
 * - links to the home page and to property pages stay inside the preview of the same revision.
 */
import { formatInstant } from '../../shared/instants.js';
import type { AppContext } from '../context.js';
import type { RevisionRow } from '../store/revisions.js';
import { readTemplate, withoutScripts } from './client-build.js';
import { loadSsr, pageDataOf } from './render.js';
import { PROPERTY_PREFIX, previewPath } from '../../shared/routes.js';
import { escapeHtml } from '../html.js';

/** Styles of the banner and what replaces the app for carousel photos (no script in a preview). */
const PREVIEW_STYLE =
  '<style>[data-deferred] img{display:block!important}' +
  '.preview-banner{position:sticky;top:0;z-index:50;display:flex;flex-wrap:wrap;gap:4px 16px;' +
  'align-items:center;justify-content:center;padding:8px 16px;background:#7a3e00;color:#fff;' +
  'font-size:.95rem;font-weight:600;text-align:center}.preview-banner a{color:#fff}</style>';

/**
 * The preview page of `revision` at `pagePath` ("/" or "/stay/{percent-encoded id}"): status 404
 * with the not-found page for a property that revision does not have. Throws when the client or
 * SSR build is missing.
 */
export async function renderPreview(
  ctx: Omit<AppContext, 'publisher'>,
  revision: RevisionRow,
  pagePath: string,
): Promise<{ status: 200 | 404; html: string }> {
  const ssr = await loadSsr();
  const template = withoutScripts(await readTemplate());
  const data = pageDataOf(ctx, revision.data, revision.createdAt);
  const page = ssr.render(pagePath, data);

  const home = previewPath(revision.id);
  const body = page.html
    .replace(/href="\/"/g, `href="${home}"`)
    .replaceAll(`href="${PROPERTY_PREFIX}`, `href="${previewPath(revision.id, PROPERTY_PREFIX)}`);
  const head =
    page.head.replace(/<meta name="robots"[^>]*>/g, '') +
    '<meta name="robots" content="noindex, nofollow">' +
    PREVIEW_STYLE;
  const when = formatInstant(revision.createdAt);
  const banner =
    '<aside class="preview-banner" aria-label="Preview">' +
    `<span>Preview of revision ${revision.id}, saved ${escapeHtml(when)} by ${escapeHtml(revision.author)}: ` +
    'not published.</span>' +
    '<a href="/">Back to the live site</a></aside>';

  const html = template
    .replace('<!--app-head-->', () => head)
    .replace('<div id="root">', () => `${banner}<div id="root">`)
    .replace('<!--app-html-->', () => body);
  return { status: page.status, html };
}
