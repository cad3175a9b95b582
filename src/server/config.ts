/**
 * The server's configuration, read from the environment once (DESIGN.md "Running it"; OPS-7).
 * One zod schema (envSchema) checks every variable; each is documented in README.md and
 * .env.example. A variable set to the empty string counts as unset.
 * loadConfig throws a ConfigError holding one line per bad variable; a secret's value is never
 * repeated in it.
 */
import path from 'node:path';
import { z } from 'zod';
import {
  MAX_PASSWORD_LENGTH,
  MAX_USERNAME_LENGTH,
  MIN_PASSWORD_LENGTH,
  USERNAME_PATTERN,
} from './auth/credential-rules.js';
import { parseTrustProxy, type TrustProxy } from './reverse-proxy.js';
import { gstinProblem } from './gst/gstin.js';

/** Public contact details shown in the footer dialogs, the enquiry dialog and structured data. */
export interface SiteConfig {
  /** Absolute origin of the public site, no trailing slash, e.g. "https://stays.example". */
  siteUrl: string;
  /** True when SITE_URL was not set and siteUrl is this server's own address (main.ts fixes the port once listening). */
  siteUrlIsDefault: boolean;
  businessName: string;
  email: string;
  /** Phone as people write it, e.g. "+91 94480 12345"; links use its digits. */
  phone: string;
  socialUrl: string;
  officeAddress: string;
  /**
   * The business's GST identification number (GSTIN), when it is registered: quotes then carry GST
   * and pages may print it (PRICE-5). Public by nature (it is printed on every invoice).
   */
  gstin?: string;
}

/** Calendar sync (AVL-4). */
interface CalendarConfig {
  /** Minutes between two syncs of every feed (CALENDAR_SYNC_MINUTES); 0 turns syncing at start and on a schedule off. */
  syncMinutes: number;
  /** Let feeds be fetched from loopback and private-range addresses (CALENDAR_ALLOW_PRIVATE=true). */
  allowPrivate: boolean;
  /** Deadline of one feed fetch, in milliseconds (10 s; tests shorten it). */
  fetchTimeoutMs: number;
}

/** Direct bookings (BOOK-7, BOOK-9). */
interface BookingConfig {
  /** Hours a request waits for the owner's answer before it expires (BOOKING_REQUEST_HOURS, default 48). */
  requestHours: number;
  /** Days after check-out a guest's name, phone, e-mail and messages are erased (GUEST_DATA_DAYS, default 365). */
  guestDataDays: number;
  /** Days before check-in the balance is due (BALANCE_DUE_DAYS, default 0: at check-in; DAY-4). */
  balanceDueDays: number;
  /** The owner's UPI id ("name@handle") the advance is paid to (UPI_ID); undefined: the page asks the guest to contact the owner. */
  upiId: string | undefined;
  /** The merchant category code of a merchant UPI id (UPI_MERCHANT_CODE, e.g. 7011 for lodging), sent as the UPI link's `mc`; undefined: left out. */
  upiMerchantCode: string | undefined;
  /** Booking requests one client address may send an hour (BOOKING_REQUESTS_PER_HOUR, default 5, BOOK-3). */
  requestsPerHour: number;
  /**
   * Days after departure a guest register entry is kept (REGISTER_DAYS, default 400, at least 365:
   * Immigration and Foreigners Rules 2025, rule 17, one year; REG-8), apart from GUEST_DATA_DAYS.
   */
  registerDays: number;
  /** Days after check-out a guest may write a review of the stay (REVIEW_DAYS, default 60; REV-1). */
  reviewDays: number;
}

/** Mail (BOOK-8). `smtpUrl` undefined: nothing is sent. */
export interface MailConfig {
  /** SMTP_URL, e.g. smtp://user:pass@mail.example:587. A secret: never logged, never in the image worker's environment. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the sender's address. */
  from: string | undefined;
  /** NOTIFY_EMAIL: where the owner's mail goes (default CONTACT_EMAIL). */
  notifyEmail: string;
}

/** CONTACT_EMAIL when unset. */
const DEFAULT_CONTACT_EMAIL = 'support@staysinchikmagalur.example';

/** REVISIONS_KEPT when unset (SAF-4). */
const DEFAULT_REVISIONS_KEPT = 200;

/** pino's levels, and `silent` for no log at all (LOG_LEVEL). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  host: string;
  /** Absolute path holding the SQLite file, images and published sites. */
  dataDir: string;
  /**
   * RENDER_CACHE: a folder where the demo seed and `restore --from-backup-target` keep each
   * photo's rendered files by its name and bytes, so that the many servers and restores of one
   * test run (`npm test` sets it) render the demo photos once. Unset in production: every photo
   * is rendered (OPS-7, BACKUP-3).
   */
  renderCache: string | undefined;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  /** Which reverse proxies' X-Forwarded-For is believed, so login throttling sees real client addresses (reverse-proxy.ts). */
  trustProxy: TrustProxy;
  /**
   * How many catalogue revisions are kept (REVISIONS_KEPT, default 200, SAF-4): older ones are
   * pruned after each save, with the photos only they named.
   */
  revisionsKept: number;
  /** Server log level (LOG_LEVEL, default info). */
  logLevel: LogLevel;
  site: SiteConfig;
  calendar: CalendarConfig;
  /** The bucket every publish also writes a complete static site to (PUBLISH_TARGET, CDN-1); undefined: the local folder only. */
  publishBucket: BucketConfig | undefined;
  bookings: BookingConfig;
  mail: MailConfig;
  /** The continuous encrypted copy off the machine (BACKUP_TARGET, BACKUP-1); undefined: none. */
  backup: BackupConfig | undefined;
  /** The GST documents' particulars (GST-1); undefined without GSTIN. */
  gst: GstConfig | undefined;
  /** The Razorpay account advances are paid through (PAY-2); undefined: the UPI link only. */
  razorpay: RazorpayConfig | undefined;
  /** The privacy desk (PRIV-2, PRIV-4; DPDP Rules 2025 rules 9 and 14). */
  privacy: PrivacyConfig;
}

/** PRIVACY_CONTACT and PRIVACY_ANSWER_DAYS (PRIV-2, PRIV-4; src/server/privacy/). */
interface PrivacyConfig {
  /** The e-mail for guests' data questions, named on the privacy page and every answer (default CONTACT_EMAIL; DPDP Rules 2025 rule 9). */
  contact: string;
  /** Days the business gives itself to answer a rights request (default 30, at most 90; DPDP Rules 2025 rule 14(3)). */
  answerDays: number;
}

/**
 * RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET (all three or none) and
 * RAZORPAY_API_BASE (PAY-2; src/server/payments/). The two secrets are never logged, never in an
 * answer, a published file or a worker's environment.
 */
export interface RazorpayConfig {
  /** The API key's id, `rzp_live_…` or `rzp_test_…` (Basic auth's user). */
  keyId: string;
  /** The API key's secret (Basic auth's password; the callback's HMAC key). A secret. */
  keySecret: string;
  /** The webhook's secret, set in Razorpay's Dashboard (the webhooks' HMAC key). A secret. */
  webhookSecret: string;
  /** Razorpay's API origin, no trailing slash (default https://api.razorpay.com; tests use loopback). */
  apiBase: string;
}

/** BACKUP_TARGET, BACKUP_KEY, BACKUP_HISTORY_DAYS (BACKUP-1, BACKUP-2; src/server/backup/). */
export interface BackupConfig {
  /** The bucket and prefix the copy goes to; endpoint, region and keys as for PUBLISH_TARGET. */
  bucket: BucketConfig;
  /** BACKUP_KEY: 32 bytes (AES-256-GCM). A secret: never logged, never in a worker's environment. */
  key: Buffer;
  /** Days of hourly copies kept (BACKUP_HISTORY_DAYS, default 7). */
  historyDays: number;
}

/**
 * The supplier's particulars on GST documents (GST-1; CGST Rule 46(a)): GSTIN, and the legal name
 * and address as registered (GST_LEGAL_NAME, GST_ADDRESS, required with GSTIN), the numbers'
 * prefix (INVOICE_PREFIX, default STY) and an optional typed signatory (INVOICE_SIGNATORY).
 */
interface GstConfig {
  gstin: string;
  legalName: string;
  address: string;
  invoicePrefix: string;
  signatory: string | undefined;
}

/** An S3-compatible bucket to publish to (PUBLISH_TARGET=s3://{bucket}/{prefix}, S3_*, AWS_*). */
export interface BucketConfig {
  bucket: string;
  /** Key prefix of every object: '' or path segments ending in '/', e.g. 'site/'. */
  prefix: string;
  /** S3_ENDPOINT: the store's URL for R2, B2 or MinIO; undefined for AWS S3. */
  endpoint: string | undefined;
  /** S3_REGION, default us-east-1 (R2 takes "auto"). */
  region: string;
  /** S3_FORCE_PATH_STYLE=true: `{endpoint}/{bucket}/{key}` rather than `{bucket}.{endpoint}/{key}`. */
  forcePathStyle: boolean;
  /** AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY; undefined: the SDK's own chain (instance role, ~/.aws). Secret: never logged. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/** A configuration the environment cannot give: `problems` has one line per bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

/** Variables whose values are never repeated in an error line. */
const SECRET = new Set([
  'ADMIN_PASSWORD',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'SMTP_URL',
  'BACKUP_KEY',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
]);

const blankIsUnset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** An optional variable: the empty string counts as unset. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankIsUnset, schema.optional());
}

const httpUrl = z
  .string()
  .trim()
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    },
    { error: 'must be an absolute http or https URL' },
  )
  .transform((value) => value.replace(/\/+$/, ''));

/** A whole number from `min` to `max` written in decimal digits. */
function wholeNumber(min: number, max: number, unit = '') {
  const error = `must be a whole number${unit} from ${min} to ${max}`;
  return z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, { error })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error });
}

/**
 * PUBLISH_TARGET: `s3://{bucket}` or `s3://{bucket}/{prefix}`. The bucket follows S3's naming rules
 * (3-63 lowercase letters, digits, dots and hyphens); the prefix is path segments of letters,
 * digits, '.', '_' and '-' (no '.' or '..' segment), and is given a trailing '/'.
 */
const publishTarget = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(value);
    const segments = (m?.[2] ?? '')
      .split('/')
      .filter((s, i, all) => s !== '' || i < all.length - 1);
    if (!m || segments.some((s) => !/^[A-Za-z0-9._-]+$/.test(s) || /^\.\.?$/.test(s))) {
      ctx.addIssue({
        code: 'custom',
        message:
          'must be s3://{bucket} or s3://{bucket}/{prefix}: a bucket name of lowercase letters, digits, dots and hyphens, a prefix of letters, digits, ".", "_", "-" and "/"',
      });
      return z.NEVER;
    }
    return { bucket: m[1]!, prefix: segments.length === 0 ? '' : `${segments.join('/')}/` };
  });

const flag = z.enum(['true', 'false'], { error: 'must be true or false' });

const text = z.string().trim().max(500, { error: 'must be at most 500 characters' });

/**
 * SMTP_URL: nodemailer's connection URL, `smtp://` (STARTTLS when offered) or `smtps://` (TLS),
 * with a host and optionally `user:password@` and a port.
 */
const smtpUrl = z
  .string()
  .trim()
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
      } catch {
        return false;
      }
    },
    { error: 'must be smtp://user:password@host:port or smtps://user:password@host:port' },
  );

/** A UPI id (virtual payment address, BOOK-7): "name@handle", e.g. stays@okhdfcbank. */
const UPI_ID_RE = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/;

/** The Razorpay variables set together or not at all (PAY-2). */
const RAZORPAY_VARIABLES = [
  'RAZORPAY_KEY_ID',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
] as const;

const secretError = 'must be 8 to 256 characters without spaces, as Razorpay shows it';

/** Every environment variable the server reads (README "Configuration"). */
/** Pairs of variables that are set together or not at all (the second named when one is missing). */
const BOTH_OR_NEITHER = [
  ['ADMIN_USERNAME', 'ADMIN_PASSWORD'],
  ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'],
  ['SMTP_URL', 'MAIL_FROM'],
] as const;

export const envSchema = z
  .object({
    PORT: optional(
      z
        .string()
        .trim()
        .regex(/^\d{1,5}$/, { error: 'must be a whole number from 0 to 65535' })
        .transform(Number)
        .refine((n) => n <= 65535, { error: 'must be a whole number from 0 to 65535' }),
    ),
    HOST: optional(z.string().trim()),
    DATA_DIR: optional(z.string()),
    RENDER_CACHE: optional(z.string()),
    ADMIN_USERNAME: optional(
      z
        .string()
        .max(MAX_USERNAME_LENGTH, { error: `must be at most ${MAX_USERNAME_LENGTH} characters` })
        .regex(USERNAME_PATTERN, {
          error: 'must be letters, digits, dots, dashes, underscores or @ signs',
        }),
    ),
    ADMIN_PASSWORD: optional(
      z
        .string()
        .refine((p) => [...p].length >= MIN_PASSWORD_LENGTH, {
          error: `must be at least ${MIN_PASSWORD_LENGTH} characters long`,
        })
        .refine((p) => [...p].length <= MAX_PASSWORD_LENGTH, {
          error: `must be at most ${MAX_PASSWORD_LENGTH} characters long`,
        }),
    ),
    SITE_URL: optional(httpUrl),
    BUSINESS_NAME: optional(text),
    CONTACT_EMAIL: optional(z.email({ error: 'must be an e-mail address' })),
    CONTACT_PHONE: optional(
      z
        .string()
        .trim()
        .regex(/^\+?[0-9 ().-]{5,30}$/, {
          error: 'must be a phone number: digits, spaces, ( ) . - and a leading +',
        }),
    ),
    SOCIAL_URL: optional(httpUrl),
    OFFICE_ADDRESS: optional(text),
    GSTIN: optional(
      z
        .string()
        .trim()
        .toUpperCase()
        .superRefine((value, ctx) => {
          const problem = gstinProblem(value);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
    ),
    GST_LEGAL_NAME: optional(text),
    GST_ADDRESS: optional(text),
    INVOICE_PREFIX: optional(
      z
        .string()
        .trim()
        .regex(/^[A-Z0-9]{1,4}$/, { error: 'must be 1 to 4 capital letters or digits, e.g. STY' }),
    ),
    INVOICE_SIGNATORY: optional(
      z.string().trim().max(100, { error: 'must be at most 100 characters' }),
    ),
    TRUST_PROXY: optional(
      z
        .string()
        .trim()
        .transform((value, ctx) => {
          try {
            return parseTrustProxy(value);
          } catch (err) {
            ctx.addIssue({
              code: 'custom',
              message: (err as Error).message.replace(/^TRUST_PROXY\s*/, ''),
            });
            return z.NEVER;
          }
        }),
    ),
    REVISIONS_KEPT: optional(wholeNumber(1, 1_000_000)),
    CALENDAR_SYNC_MINUTES: optional(wholeNumber(0, 1440, ' of minutes')),
    CALENDAR_ALLOW_PRIVATE: optional(flag),
    LOG_LEVEL: optional(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })),
    PUBLISH_TARGET: optional(publishTarget),
    S3_ENDPOINT: optional(httpUrl),
    S3_REGION: optional(
      z
        .string()
        .trim()
        .regex(/^[a-z0-9-]{1,32}$/, { error: 'must be a region name such as us-east-1 or auto' }),
    ),
    S3_FORCE_PATH_STYLE: optional(flag),
    AWS_ACCESS_KEY_ID: optional(
      z.string().trim().max(256, { error: 'must be at most 256 characters' }),
    ),
    AWS_SECRET_ACCESS_KEY: optional(
      z.string().trim().max(256, { error: 'must be at most 256 characters' }),
    ),
    SMTP_URL: optional(smtpUrl),
    MAIL_FROM: optional(z.email({ error: 'must be an e-mail address' })),
    NOTIFY_EMAIL: optional(z.email({ error: 'must be an e-mail address' })),
    UPI_ID: optional(
      z.string().trim().regex(UPI_ID_RE, { error: 'must be a UPI id written name@handle' }),
    ),
    UPI_MERCHANT_CODE: optional(
      z
        .string()
        .trim()
        .regex(/^\d{4}$/, {
          error: 'must be a 4-digit merchant category code, e.g. 7011 (lodging)',
        }),
    ),
    BOOKING_REQUEST_HOURS: optional(wholeNumber(1, 720, ' of hours')),
    GUEST_DATA_DAYS: optional(wholeNumber(1, 3650, ' of days')),
    BALANCE_DUE_DAYS: optional(wholeNumber(0, 365, ' of days')),
    BOOKING_REQUESTS_PER_HOUR: optional(wholeNumber(1, 100_000)),
    REGISTER_DAYS: optional(
      wholeNumber(1, 3650, ' of days').refine((n) => n >= 365, {
        error:
          'must be at least 365: the guest register is kept at least one year after departure (Immigration and Foreigners Rules 2025, rule 17)',
      }),
    ),
    REVIEW_DAYS: optional(wholeNumber(1, 365, ' of days')),
    BACKUP_TARGET: optional(publishTarget),
    BACKUP_KEY: optional(
      z
        .string()
        .trim()
        .transform((value, ctx) => {
          const key = Buffer.from(value, 'base64');
          if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value) || key.length !== 32) {
            ctx.addIssue({
              code: 'custom',
              message:
                'must be 32 random bytes in base64, e.g. the output of: openssl rand -base64 32',
            });
            return z.NEVER;
          }
          return key;
        }),
    ),
    BACKUP_HISTORY_DAYS: optional(wholeNumber(1, 365, ' of days')),
    RAZORPAY_KEY_ID: optional(
      z
        .string()
        .trim()
        .regex(/^rzp_(?:live|test)_[A-Za-z0-9]{8,32}$/, {
          error: 'must be a Razorpay key id, rzp_live_… or rzp_test_…',
        }),
    ),
    RAZORPAY_KEY_SECRET: optional(
      z
        .string()
        .trim()
        .regex(/^\S{8,256}$/, { error: secretError }),
    ),
    RAZORPAY_WEBHOOK_SECRET: optional(
      z
        .string()
        .trim()
        .regex(/^\S{8,256}$/, { error: secretError }),
    ),
    RAZORPAY_API_BASE: optional(httpUrl),
    PRIVACY_CONTACT: optional(z.email({ error: 'must be an e-mail address' })),
    PRIVACY_ANSWER_DAYS: optional(wholeNumber(1, 90, ' of days')),
  })
  .superRefine((env, ctx) => {
    // Variables that only make sense together: the owner account, the bucket's keys, the mailer.
    for (const [a, b] of BOTH_OR_NEITHER) {
      if ((env[a] === undefined) === (env[b] === undefined)) continue;
      const [missing, other] = env[a] === undefined ? [a, b] : [b, a];
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: `must be set too when ${other} is (set both or neither)`,
      });
    }
    // PAY-2: a payment link needs the key, and its webhook the webhook secret.
    const razorpay = RAZORPAY_VARIABLES.filter((name) => env[name] !== undefined);
    if (razorpay.length > 0) {
      for (const name of RAZORPAY_VARIABLES) {
        if (env[name] === undefined)
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: `must be set too when ${razorpay[0]} is (set all three of ${RAZORPAY_VARIABLES.join(', ')} or none)`,
          });
      }
    } else if (env.RAZORPAY_API_BASE !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['RAZORPAY_API_BASE'],
        message: 'is set but RAZORPAY_KEY_ID is not: set the three RAZORPAY_* keys too',
      });
    }
    if (env.BACKUP_TARGET !== undefined && env.BACKUP_KEY === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['BACKUP_KEY'],
        message:
          'must be set when BACKUP_TARGET is: 32 random bytes in base64 (openssl rand -base64 32)',
      });
    }
    // GST-1: the registered legal name and address are printed on every GST document.
    if (env.GSTIN !== undefined) {
      for (const name of ['GST_LEGAL_NAME', 'GST_ADDRESS'] as const) {
        if (env[name] === undefined)
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'must be set too when GSTIN is (as registered, printed on every invoice)',
          });
      }
    }
    if (env.PUBLISH_TARGET === undefined && env.BACKUP_TARGET === undefined) {
      for (const name of ['S3_ENDPOINT', 'S3_REGION', 'S3_FORCE_PATH_STYLE'] as const) {
        if (env[name] !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message:
              'is set but PUBLISH_TARGET is not (nor BACKUP_TARGET): set PUBLISH_TARGET=s3://{bucket}/{prefix} too',
          });
      }
    }
  });

/** One line per bad variable, e.g. `PORT must be a whole number from 0 to 65535 (got "eighty")`. */
function problemsOf(error: z.ZodError, env: NodeJS.ProcessEnv): string[] {
  const lines = new Map<string, string>();
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? 'environment');
    if (lines.has(name)) continue;
    const raw = env[name];
    const got = raw === undefined || SECRET.has(name) ? '' : ` (got "${raw}")`;
    lines.set(name, `${name} ${issue.message}${got}`);
  }
  return [...lines.values()];
}

/** Reads the configuration from `env` (default: process.env). Throws ConfigError. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(problemsOf(parsed.error, env));
  const e = parsed.data;
  /** A bucket and prefix with the shared S3_* settings and keys. */
  const bucketOf = (target: { bucket: string; prefix: string }): BucketConfig => ({
    ...target,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION ?? 'us-east-1',
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
    credentials:
      e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
        ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY }
        : undefined,
  });
  const port = e.PORT ?? 3000;
  return {
    port,
    host: e.HOST ?? '0.0.0.0',
    dataDir: path.resolve(e.DATA_DIR ?? './var'),
    renderCache: e.RENDER_CACHE === undefined ? undefined : path.resolve(e.RENDER_CACHE),
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    trustProxy: e.TRUST_PROXY ?? false,
    revisionsKept: e.REVISIONS_KEPT ?? DEFAULT_REVISIONS_KEPT,
    logLevel: e.LOG_LEVEL ?? 'info',
    site: {
      siteUrl: e.SITE_URL ?? `http://localhost:${port}`,
      siteUrlIsDefault: e.SITE_URL === undefined,
      businessName: e.BUSINESS_NAME ?? 'Stays In Chikmagalur',
      email: e.CONTACT_EMAIL ?? DEFAULT_CONTACT_EMAIL,
      phone: e.CONTACT_PHONE ?? '+91 94480 12345',
      socialUrl: e.SOCIAL_URL ?? 'https://www.instagram.com/staysinchikmagalur',
      officeAddress:
        e.OFFICE_ADDRESS ??
        'Third Floor, Sri Ganesha Complex, IG Road, Chikmagalur, Karnataka 577101, India',
      ...(e.GSTIN === undefined ? {} : { gstin: e.GSTIN }),
    },
    calendar: {
      syncMinutes: e.CALENDAR_SYNC_MINUTES ?? 15,
      allowPrivate: e.CALENDAR_ALLOW_PRIVATE === 'true',
      fetchTimeoutMs: 10_000,
    },
    publishBucket: e.PUBLISH_TARGET && bucketOf(e.PUBLISH_TARGET),
    backup:
      e.BACKUP_TARGET && e.BACKUP_KEY
        ? {
            bucket: bucketOf(e.BACKUP_TARGET),
            key: e.BACKUP_KEY,
            historyDays: e.BACKUP_HISTORY_DAYS ?? 7,
          }
        : undefined,
    bookings: {
      requestHours: e.BOOKING_REQUEST_HOURS ?? 48,
      guestDataDays: e.GUEST_DATA_DAYS ?? 365,
      balanceDueDays: e.BALANCE_DUE_DAYS ?? 0,
      upiId: e.UPI_ID,
      upiMerchantCode: e.UPI_MERCHANT_CODE,
      requestsPerHour: e.BOOKING_REQUESTS_PER_HOUR ?? 5,
      registerDays: e.REGISTER_DAYS ?? 400,
      reviewDays: e.REVIEW_DAYS ?? 60,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      notifyEmail: e.NOTIFY_EMAIL ?? e.CONTACT_EMAIL ?? DEFAULT_CONTACT_EMAIL,
    },
    gst:
      e.GSTIN === undefined
        ? undefined
        : {
            gstin: e.GSTIN,
            legalName: e.GST_LEGAL_NAME!,
            address: e.GST_ADDRESS!,
            invoicePrefix: e.INVOICE_PREFIX ?? 'STY',
            signatory: e.INVOICE_SIGNATORY,
          },
    razorpay:
      e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET && e.RAZORPAY_WEBHOOK_SECRET
        ? {
            keyId: e.RAZORPAY_KEY_ID,
            keySecret: e.RAZORPAY_KEY_SECRET,
            webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
            apiBase: e.RAZORPAY_API_BASE ?? 'https://api.razorpay.com',
          }
        : undefined,
    privacy: {
      contact: e.PRIVACY_CONTACT ?? e.CONTACT_EMAIL ?? DEFAULT_CONTACT_EMAIL,
      answerDays: e.PRIVACY_ANSWER_DAYS ?? 30,
    },
  };
}
