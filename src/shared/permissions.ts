/**
 * The one permission table (TEAM-1, decision 043): what each role may do. The server checks every
 * route against it (auth/guard.ts: a route declares `permission: '<name>'`, deny by default), the
 * owner's tools show only the controls the role may use, the README prints it
 * (`permissionTableMarkdown`), and the route test derives every expected status from it.
 *
 * Adding a permission is one row here; a route then names it. A role is never checked by name
 * outside this module: ask `roleMay(role, permission)`.
 */

/** The roles an account can have (TEAM-1). */
export const ROLES = ['owner', 'manager', 'accountant'] as const;
export type Role = (typeof ROLES)[number];

/** A role in the owner's words. */
export const ROLE_NAMES: Record<Role, string> = {
  owner: 'Owner',
  manager: 'Manager',
  accountant: 'Accountant',
};

interface PermissionRow {
  /** What it allows, in the owner's words (the README's table and the 403's sentence). */
  area: string;
  /** The roles that have it. */
  roles: readonly Role[];
}

const ALL: readonly Role[] = ROLES;
const OWNER: readonly Role[] = ['owner'];
const OWNER_MANAGER: readonly Role[] = ['owner', 'manager'];

/**
 * Every permission, by the name a route declares. The rows follow issue's table (TEAM-1); where a
 * row of that table gives a role part of an area ("list only", "view, PDF", "invoice only",
 * "staff links"), the part is its own permission.
 */
export const PERMISSIONS = {
  content: { area: 'edit content and photos, publish', roles: OWNER_MANAGER },
  restoreRevision: { area: 'restore an earlier revision', roles: OWNER },
  rates: { area: 'change rates, seasons, fees and discounts', roles: OWNER },
  bookingsList: { area: 'see the bookings', roles: ALL },
  bookings: {
    area: 'accept, decline, mark paid or cancel bookings (without refund)',
    roles: OWNER_MANAGER,
  },
  money: {
    area: 'refund, cancel with refund, GST exemption, payment links',
    roles: OWNER,
  },
  calendar: { area: 'calendar feeds and blocks, double bookings', roles: OWNER_MANAGER },
  messages: { area: 'message rules and private arrival details', roles: OWNER_MANAGER },
  register: {
    area: 'guest register (ID numbers), check-in form, Form III worksheet, register CSV',
    roles: OWNER_MANAGER,
  },
  gstView: { area: 'see GST documents and their PDFs', roles: ALL },
  gstr1: { area: 'GSTR-1 export', roles: ['owner', 'accountant'] },
  issueInvoice: { area: 'issue a GST invoice', roles: OWNER_MANAGER },
  gstDocuments: { area: 'cancel a GST document or issue a credit note', roles: OWNER },
  reviews: { area: 'publish, reply to and hide reviews', roles: OWNER_MANAGER },
  staffLinks: { area: 'staff links for cleaners and caretakers', roles: OWNER_MANAGER },
  team: {
    area: "team, other accounts' sessions, access log, backup status",
    roles: OWNER,
  },
  reports: { area: "the business's figures (Reports)", roles: ['owner', 'accountant'] },
  privacy: { area: 'guests’ privacy requests and breaches', roles: OWNER },
} as const satisfies Record<string, PermissionRow>;

export type Permission = keyof typeof PERMISSIONS;

/**
 * What a route declares (TEAM-1): a permission, `account` (any logged-in account: its own
 * session, its own sessions list) or `public` (no login at all, said explicitly).
 */
export type RouteAccess = Permission | 'account' | 'public';

/** Every permission name, in the table's order. */
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** True when `role` has `permission` (TEAM-1). */
export function roleMay(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission].roles as readonly Role[]).includes(role);
}

/** True when `value` is a role. */
export function isRole(value: unknown): value is Role {
  return (ROLES as readonly unknown[]).includes(value);
}

/** The 403's sentence (TEAM-1): "A manager may not change rates, …: ask an owner." */
export function refusalOf(role: Role, permission: Permission): string {
  const article = role === 'owner' ? 'An' : role === 'accountant' ? 'An' : 'A';
  return `${article} ${role} may not ${PERMISSIONS[permission].area}: ask an owner.`;
}

/** The table as Markdown, as the README prints it (TEAM-1); a test keeps the README equal to it. */
export function permissionTableMarkdown(): string {
  const head = `| permission | what it allows | ${ROLES.map((r) => ROLE_NAMES[r]).join(' | ')} |`;
  const rule = `|---|---|${ROLES.map(() => '---').join('|')}|`;
  const rows = PERMISSION_NAMES.map(
    (p) =>
      `| \`${p}\` | ${PERMISSIONS[p].area} | ${ROLES.map((r) => (roleMay(r, p) ? '✓' : '–')).join(' | ')} |`,
  );
  return [head, rule, ...rows].join('\n');
}
