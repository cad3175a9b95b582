/**
 * ADMIN-1's test of the owner's browser, with no React, so the entry (entry-client.tsx, PERF-2)
 * can ask it before choosing which data script to load (decision 060).
 */

/** ADMIN-1: admin mode is on when a non-empty admin-key cookie is present. */
export function hasAdminKeyCookie(cookieHeader: string): boolean {
  return cookieHeader.split(';').some((part) => {
    const [key, ...rest] = part.trim().split('=');
    return key === 'admin-key' && rest.join('=').trim() !== '';
  });
}
