/**
 * The team's API (TEAM-2..TEAM-7), shared by the server (src/server/team/, staff-links/,
 * access-log/) and the owner's Team dialog (src/web/admin/team/).
 */
import type { Role } from './permissions.js';

export const TEAM_API = {
  team: '/api/team',
  account: '/api/team/:username',
  sessions: '/api/sessions',
  session: '/api/sessions/:id',
  staffLinks: '/api/staff-links',
  staffLink: '/api/staff-links/:id',
  accessLog: '/api/access-log',
} as const;

/** Where a setup link points: `{ACCOUNT_SETUP_PATH}/{token}` (TEAM-3). */
export const ACCOUNT_SETUP_PATH = '/account/setup';

/** A staff link's page: `{STAFF_PAGE_PATH}/{token}`, and `.ics` after it (TEAM-6). */
export const STAFF_PAGE_PATH = '/t';

interface TeamAccount {
  username: string;
  role: Role;
  createdAt: string;
  lastLoginAt: string | null;
  /** Two-step login is on (TOTP-2). */
  twoStep: boolean;
}

export interface TeamAnswer {
  accounts: TeamAccount[];
  /** Accounts whose setup link is not used yet. */
  pending: { username: string; role: Role; expiresAt: string }[];
  /** The roles that must use two-step login (TOTP-5). */
  twoStepRequired: Role[];
}

export interface AccountAdded {
  username: string;
  role: Role;
  setupUrl: string;
}

export interface SessionInfo {
  id: string;
  username: string;
  createdAt: string;
  lastUsedAt: string;
  browser: string;
  network: string;
  current: boolean;
}

export interface StaffLinkInfo {
  id: number;
  label: string;
  propertyIds: string[] | null;
  createdBy: string;
  createdAt: string;
}

export interface StaffLinkCreated {
  id: number;
  url: string;
}

export interface AccessLogEntry {
  at: string;
  username: string;
  action: string;
  bookingReference?: string;
}
