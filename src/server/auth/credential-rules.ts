/**
 * The owner's username and password rules, on their own so that config.ts (which checks
 * ADMIN_USERNAME and ADMIN_PASSWORD, OPS-7) and accounts.ts share them without an import cycle.
 */

/** NIST SP 800-63B §5.1.1.2 asks for at least 8; we ask 12 for an account that can rewrite the site. */
export const MIN_PASSWORD_LENGTH = 12;
/** Long enough for any passphrase or password manager (ASVS 2.1.2 asks at least 64 be allowed). */
export const MAX_PASSWORD_LENGTH = 1024;
export const MAX_USERNAME_LENGTH = 64;
export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]+$/;
