/**
 * The staff page's days (TEAM-6): for each of the next STAFF_DAYS days from today in
 * Asia/Kolkata and each property, who leaves, who arrives (number of guests, expected arrival
 * time), whether that is a same-day turnover, and whether the night is blocked. Built from the
 * nights module's staff view (`staffStays`, `staffBlocks`): direct and channel stays alike, and
 * nothing about a guest but the count and the time.
 */
import { addDays } from '../../shared/calendar-dates.js';
import type { StaffStay } from '../nights/store.js';
import type { DateRange } from '../../shared/calendar-dates.js';

/** How many days the page and the calendar cover, today included. */
export const STAFF_DAYS = 14;

export interface StaffPropertyDay {
  propertyId: string;
  name: string;
  departures: number;
  arrivals: { guests?: number; arrivalTime?: string }[];
  /** A stay leaves and another arrives the same day: clean in between. */
  turnover: boolean;
  /** The night from this day to the next is blocked by the owner. */
  blocked: boolean;
}

export interface StaffDay {
  date: string;
  properties: StaffPropertyDay[];
}

/**
 * The days from `today`, each with the properties that have something (in `names`' order;
 * properties not in `names` are left out).
 */
export function staffSchedule(
  today: string,
  names: ReadonlyMap<string, string>,
  stays: readonly StaffStay[],
  blocks: readonly (DateRange & { propertyId: string })[],
): StaffDay[] {
  const days: StaffDay[] = [];
  for (let i = 0; i < STAFF_DAYS; i++) {
    const date = addDays(today, i);
    const properties: StaffPropertyDay[] = [];
    for (const [propertyId, name] of names) {
      const mine = stays.filter((s) => s.propertyId === propertyId);
      const departures = mine.filter((s) => s.end === date).length;
      const arrivals = mine
        .filter((s) => s.start === date)
        .map((s) => ({
          ...(s.guests === undefined ? {} : { guests: s.guests }),
          ...(s.arrivalTime === undefined ? {} : { arrivalTime: s.arrivalTime }),
        }));
      const blocked = blocks.some(
        (b) => b.propertyId === propertyId && b.start <= date && date < b.end,
      );
      if (departures === 0 && arrivals.length === 0 && !blocked) continue;
      properties.push({
        propertyId,
        name,
        departures,
        arrivals,
        turnover: departures > 0 && arrivals.length > 0,
        blocked,
      });
    }
    days.push({ date, properties });
  }
  return days;
}
