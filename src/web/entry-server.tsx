/**
 * The SSR entry (built by `vite build --ssr` to dist/server/entry-server.js), used by the publisher
 * (src/server/publish) to prerender every public route into static HTML.
 *
 * Contract:
 * - render(url, data) → { status, html, head }: `html` is the inner HTML of `<div id="root">`,
 *   `head` is `<title>…</title>` followed by seoHead(route, data), and the preload of the page's
 *   LCP image (OPS-9): the first hero at home, the hero photo on a property page. status 404 for the not-found
 *   page: any unknown path, an unknown `/stay/{id}`, and `/404` itself.
 * - renderBooking(view) → { html, head }: the guest's booking page (BOOK-7), rendered on request by
 *   the server (src/server/bookings/page.ts), never prerendered; `head` holds its title, robots
 *   noindex and its inline styles.
 * The paths to prerender come from the route table (src/shared/routes.ts, prerenderPaths).
 */
import { renderToString } from 'react-dom/server';
import { pageTitle, resolveRoute } from '../shared/routes.js';
import type { PageData } from '../shared/site-data.js';
import type { GuestBookingView } from '../shared/bookings.js';
import { escapeHtml } from '../shared/escape-html.js';
import { BOOKING_PAGE_STYLE, BookingPage } from './routes/booking.js';
import { App } from './app.js';
import { Footer } from './components/footer.js';
import { heroPreloadTags } from './components/hero-carousel.js';
import { heroPreloadTag } from './routes/property.js';
import { SCREENS } from './screens.js';
import { seoHead } from './seo.server.js';

export interface RenderResult {
  status: 200 | 404;
  html: string;
  head: string;
}

/** The head's preload of the page's LCP image (OPS-9): the first hero at home, a property's hero photo. */
function lcpPreload(route: ReturnType<typeof resolveRoute>): string {
  if (route.kind === 'home') return `\n${heroPreloadTags()}`;
  if (route.kind === 'property') {
    const tag = heroPreloadTag(route.property);
    return tag && `\n${tag}`;
  }
  return '';
}

export function render(url: string, data: PageData): RenderResult {
  const route = resolveRoute(url, data);
  const footer = <Footer site={data.site} year={new Date(data.publishedAt).getUTCFullYear()} />;
  const html = renderToString(
    <App data={data} route={route} Screen={SCREENS[route.kind]} footer={footer} />,
  );
  return {
    status: route.kind === 'not-found' ? 404 : 200,
    html,
    head:
      `<title>${escapeHtml(pageTitle(route))}</title>${seoHead(route, data)}` + lcpPreload(route),
  };
}

/** The guest's booking page (BOOK-7): inner HTML of `<div id="root">` and the head's tags. */
export function renderBooking(view: GuestBookingView): { html: string; head: string } {
  return {
    html: renderToString(<BookingPage view={view} />),
    head:
      `<title>Booking ${escapeHtml(view.reference)} - ${escapeHtml(view.businessName)}</title>` +
      '<meta name="robots" content="noindex, nofollow">' +
      `<style>${BOOKING_PAGE_STYLE}</style>`,
  };
}
