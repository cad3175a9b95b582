/**
 * The owner's figures over HTTP (FIG-8): `GET /api/reports` answers the Report of a range, and
 * `GET /api/reports.csv` the same figures one row per month and property. Owner only; never cached.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { REPORTS_API, type Report } from '../../shared/figures.js';
import { reportCsv, reportOf, type ReportQuery, type ReportSources } from './service.js';

const noStore = { cache: 'no-store' } as const;

export async function reportRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  sources: ReportSources,
): Promise<void> {
  app.get<{ Querystring: ReportQuery }>(
    REPORTS_API.report,
    { permission: 'reports', config: noStore },
    async (req): Promise<Report> => reportOf(sources, req.query),
  );
  app.get<{ Querystring: ReportQuery }>(
    REPORTS_API.csv,
    { permission: 'reports', config: noStore },
    async (req, reply) => {
      const csv = reportCsv(sources, req.query);
      const { from = '', to = '' } = req.query;
      return reply
        .header('content-disposition', `attachment; filename="stays-figures-${from}-${to}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );
}
