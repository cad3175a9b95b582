import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.js';

/**
 * Browser tests in Debian's Chromium (never a downloaded browser) against a real server started by
 * e2e/global-setup.ts on a free loopback port with a temporary DATA_DIR.
 * Projects: a landscape desktop (1366 × 768) and a portrait phone (390 × 844, touch, en-US).
 */
const launchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

/** Specs run on the phone project only (see the desktop project). */
const DESKTOP_SKIPS = [
  'gst-documents.spec.ts',
  'payments.spec.ts',
  'guest-register.spec.ts',
  'messages.spec.ts',
  'revision-preview.spec.ts',
  'money-screenshots.spec.ts',
  'refund-screenshots.spec.ts',
  'bookings-screenshots.spec.ts',
  'conflicts-screenshots.spec.ts',
  'admin.spec.ts',
  'owner-tools.spec.ts',
  'availability.spec.ts',
  'reviews.spec.ts',
  'bookings-inbox.spec.ts',
  'booking-page.spec.ts',
  'login.spec.ts',
  'team.spec.ts',
  'two-step.spec.ts',
  'privacy-desk.spec.ts',
  'stylesheets.spec.ts',
].map((spec) => `**/${spec}`);

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    [
      'json',
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '.test-results/playwright.json' },
    ],
  ],
  use: {
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 768 }, launchOptions },
      // CI's 25 minutes: the owner's flows (money, register, messages, in-place editing, the
      // inbox, calendars, login, the team, two-step login, the privacy desk) and the screenshot
      // tours run on the phone, the owner's own device (decision 055). The desktop keeps the
      // visitor's pages, the enquiry, a11y and keyboard, the hero's LCP, the privacy notice,
      // Rates, Reports, Today and the month grid, whose layouts differ on a wide screen.
      testIgnore: DESKTOP_SKIPS,
    },
    {
      name: 'phone',
      // The owner's and most visitors' phone: 390 × 844, touch, and a browser in en-US, so a
      // date written in the browser's order (12/11/2026) shows where '11 Dec 2026' is meant.
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        screen: { width: 390, height: 844 },
        locale: 'en-US',
        launchOptions,
      },
    },
  ],
});
