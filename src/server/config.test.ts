/**
 * Environment checking at start (OPS-7): one zod schema, one line per bad variable, secrets never
 * repeated, LOG_LEVEL taking pino's levels.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, envSchema, loadConfig, LOG_LEVELS } from './config.js';

/** The lines loadConfig refuses `env` with; [] when it accepts it. */
function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment, and for blank values', () => {
    for (const env of [{}, { PORT: '', HOST: ' ', SITE_URL: '', LOG_LEVEL: '' }]) {
      const config = loadConfig(env);
      expect(config).toMatchObject({
        port: 3000,
        host: '0.0.0.0',
        dataDir: path.resolve('var'),
        adminUsername: undefined,
        adminPassword: undefined,
        trustProxy: false,
        logLevel: 'info',
        revisionsKept: 200,
        calendar: { syncMinutes: 15, allowPrivate: false, fetchTimeoutMs: 10_000 },
      });
      expect(config.site).toMatchObject({
        siteUrl: 'http://localhost:3000',
        siteUrlIsDefault: true,
        email: 'support@staysinchikmagalur.example',
      });
    }
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/stays',
      ADMIN_USERNAME: 'anita',
      ADMIN_PASSWORD: 'coffee-estate-2026',
      SITE_URL: 'https://stays.example/',
      BUSINESS_NAME: 'Hill Stays',
      CONTACT_EMAIL: 'hello@stays.example',
      CONTACT_PHONE: '+91 (80) 1234-5678',
      SOCIAL_URL: 'https://social.example/stays',
      OFFICE_ADDRESS: 'IG Road, Chikmagalur',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      REVISIONS_KEPT: '50',
      CALENDAR_SYNC_MINUTES: '30',
      CALENDAR_ALLOW_PRIVATE: 'true',
    });
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/stays',
      adminUsername: 'anita',
      adminPassword: 'coffee-estate-2026',
      trustProxy: 1,
      revisionsKept: 50,
      logLevel: 'warn',
      site: {
        siteUrl: 'https://stays.example',
        siteUrlIsDefault: false,
        businessName: 'Hill Stays',
        email: 'hello@stays.example',
        phone: '+91 (80) 1234-5678',
        socialUrl: 'https://social.example/stays',
        officeAddress: 'IG Road, Chikmagalur',
      },
      calendar: { syncMinutes: 30, allowPrivate: true, fetchTimeoutMs: 10_000 },
      bookings: {
        requestHours: 48,
        guestDataDays: 365,
        requestsPerHour: 5,
        registerDays: 400,
        reviewDays: 60,
        balanceDueDays: 0,
      },
      mail: { notifyEmail: 'hello@stays.example' },
      privacy: { contact: 'hello@stays.example', answerDays: 30 },
    });
  });

  it('PRIV-2: PRIVACY_CONTACT and PRIVACY_ANSWER_DAYS (1 to 90)', () => {
    expect(
      loadConfig({ PRIVACY_CONTACT: 'dpo@stays.example', PRIVACY_ANSWER_DAYS: '90' }).privacy,
    ).toEqual({
      contact: 'dpo@stays.example',
      answerDays: 90,
    });
    expect(() => loadConfig({ PRIVACY_ANSWER_DAYS: '91' })).toThrow(
      /PRIVACY_ANSWER_DAYS must be a whole number of days from 1 to 90/,
    );
    expect(() => loadConfig({ PRIVACY_CONTACT: 'not an address' })).toThrow(
      /PRIVACY_CONTACT must be an e-mail address/,
    );
  });

  it('takes every pino level and silent as LOG_LEVEL', () => {
    for (const level of LOG_LEVELS) expect(loadConfig({ LOG_LEVEL: level }).logLevel).toBe(level);
    expect(LOG_LEVELS).toEqual(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);
  });

  it('refuses each bad variable with one line naming it and the value given', () => {
    const lines = problems({
      PORT: 'eighty',
      SITE_URL: 'stays.example',
      SOCIAL_URL: 'ftp://files.example',
      CONTACT_EMAIL: 'not an address',
      CONTACT_PHONE: 'call us',
      LOG_LEVEL: 'verbose',
      ADMIN_USERNAME: 'anita smith',
      ADMIN_PASSWORD: 'coffee-estate-2026',
    });
    expect(lines).toEqual([
      'PORT must be a whole number from 0 to 65535 (got "eighty")',
      'ADMIN_USERNAME must be letters, digits, dots, dashes, underscores or @ signs (got "anita smith")',
      'SITE_URL must be an absolute http or https URL (got "stays.example")',
      'CONTACT_EMAIL must be an e-mail address (got "not an address")',
      'CONTACT_PHONE must be a phone number: digits, spaces, ( ) . - and a leading + (got "call us")',
      'SOCIAL_URL must be an absolute http or https URL (got "ftp://files.example")',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "verbose")',
    ]);
    expect(problems({ PORT: '65536' })).toEqual([
      'PORT must be a whole number from 0 to 65535 (got "65536")',
    ]);
    expect(problems({ PORT: '-1' })).toHaveLength(1);
  });

  it('reads GSTIN (PRICE-5, GST-1) upper-cased into the public site details, and refuses a malformed one', () => {
    const registered = {
      GST_LEGAL_NAME: 'Stays Hospitality LLP',
      GST_ADDRESS: 'IG Road, Chikmagalur',
    };
    expect(loadConfig({}).site.gstin).toBeUndefined();
    expect(loadConfig({}).gst).toBeUndefined();
    expect(loadConfig({ GSTIN: ' ' }).site.gstin).toBeUndefined();
    const config = loadConfig({ GSTIN: ' 29abcde1234f1zw ', ...registered });
    expect(config.site.gstin).toBe('29ABCDE1234F1ZW');
    expect(config.gst).toEqual({
      gstin: '29ABCDE1234F1ZW',
      legalName: 'Stays Hospitality LLP',
      address: 'IG Road, Chikmagalur',
      invoicePrefix: 'STY',
      signatory: undefined,
    });
    for (const bad of ['29ABCDE1234F1Z', '29ABCDE1234F1X5', 'ABCDE1234F1Z5', '29ABCDE12345FZ5']) {
      expect(problems({ GSTIN: bad, ...registered })).toEqual([
        `GSTIN must be a 15-character GSTIN: state code, PAN, entity number, Z and a check character, e.g. 29ABCDE1234F1ZW (got "${bad}")`,
      ]);
    }
    // GST-1: the shape is right but the check character or the state code is not.
    expect(problems({ GSTIN: '29ABCDE1234F1Z5', ...registered })).toEqual([
      'GSTIN has a wrong check character (the 15th): check it for a typing mistake (got "29ABCDE1234F1Z5")',
    ]);
    expect(problems({ GSTIN: '28ABCDE1234F1ZW', ...registered })).toEqual([
      'GSTIN starts with 28, which is no state code (got "28ABCDE1234F1ZW")',
    ]);
    expect(problems({ GSTIN: '29ABCDE1234F1ZW' })).toEqual([
      'GST_LEGAL_NAME must be set too when GSTIN is (as registered, printed on every invoice)',
      'GST_ADDRESS must be set too when GSTIN is (as registered, printed on every invoice)',
    ]);
    expect(
      loadConfig({
        GSTIN: '29ABCDE1234F1ZW',
        ...registered,
        INVOICE_PREFIX: 'AB12',
        INVOICE_SIGNATORY: 'R. Gowda',
      }).gst,
    ).toMatchObject({ invoicePrefix: 'AB12', signatory: 'R. Gowda' });
    for (const bad of ['sty', 'STAYS', 'S-1']) {
      expect(problems({ INVOICE_PREFIX: bad })).toEqual([
        `INVOICE_PREFIX must be 1 to 4 capital letters or digits, e.g. STY (got "${bad}")`,
      ]);
    }
  });

  it('reads the booking and mail variables (BOOK-7..BOOK-9) with their defaults, and refuses bad ones naming each, never repeating SMTP_URL', () => {
    const none = loadConfig({ CONTACT_EMAIL: 'hello@stays.test' });
    expect(none.bookings).toMatchObject({ requestHours: 48, guestDataDays: 365, upiId: undefined });
    expect(none.mail).toEqual({
      smtpUrl: undefined,
      from: undefined,
      notifyEmail: 'hello@stays.test',
    });
    const set = loadConfig({
      SMTP_URL: 'smtps://mailer:pa55@mail.example:465',
      MAIL_FROM: 'bookings@stays.test',
      NOTIFY_EMAIL: 'owner@stays.test',
      UPI_ID: 'stays.chikmagalur@okhdfcbank',
      UPI_MERCHANT_CODE: '7011',
      BOOKING_REQUEST_HOURS: '24',
      GUEST_DATA_DAYS: '90',
      BALANCE_DUE_DAYS: '7',
      BOOKING_REQUESTS_PER_HOUR: '20',
    });
    expect(set.mail).toEqual({
      smtpUrl: 'smtps://mailer:pa55@mail.example:465',
      from: 'bookings@stays.test',
      notifyEmail: 'owner@stays.test',
    });
    expect(set.bookings).toMatchObject({
      requestHours: 24,
      guestDataDays: 90,
      balanceDueDays: 7,
      upiId: 'stays.chikmagalur@okhdfcbank',
      upiMerchantCode: '7011',
      requestsPerHour: 20,
    });
    expect(
      problems({
        SMTP_URL: 'https://mailer:pa55word@mail.example',
        MAIL_FROM: 'me',
        UPI_ID: 'not a upi id',
        UPI_MERCHANT_CODE: '70111',
        BOOKING_REQUEST_HOURS: '0',
        GUEST_DATA_DAYS: '5000',
      }),
    ).toEqual([
      'SMTP_URL must be smtp://user:password@host:port or smtps://user:password@host:port',
      'MAIL_FROM must be an e-mail address (got "me")',
      'UPI_ID must be a UPI id written name@handle (got "not a upi id")',
      'UPI_MERCHANT_CODE must be a 4-digit merchant category code, e.g. 7011 (lodging) (got "70111")',
      'BOOKING_REQUEST_HOURS must be a whole number of hours from 1 to 720 (got "0")',
      'GUEST_DATA_DAYS must be a whole number of days from 1 to 3650 (got "5000")',
    ]);
    expect(problems({ SMTP_URL: 'smtp://u:pa55word@mail.example' })).toEqual([
      'MAIL_FROM must be set too when SMTP_URL is (set both or neither)',
    ]);
  });

  it('never repeats the value of ADMIN_PASSWORD', () => {
    const err = (() => {
      try {
        loadConfig({ ADMIN_USERNAME: 'anita', ADMIN_PASSWORD: 'hunter2-xx' });
      } catch (e) {
        return e as ConfigError;
      }
      throw new Error('accepted a 10-character password');
    })();
    expect(err.problems).toEqual(['ADMIN_PASSWORD must be at least 12 characters long']);
    expect(err.message).not.toContain('hunter2');
  });

  it('accepts .env.example as it is, and it names every variable the schema knows', () => {
    const example = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../.env.example'),
      'utf8',
    );
    const env = Object.fromEntries(
      example
        .split('\n')
        .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(problems(env)).toEqual([]);
    expect(Object.keys(env).sort()).toEqual(Object.keys(envSchema.shape).sort());
  });

  it('reads TRUST_PROXY as proxies in front (OPS-5), and refuses true with one line', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(problems({ TRUST_PROXY: 'true' })).toEqual([
      expect.stringMatching(/^TRUST_PROXY must not be true: it would take the left-most/),
    ]);
  });

  it('refuses out-of-range revision counts and sync minutes, one line each', () => {
    expect(problems({ REVISIONS_KEPT: '0', CALENDAR_SYNC_MINUTES: 'often' })).toEqual([
      'REVISIONS_KEPT must be a whole number from 1 to 1000000 (got "0")',
      'CALENDAR_SYNC_MINUTES must be a whole number of minutes from 0 to 1440 (got "often")',
    ]);
  });

  it("reads PUBLISH_TARGET as a bucket and a prefix (CDN-1), refuses anything else naming the variable, and never repeats the bucket's secret", () => {
    for (const bad of ['s3://', 'http://bucket/x', 's3://Bucket', 's3://b', 's3://bucket/../x', 's3://bucket//x', 's3://bucket/a b']) {
      expect(() => loadConfig({ PUBLISH_TARGET: bad }), bad).toThrow(/^PUBLISH_TARGET must be s3:\/\/\{bucket\}/);
    } // prettier-ignore
    expect(loadConfig({ PUBLISH_TARGET: 's3://stays-site' }).publishBucket).toMatchObject({
      bucket: 'stays-site',
      prefix: '',
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(loadConfig({ PUBLISH_TARGET: 's3://stays-site/a/b/' }).publishBucket?.prefix).toBe(
      'a/b/',
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /^S3_ENDPOINT is set but PUBLISH_TARGET is not/,
    );
    const SECRET_VALUE = 'a-secret-never-repeated';
    let message = '';
    try {
      loadConfig({ PUBLISH_TARGET: 's3://stays-site', AWS_SECRET_ACCESS_KEY: SECRET_VALUE });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      'AWS_ACCESS_KEY_ID must be set too when AWS_SECRET_ACCESS_KEY is (set both or neither)',
    );
    const tooLong = `${SECRET_VALUE}-${'x'.repeat(300)}`;
    expect(problems({ AWS_ACCESS_KEY_ID: tooLong, AWS_SECRET_ACCESS_KEY: tooLong })).toEqual([
      'AWS_ACCESS_KEY_ID must be at most 256 characters',
      'AWS_SECRET_ACCESS_KEY must be at most 256 characters',
    ]);
    expect(loadConfig({}).publishBucket).toBeUndefined();
  });
});
