/**
 * Staff links (TEAM-6): links for the people who clean and keep the keys, made, listed and
 * withdrawn by an account with the `staffLinks` permission. The token (256 random bits) is shown
 * once, at creation, and kept only as its SHA-256; a withdrawn link answers 404. Every change is
 * written to the access log (TEAM-7).
 */
import crypto from 'node:crypto';
import type { AccessLog } from '../access-log/service.js';
import { hashId } from '../auth/sessions.js';
import type { Db } from '../store/db.js';
import { today } from '../../shared/calendar-dates.js';
import type { Clock } from '../../shared/instants.js';
import { STAFF_PAGE_PATH } from '../../shared/team.js';
import { staffBlocks, staffStays } from '../nights/store.js';
import { deleteLink, insertLink, linkByTokenHash, listLinks, type StaffLinkRow } from './store.js';
import { STAFF_DAYS, staffSchedule, type StaffDay } from './schedule.js';
import { addDays } from '../../shared/calendar-dates.js';

export class StaffLinks {
  constructor(
    private readonly db: Db,
    private readonly siteUrl: string,
    private readonly clock: Clock,
    private readonly log: AccessLog,
  ) {}

  /** A new link for `label` (and only `propertyIds`, when given), made by `by`. */
  create(by: string, label: string, propertyIds: string[] | null): { id: number; url: string } {
    const token = crypto.randomBytes(32).toString('base64url');
    const id = this.db.transaction(() => {
      const linkId = insertLink(this.db, {
        label,
        propertyIds,
        tokenHash: hashId(token),
        createdBy: by,
        createdAt: this.clock(),
      });
      this.log.record({ username: by, action: `staff link made: ${label}` });
      return linkId;
    })();
    return { id, url: new URL(`${STAFF_PAGE_PATH}/${token}`, this.siteUrl).href };
  }

  list(): StaffLinkRow[] {
    return listLinks(this.db);
  }

  /** Withdraws link `id`; false when there is none. */
  remove(by: string, id: number): boolean {
    return this.db.transaction(() => {
      const label = deleteLink(this.db, id);
      if (label !== undefined)
        this.log.record({ username: by, action: `staff link withdrawn: ${label}` });
      return label !== undefined;
    })();
  }

  /** The link of `token`, or undefined (unknown or withdrawn). */
  linkOf(token: string): StaffLinkRow | undefined {
    if (token.length > 100) return undefined;
    return linkByTokenHash(this.db, hashId(token));
  }

  /** The link's days from today in Asia/Kolkata, over the properties it covers (`names`: id → name). */
  schedule(link: StaffLinkRow, names: ReadonlyMap<string, string>): StaffDay[] {
    const from = today(this.clock());
    const to = addDays(from, STAFF_DAYS);
    const covered = new Map(
      [...names].filter(([id]) => link.propertyIds === null || link.propertyIds.includes(id)),
    );
    return staffSchedule(
      from,
      covered,
      staffStays(this.db, from, to),
      staffBlocks(this.db, from, to),
    );
  }
}
