/**
 * Builds the Fastify app (DESIGN.md): testable with `app.inject`, listened on by main.ts.
 * Route modules each own one concern; this file only wires them together.
 */
import fs from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { registerFormBody } from './form-body.js';
import type { Config, LogLevel } from './config.js';
import { dataPaths, type AppContext } from './context.js';
import { openDb } from './store/db.js';
import { createPublisher } from './publish/publisher.js';
import { apiRoutes } from './catalogue/routes.js';
import { imageRoutes } from './images/routes.js';
import { authRoutes } from './auth/routes.js';
import { pageRoutes } from './publish/page-routes.js';
import { revisionRoutes } from './catalogue/revision-routes.js';
import { previewRoutes } from './publish/preview-routes.js';
import { calendarRoutes } from './calendar/routes.js';
import { CalendarSync, syncPeriodMs } from './calendar/sync.js';
import { quoteRoutes } from './quote/routes.js';
import { fastifyTrustProxy, STRICT_TRANSPORT_SECURITY } from './reverse-proxy.js';
import { healthRoutes } from './health/routes.js';
import { ApiRouteTable, errorHandler, frameworkErrors } from './errors.js';
import { guardPermissions, guardWrites, RoutePermissions } from './auth/guard.js';
import { compressHtml } from './html.js';
import { bookingRoutes } from './bookings/routes.js';
import { BookingService } from './bookings/service.js';
import { MailSender } from './mail/sender.js';
import { backupRoutes, startBackup } from './backup/service.js';
import { GstService } from './gst/service.js';
import { gstRoutes } from './gst/routes.js';
import { ConflictKeeper } from './nights/conflicts.js';
import { conflictRoutes } from './nights/routes.js';
import { publishedProperties } from './publish/published-properties.js';
import { RegisterService } from './register/service.js';
import { registerRoutes } from './register/routes.js';
import { RecordedPayments } from './payments/recorded.js';
import { recordedPaymentRoutes } from './payments/recorded-routes.js';
import { todayRoutes } from './today/routes.js';
import { PaymentService } from './payments/service.js';
import { paymentRoutes } from './payments/routes.js';
import { systemClock, type Clock } from '../shared/instants.js';
import { applyCachePolicy } from './html.js';
import { MessageService } from './messages/service.js';
import { messageRoutes } from './messages/routes.js';
import { ReviewService } from './reviews/service.js';
import { scheduleReviews } from './reviews/jobs.js';
import { reviewRoutes } from './reviews/routes.js';
import { OneLinePerRequest } from './request-log.js';
import { LedgerService } from './ledger/service.js';
import { ledgerRoutes } from './ledger/routes.js';
import { composeBookings, reportSources, timedJobs, type bookingSteps } from './compose.js';
import { JobRunner } from './jobs/runner.js';
import { openJobsDb } from './jobs/store.js';
import { PrivacyService } from './privacy/service.js';
import { privacyRoutes } from './privacy/routes.js';
import { reportRoutes } from './reports/routes.js';
import { AccessLog } from './access-log/service.js';
import { accessLogRoutes } from './access-log/routes.js';
import { TeamService } from './team/service.js';
import { teamRoutes } from './team/routes.js';
import { TwoStepService } from './two-step/service.js';
import { twoStepRoutes } from './two-step/routes.js';
import { StaffLinks } from './staff-links/service.js';
import { staffLinkRoutes } from './staff-links/routes.js';

/** Import bodies larger than this are refused with 413 (API-1). */
const BODY_LIMIT_BYTES = 5 * 1024 * 1024;

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The bookings (BOOK-1..BOOK-9) and the mail outbox's sender (BOOK-8). */
  bookings: BookingService;
  mail: MailSender;
  /** The GST documents (GST-2). */
  gst: GstService;
  /** Who holds each night twice: the double bookings (CONFLICT-1). */
  conflicts: ConflictKeeper;
  /** The guest register (REG-1). */
  register: RegisterService;
  /** The advances paid through Razorpay (PAY-2). */
  payments: PaymentService;
  /** The messages to the guest (MSG-4). */
  messages: MessageService;
  /** The privacy desk (PRIV-4, PRIV-7). */
  privacy: PrivacyService;
  /** Verified reviews (REV-1); `runReviews` runs their job now (tests await it). */
  reviews: ReviewService;
  runReviews: () => Promise<void>;
  /** The stay ledger (LEDGER-1). */
  ledger: LedgerService;
  /** The runner of every periodic job (JOB-1). */
  runner: JobRunner;
  /** Every route with its declared permission (TEAM-1). */
  permissions: RoutePermissions;
  /** The team (TEAM-2) and the access log (TEAM-7). */
  team: TeamService;
  accessLog: AccessLog;
}

/**
 * Creates DATA_DIR's folders, opens the database and registers every route. Does not listen.
 * `logger`: false (default) for none, or pino's level (main.ts passes LOG_LEVEL) and where to write
 * (main.ts: a terminal's readable lines, RUNTIME-9); `logStream`
 * sends the log to a stream instead of standard output (tests read what the server logs); `clock`
 * is the one clock of every service, job and route (TIME-3; tests move it; default systemClock).
 */
export async function buildApp(
  config: Config,
  opts: {
    logger?: boolean | { level: LogLevel; stream?: NodeJS.WritableStream };
    logStream?: NodeJS.WritableStream;
    clock?: Clock;
    /** How long one Razorpay call may take (tests shorten it to meet a late answer). */
    razorpayTimeoutMs?: number;
    /** Tests only: the ordered list of what follows a booking change, given the app's parts. */
    bookingSteps?: typeof bookingSteps;
  } = {},
): Promise<BuiltApp> {
  const paths = dataPaths(config.dataDir);
  for (const dir of [paths.root, paths.originals, paths.images, paths.site]) {
    fs.mkdirSync(dir, { recursive: true });
  }
  const clock = opts.clock ?? systemClock;
  const db = openDb(paths.root, clock());
  // Decision 054: the runner's bookkeeping in a file of its own, so a job's run is no commit to copy.
  const jobsDb = openJobsDb(paths.root);
  const ctxBase = { config, db, paths, clock };
  const ctx: AppContext = { ...ctxBase, publisher: createPublisher(ctxBase) };

  const app = Fastify({
    logger: opts.logStream ? { stream: opts.logStream } : (opts.logger ?? false),
    // One line per request instead of two (RUNTIME-9).
    logController: new OneLinePerRequest(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    frameworkErrors,
  });
  if (config.site.siteUrl.startsWith('https:')) {
    // Every answer, pages, photos and API alike, before any route runs (OPS-5).
    app.addHook('onRequest', async (_req, reply) => {
      reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    });
  }
  // First, so that it runs last: Fastify runs onClose hooks in reverse order of registration, and
  // the mail sender and the payments finish their work on the database when they stop.
  app.addHook('onClose', async () => {
    jobsDb.close();
    db.close();
  });
  // Before any route is registered, so that every route's scope inherits them (HTTP-1, HTTP-2).
  const routeTable = new ApiRouteTable();
  app.addHook('onRoute', routeTable.add);
  // Deny by default (TEAM-1): a route under /api/ without a permission stops the start.
  const permissions = new RoutePermissions();
  app.addHook('onRoute', permissions.add);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(async (req) => {
    throw routeTable.notFound(req);
  });
  app.addHook('onRequest', guardWrites(config.site, routeTable));
  // A route's declared cache policy (`config: { cache }`) on every answer it gives (HTML-3).
  app.addHook('onSend', applyCachePolicy);
  // HTML rendered per request goes out compressed, like published pages (PERF-8).
  app.addHook('onSend', compressHtml);
  await app.register(cookie);
  await registerFormBody(app);
  // After the cookie parser: every route's declared permission, checked before its handler (TEAM-1).
  app.addHook('onRequest', guardPermissions(ctx));
  // TEAM-7: a route that declares `logAccess` is recorded once it answered successfully.
  const accessLog = new AccessLog(db, clock);
  app.addHook('onResponse', async (req, reply) => {
    const action = req.routeOptions.config.logAccess;
    if (action && req.owner && reply.statusCode < 400)
      accessLog.record({ username: req.owner, action });
  });
  await app.register(async (scope) => apiRoutes(scope, ctx));
  const twoStep = new TwoStepService(db, clock, config.site.businessName, accessLog);
  await app.register(async (scope) => authRoutes(scope, ctx, twoStep));
  await app.register(async (scope) => imageRoutes(scope, ctx));
  await app.register(async (scope) => revisionRoutes(scope, ctx));
  await app.register(async (scope) => previewRoutes(scope, ctx));
  const mail = new MailSender(db, config.mail, app.log, clock);
  const properties = publishedProperties(ctx);
  const conflicts = new ConflictKeeper(db, config, mail, (id) => properties().get(id)?.name, clock);
  const ledger = new LedgerService(db, clock);
  const feedSync = new CalendarSync(db, config.calendar, app.log, conflicts, clock, ledger);
  await app.register(async (scope) => calendarRoutes(scope, ctx, conflicts, ledger, feedSync));
  await app.register(async (scope) => quoteRoutes(scope, ctx));
  const bookings = new BookingService(db, config, mail, conflicts, clock);
  const gst = new GstService(db, config, clock, bookings);
  const register = new RegisterService(db, config, mail, clock);
  const payments = new PaymentService(db, config, bookings, app.log, clock, opts.razorpayTimeoutMs);
  payments.setRefundDocuments(gst);
  const messages = new MessageService(db, config, mail, properties, clock, bookings);
  const recorded = new RecordedPayments(db, config, bookings, gst, clock);
  // Decision 041: what follows a booking change, in one ordered list (compose.ts).
  composeBookings({
    recorded,
    bookings,
    gst,
    payments,
    messages,
    register,
    ledger,
    mail,
    log: app.log,
    ...(opts.bookingSteps ? { steps: opts.bookingSteps({ gst, payments, messages, ledger }) } : {}),
  });
  const reviews = new ReviewService(db, config, mail, clock, bookings, ledger);
  const privacy = new PrivacyService(db, config, mail, bookings, reviews, accessLog, clock);
  let reviewJob: ReturnType<typeof scheduleReviews> | undefined;
  // Decision 042: every periodic job in one list (compose.ts), run by one runner.
  const runner = new JobRunner(
    jobsDb,
    app.log,
    clock,
    timedJobs({
      bookings,
      gst,
      payments,
      messages,
      register,
      reviews: { run: async () => reviewJob?.run() },
      privacy,
      mail,
      feeds: { sync: feedSync, everyMs: syncPeriodMs(config.calendar.syncMinutes) },
      recorded,
      accessLog,
    }),
  );
  app.addHook('onReady', async () => {
    // Overlaps stored before this server (or before conflicts were kept) are found at once.
    conflicts.changedAll();
    mail.start();
    reviewJob = scheduleReviews(reviews, ctx, app.log);
    runner.start();
  });
  app.addHook('onClose', async () => {
    // Fetches under way are aborted first, so the runner does not wait out their time limits.
    const feedsStopped = feedSync.stop();
    await runner.stop();
    await feedsStopped;
    await reviewJob?.stop();
    const paymentsStopped = payments.stop();
    await mail.stop();
    await paymentsStopped;
  });
  if (config.backup) startBackup(app, ctx, config.backup);
  await app.register(async (scope) => bookingRoutes(scope, ctx, bookings, payments));
  await app.register(async (scope) => paymentRoutes(scope, ctx, payments, bookings));
  await app.register(async (scope) => recordedPaymentRoutes(scope, ctx, recorded));
  await app.register(async (scope) =>
    todayRoutes(scope, ctx, {
      db,
      config,
      bookings,
      register,
      messages,
      conflicts,
      properties,
      now: clock,
    }),
  );
  await app.register(async (scope) => gstRoutes(scope, ctx, gst));
  await app.register(async (scope) => conflictRoutes(scope, ctx, conflicts));
  await app.register(async (scope) => registerRoutes(scope, ctx, register, bookings));
  await app.register(async (scope) => messageRoutes(scope, ctx, messages));
  await app.register(async (scope) => reviewRoutes(scope, ctx, reviews));
  const team = new TeamService(db, config.site.siteUrl, clock, accessLog);
  await app.register(async (scope) => teamRoutes(scope, ctx, team, twoStep));
  await app.register(async (scope) => twoStepRoutes(scope, ctx, twoStep));
  await app.register(async (scope) => accessLogRoutes(scope, ctx, accessLog));
  const staffLinks = new StaffLinks(db, config.site.siteUrl, clock, accessLog);
  await app.register(async (scope) => staffLinkRoutes(scope, ctx, staffLinks));
  await app.register(async (scope) => privacyRoutes(scope, ctx, privacy));
  await app.register(async (scope) =>
    ledgerRoutes(
      scope,
      ctx,
      ledger,
      (ids) =>
        new Map(bookings.many(ids).flatMap((b) => (b.name ? [[b.id, b.name] as const] : []))),
    ),
  );
  await app.register(async (scope) =>
    reportRoutes(
      scope,
      ctx,
      reportSources({
        propertyIds: () => [...properties().keys()],
        ledger,
        bookings,
        gst,
        recorded,
      }),
    ),
  );
  await app.register(async (scope) => healthRoutes(scope, ctx, runner));
  await app.register(async (scope) => backupRoutes(scope, ctx));
  await app.register(async (scope) => pageRoutes(scope, ctx));
  const runReviews = async () => reviewJob?.run();
  return {
    app,
    ctx,
    bookings,
    mail,
    gst,
    conflicts,
    register,
    payments,
    messages,
    reviews,
    privacy,
    runReviews,
    ledger,
    runner,
    permissions,
    team,
    accessLog,
  };
}
