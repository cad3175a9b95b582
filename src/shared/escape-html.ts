/**
 * The one HTML escape of the project (HTML-2): text made safe for HTML content and for double- or
 * single-quoted attribute values (OWASP XSS Prevention Cheat Sheet, rules 1 and 2), as numeric
 * character references. Pure, so the server's pages and mail (through `src/server/html.ts`) and
 * the server renderer's head (`src/web/*.server.ts`, `entry-server.tsx`) share it.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
