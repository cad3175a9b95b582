/**
 * The setup link's page (TEAM-3): `/account/setup/{token}`, a plain form (no script) where a new
 * person sets their own password, twice. Rendered through the one html module; `noindex`,
 * `no-store`, no referrer (the path holds the token).
 */
import { escapeHtml, pageCsp, pageHtml, securityHeaders } from '../html.js';
import { MIN_PASSWORD_LENGTH } from '../auth/credential-rules.js';
import { ROLE_NAMES, type Role } from '../../shared/permissions.js';

const STYLE =
  'body{margin:0;font:1.05rem/1.5 system-ui,sans-serif;color:#1d2a24;background:#f6f4ef}main{max-width:480px;margin:0 auto;padding:32px 20px}h1{font-size:1.6rem;margin:0 0 12px}label{display:block;margin:16px 0 4px;font-weight:650}input{box-sizing:border-box;width:100%;min-height:44px;font:inherit;padding:8px;border:1px solid #6b7a72;border-radius:6px}button{margin-top:20px;min-height:44px;padding:8px 20px;font:inherit;font-weight:650;color:#fff;background:#1f5f46;border:0;border-radius:6px}.problem{color:#8a1c1c;font-weight:650}';

/** The setup page's headers: its CSP (a form to this site), noindex, no referrer. */
export const SETUP_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  ...securityHeaders({ csp: pageCsp(STYLE, true), noindex: true, referrer: 'no-referrer' }),
};

/** The form for `username` (`role`), with `problem` above it when the last try was refused. */
export function setupPageHtml(username: string, role: Role, problem?: string): string {
  return pageHtml(
    'Set your password',
    STYLE,
    `<main>
<h1>Set your password</h1>
<p>Your account <strong>${escapeHtml(username)}</strong> (${escapeHtml(ROLE_NAMES[role])}) is ready once you choose a password of at least ${MIN_PASSWORD_LENGTH} characters. This link works once, for 24 hours.</p>
${problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post">
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}" required>
<label for="confirm">The same password again</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}" required>
<button type="submit">Set password</button>
</form>
</main>`,
  );
}
