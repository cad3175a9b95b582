/**
 * The guest's booking page (BOOK-7): the view of a booking the guest may see (never the guest's
 * own name, phone or e-mail: the page is reachable by its link alone), rendered on request with
 * the SSR entry's renderBooking into the client build's HTML template without its scripts, like
 * the revision preview (publish/preview.ts). The advance's QR code is an SVG made by the qrcode
 * package, inlined as a data: URL (the pages' Content-Security-Policy allows `img-src data:`).
 */
import QRCode from 'qrcode';
import type { SiteConfig } from '../config.js';
import type { AppContext } from '../context.js';
import { guestGstView, type RefusedCompany } from '../gst/store.js';
import { publishedProperties } from '../publish/published-properties.js';
import { CONTENT_SECURITY_POLICY, securityHeaders } from '../html.js';
import { readTemplate, withoutScripts } from '../publish/client-build.js';
import { loadSsr } from '../publish/render.js';
import { BOOKING_SCRIPT_PATH } from './page-script.js';
import { upiLink, upiPayee, type UpiPayee } from './service.js';
import { forGuest } from './views.js';
import type { Booking, BookingMoney, GuestBookingView } from '../../shared/bookings.js';
import { addDays, today } from '../../shared/calendar-dates.js';
import type { Clock } from '../../shared/instants.js';
import { propertyPath } from '../../shared/routes.js';
import type { Property } from '../../shared/site-data.js';

/**
 * What the payments feature tells the guest's page (PAY-2, PAY-9): the current payment link or
 * that it is being made, and the state the page's script watches. app.ts passes
 * payments/service.ts's PaymentService; without it the page offers UPI only.
 */
export interface GuestPayments {
  guestPayment(b: Booking): { linkUrl?: string; preparing?: boolean } | undefined;
  watchState(b: Booking): string;
}

/**
 * The page's view of a booking: the booking's own part is `forGuest` (SHAPE-3); `property` is the
 * published one (absent once removed from the catalogue); `payments` adds the Razorpay link (its
 * /pay address) and the state to watch.
 */
async function guestView(
  b: Booking,
  property: Property | undefined,
  site: SiteConfig,
  payee: UpiPayee | undefined,
  pagePath: string,
  payments?: GuestPayments,
  day = today(),
  reviewDays = 60,
): Promise<GuestBookingView> {
  const advancePaise = b.quote?.advancePaise;
  const gateway = payments?.guestPayment(b);
  const online = gateway?.linkUrl
    ? { payPath: `${pagePath}/pay` }
    : gateway?.preparing
      ? { payPreparing: true }
      : {};
  let payment: GuestBookingView['payment'];
  if (b.status === 'accepted' && advancePaise !== undefined && advancePaise > 0) {
    if (payee) {
      const upiUrl = upiLink(payee, advancePaise, b.reference);
      const svg = await QRCode.toString(upiUrl, {
        type: 'svg',
        margin: 2,
        errorCorrectionLevel: 'M',
      });
      payment = {
        advancePaise,
        ...online,
        upiUrl,
        upiId: payee.upiId,
        qrSvgDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      };
    } else payment = { advancePaise, ...online };
  }
  return {
    ...forGuest(b),
    businessName: site.businessName,
    property: {
      name: property?.name ?? b.propertyName,
      address: property?.address ?? '',
      path: propertyPath(b.propertyId),
      ...(property?.checkInTime ? { checkInTime: property.checkInTime } : {}),
      ...(property?.checkOutTime ? { checkOutTime: property.checkOutTime } : {}),
      ...(property?.houseRules ? { houseRules: property.houseRules } : {}),
      ...(property?.cancellationPolicy ? { cancellationPolicy: property.cancellationPolicy } : {}),
    },
    contact: { phone: site.phone, email: site.email },
    ...(site.gstin ? { gstin: site.gstin } : {}),
    ...(payment ? { payment } : {}),
    ...(b.status === 'requested' ? { withdrawPath: `${pagePath}/withdraw` } : {}),
    ...(b.erasedAt === undefined ? { privacyPath: `${pagePath}/privacy` } : {}),
    ...(b.status === 'confirmed' ? { registerPath: `${pagePath}/register` } : {}),
    // REV-1: from check-out day to REVIEW_DAYS after it, the review form (the same token opens it).
    ...(b.status === 'confirmed' && day >= b.checkOut && day <= addDays(b.checkOut, reviewDays)
      ? { reviewPath: `${pagePath}/review` }
      : {}),
    ...(payment && payments
      ? { watch: { path: `${pagePath}/status`, state: payments.watchState(b) } }
      : {}),
  };
}

/**
 * The page's HTML: the client build's template without its scripts, the SSR entry's booking page
 * in it, and the page's own deferred script (page-script.ts, a progressive enhancement). Both are
 * read as they are on disk now, so a build run while the server is up gives a page of one build
 * (UPGRADE-2). Throws when the build is missing.
 */
async function bookingPageHtml(view: GuestBookingView): Promise<string> {
  const ssr = await loadSsr();
  const template = withoutScripts(await readTemplate());
  const page = ssr.renderBooking(view);
  return template
    .replace(
      '<!--app-head-->',
      () => `${page.head}<script src="${BOOKING_SCRIPT_PATH}" defer></script>`,
    )
    .replace('<!--app-html-->', () => page.html);
}

/**
 * The headers of the guest's page and of its forms' answers (BOOK-5: `noindex`; its routes
 * declare `no-store`). The token is in the page's path: links and the withdraw form pass on the
 * origin only. Not no-referrer: a form posted under it carries `Origin: null`, which the
 * same-site check refuses.
 */
export const GUEST_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  ...securityHeaders({ csp: CONTENT_SECURITY_POLICY, referrer: 'strict-origin', noindex: true }),
};

/** What a page shown in answer to one of its forms adds: a notice, a refused company form (GST-7). */
export interface GuestPageExtra {
  notice?: string;
  refusedCompany?: RefusedCompany;
}

/**
 * The renderer of the guest's booking page (BOOK-7) with its GST part (GST-5, GST-7), for its GET
 * and for a form of it that is answered with the page itself (a refused company form comes back
 * with what was typed, GST-11); `payments` adds the Razorpay link and the state the page's script
 * watches (PAY-2, PAY-9); `now` (ms) says whether the stay can be reviewed now (REV-1). Throws
 * when the client build is missing.
 */
export function guestPageRenderer(
  ctx: Pick<AppContext, 'db' | 'publisher' | 'config'>,
  payments: GuestPayments | undefined,
  now: Clock,
  /** DAY-4: paid, balance and when it is due (BookingService.moneyOne). */
  money?: (b: Booking) => BookingMoney | undefined,
): (b: Booking, pagePath: string, extra?: GuestPageExtra) => Promise<string> {
  const properties = publishedProperties(ctx);
  return async (b, pagePath, extra = {}) => {
    const view = await guestView(
      b,
      properties().get(b.propertyId),
      ctx.config.site,
      upiPayee(ctx.config),
      pagePath,
      payments,
      today(now()),
      ctx.config.bookings.reviewDays,
    );
    const gst = guestGstView(
      ctx.db,
      b.id,
      pagePath,
      ctx.config.gst !== undefined,
      extra.refusedCompany,
    );
    const m = money?.(b);
    return bookingPageHtml({
      ...view,
      ...gst,
      ...(m
        ? {
            money: {
              paidPaise: m.paidPaise,
              balancePaise: m.balancePaise,
              balanceDue: m.balanceDue,
            },
          }
        : {}),
      ...(extra.notice ? { notice: extra.notice } : {}),
    });
  };
}
