/**
 * Debian's Chromium for the browser tests and the benchmark: never a downloaded browser. Without
 * these flags it hangs or floods the closed network with connection attempts (DEVELOPERS.md).
 */

/** The browser binary: CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
