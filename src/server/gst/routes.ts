/**
 * The GST documents' HTTP calls (GST-2..GST-8; paths in src/shared/gst-documents.ts):
 * - the owner's (behind their permissions, TEAM-1): the Documents list, a document's page and PDF, Cancel
 *   document, a credit note, Issue invoice, the entry 12A mark, the GSTR-1 CSV;
 * - the guest's: `/booking/{id}/{token}/documents/{docId}` (and `.pdf`) for the documents of the
 *   booking the token opens, and the company form's POST `/booking/{id}/{token}/company` (same
 *   site only), 303 back to the booking page once saved; refused, answered with the page itself
 *   (400, or 409 once invoiced), the form holding what was typed and naming the field (GST-11). The token is in those paths: they are logged without it.
 * Document pages are `noindex`, `no-store`, with no script (page.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context.js';
import { ApiError, badRequest, notFound } from '../errors.js';
import { GUEST_PAGE_HEADERS, guestPageRenderer } from '../bookings/page.js';
import {
  GUEST_FORM_HEADERS as PAGE_HEADERS,
  guestBooking,
  guestLinkRoute,
} from '../bookings/guest-link.js';
import { sendNotFoundPage } from '../html.js';
import {
  GST_API,
  DOCUMENT_TYPES,
  GSTR1_SECTIONS,
  type DocumentList,
  type DocumentType,
  type Gstr1Section,
} from '../../shared/gst-documents.js';
import { gstinProblem } from './gstin.js';
import { gstr1Csv } from './gstr1.js';
import { DOCUMENT_CSP, documentPageHtml } from './page.js';
import { documentPdf } from './pdf.js';
import type { GstService } from './service.js';
import { documentsOfPeriod, getDocument, type DocumentRow } from './store.js';
import { BOOKING_PAGE, bookingPagePath } from '../../shared/bookings.js';
import { startsLikeFormula } from '../csv.js';

const DOCUMENT_ID_RE = /^[A-Za-z0-9_-]{16}$/;
const BOOKING_ID_RE = /^[a-z2-9]{16}$/;
const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The company form's fields as a refusal names them to the guest (GST-11). */
const COMPANY_FIELD_WORDS = {
  legalName: 'legal name',
  gstin: 'GSTIN',
  address: 'billing address',
} as const;

/** Routes that declare no cache (HTML-2). */
const noStore = { cache: 'no-store' as const };

/** `{id}` or `{id}.pdf` of a document URL. */
function fileOf(file: string): { id: string; pdf: boolean } | undefined {
  const pdf = file.endsWith('.pdf');
  const id = pdf ? file.slice(0, -4) : file;
  return DOCUMENT_ID_RE.test(id) ? { id, pdf } : undefined;
}

/** Sends a document's page or PDF. */
async function sendDocument(reply: FastifyReply, doc: DocumentRow, pdf: boolean, pdfHref: string) {
  void reply.headers(PAGE_HEADERS);
  if (pdf) {
    const name = doc.body.number.replace(/\//g, '-');
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${name}.pdf"`)
      .send(await documentPdf(doc));
  }
  return reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', DOCUMENT_CSP)
    .send(documentPageHtml(doc, pdfHref));
}

/** A required text field of a JSON body, trimmed, 1..max characters. */
function textField(body: unknown, name: string, max: number): string {
  const value = (body as Record<string, unknown> | null)?.[name];
  if (typeof value !== 'string' || value.trim() === '' || value.trim().length > max) {
    throw badRequest(name, `${name} must be text of 1 to ${max} characters.`);
  }
  return value.trim();
}

export async function gstRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  gst: GstService,
): Promise<void> {
  const renderPage = guestPageRenderer(ctx, undefined, gst.now);

  app.get<{ Querystring: { month?: string; type?: string } }>(
    GST_API.documents,
    { permission: 'gstView', config: noStore },
    async (req): Promise<DocumentList> => {
      const { month, type } = req.query;
      if (month === undefined || !MONTH_RE.test(month)) {
        throw badRequest('month', 'month must be a month written YYYY-MM.');
      }
      if (type !== undefined && !(DOCUMENT_TYPES as readonly string[]).includes(type)) {
        throw badRequest('type', `type must be one of ${DOCUMENT_TYPES.join(', ')}.`);
      }
      return {
        documents: documentsOfPeriod(ctx.db, month, type as DocumentType | undefined).map((d) => ({
          id: d.id,
          type: d.type,
          number: d.number,
          issuedAt: d.issuedAt,
          bookingId: d.bookingId,
          ...(d.refersTo ? { refersTo: d.refersTo } : {}),
          taxablePaise: d.taxablePaise,
          cgstPaise: d.cgstPaise,
          sgstPaise: d.sgstPaise,
          totalPaise: d.totalPaise,
          status: d.status,
        })),
      };
    },
  );

  app.get<{ Params: { file: string } }>(
    GST_API.document,
    { permission: 'gstView', logAccess: 'GST document opened', config: noStore },
    async (req, reply) => {
      const file = fileOf(req.params.file);
      const doc = file && getDocument(ctx.db, file.id);
      if (!file || !doc) throw notFound('id', 'There is no document with this id.');
      return sendDocument(reply, doc, file.pdf, `${doc.id}.pdf`);
    },
  );

  app.post<{ Params: { id: string } }>(
    GST_API.documentCancel,
    { permission: 'gstDocuments' },
    async (req) => {
      if (!DOCUMENT_ID_RE.test(req.params.id))
        throw notFound('id', 'There is no document with this id.');
      const doc = gst.cancel(req.params.id, textField(req.body, 'reason', 500));
      req.log.info({ documentId: doc.id }, 'GST document cancelled');
      return { id: doc.id, number: doc.number, status: doc.status };
    },
  );

  app.post<{ Params: { id: string } }>(
    GST_API.documentCreditNote,
    { permission: 'gstDocuments' },
    async (req, reply) => {
      if (!DOCUMENT_ID_RE.test(req.params.id))
        throw notFound('id', 'There is no document with this id.');
      const amount = (req.body as Record<string, unknown> | null)?.amountPaise;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1) {
        throw badRequest('amountPaise', 'amountPaise must be a whole number of paise from 1.');
      }
      const note = gst.creditNote(req.params.id, amount, textField(req.body, 'reason', 500));
      return reply.code(201).send({ id: note.id, number: note.number });
    },
  );

  app.post<{ Params: { id: string } }>(
    GST_API.bookingInvoice,
    { permission: 'issueInvoice' },
    async (req, reply) => {
      if (!BOOKING_ID_RE.test(req.params.id))
        throw notFound('id', 'There is no booking with this id.');
      const doc = gst.issueInvoice(req.params.id, req.owner ?? 'owner');
      req.log.info({ bookingId: req.params.id, documentId: doc.id }, 'invoice issued by the owner');
      return reply.code(201).send({ id: doc.id, number: doc.number, type: doc.type });
    },
  );

  app.post<{ Params: { id: string } }>(
    GST_API.bookingExempt,
    { permission: 'money' },
    async (req) => {
      if (!BOOKING_ID_RE.test(req.params.id))
        throw notFound('id', 'There is no booking with this id.');
      gst.markExempt(req.params.id, req.owner ?? 'owner');
      return { id: req.params.id, exempt: true };
    },
  );

  app.get<{ Querystring: { period?: string; section?: string; supply?: string } }>(
    GST_API.gstr1,
    { permission: 'gstr1', logAccess: 'GSTR-1 exported', config: noStore },
    async (req, reply) => {
      const { period, section, supply = 'b2c' } = req.query;
      if (supply !== 'b2b' && supply !== 'b2c') {
        throw badRequest('supply', 'supply must be b2b or b2c (the hsn section’s two sheets).');
      }
      if (period === undefined || !MONTH_RE.test(period)) {
        throw badRequest('period', 'period must be a month written YYYY-MM.');
      }
      if (section === undefined || !(GSTR1_SECTIONS as readonly string[]).includes(section)) {
        throw badRequest('section', `section must be one of ${GSTR1_SECTIONS.join(', ')}.`);
      }
      return reply
        .header('content-disposition', `attachment; filename="gstr1-${period}-${section}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(gstr1Csv(ctx.db, period, section as Gstr1Section, supply));
    },
  );

  type GuestParams = { Params: { id: string; token: string; file?: string } };
  const guestLink = guestLinkRoute(ctx);

  app.get<GuestParams>(`${BOOKING_PAGE}/documents/:file`, guestLink, async (req, reply) => {
    const booking = guestBooking(req);
    const file = fileOf(req.params.file ?? '');
    const doc = file && getDocument(ctx.db, file.id);
    if (!file || !doc || doc.bookingId !== booking.id)
      return sendNotFoundPage(reply, ctx.publisher);
    return sendDocument(reply, doc, file.pdf, `${doc.id}.pdf`);
  });

  app.post<GuestParams>(
    `${BOOKING_PAGE}/company`,
    { ...guestLink, bodyLimit: 4096 },
    async (req, reply) => {
      const booking = guestBooking(req);
      const form = (req.body ?? {}) as Record<string, string>;
      const typed = {
        legalName: (form.legalName ?? '').trim(),
        gstin: (form.gstin ?? '').trim().toUpperCase(),
        address: (form.address ?? '').trim(),
      };
      const pagePath = bookingPagePath(req.params.id, req.params.token);
      const gstinWrong = gstinProblem(typed.gstin);
      const formulaLike = startsLikeFormula(typed.legalName);
      const problem =
        typed.legalName === '' || typed.legalName.length > 200 || formulaLike
          ? 'legalName'
          : gstinWrong
            ? 'gstin'
            : typed.address === '' || typed.address.length > 500
              ? 'address'
              : undefined;
      // GST-11: a refusal is answered with the page itself, the form holding what was typed (a
      // redirect would lose it, and a GSTIN or an address has no place in a URL).
      if (problem) {
        return reply
          .code(400)
          .headers(GUEST_PAGE_HEADERS)
          .send(
            await renderPage(booking, pagePath, {
              notice: `Your company’s details are not saved yet: correct the ${COMPANY_FIELD_WORDS[problem]} below.`,
              refusedCompany: {
                company: typed,
                problem,
                ...(problem === 'gstin' ? { problemText: `This GSTIN ${gstinWrong}.` } : {}),
                // CSV-2: GSTR-1 would file such a name with an apostrophe before it.
                ...(problem === 'legalName' && formulaLike
                  ? {
                      problemText:
                        'A legal name cannot start with =, +, -, @ or a tab: write it as on the GST registration.',
                    }
                  : {}),
              },
            }),
          );
      }
      try {
        gst.setCompany(booking.id, typed);
      } catch (e) {
        if (!(e instanceof ApiError) || e.status !== 409) throw e;
        return reply
          .code(409)
          .headers(GUEST_PAGE_HEADERS)
          .send(
            await renderPage(booking, pagePath, {
              notice:
                'Your company’s details are not saved: the invoice is issued already. Ask us to correct it.',
            }),
          );
      }
      return reply.code(303).header('location', `${pagePath}?notice=company`).send();
    },
  );
}
