/**
 * SAF-6: the owner's change that the server refused as stale (409), kept across the reload. The
 * page was opened before the site changed elsewhere (another tab, another device, a restore), so
 * the owner has to reload and make the change again, and needs to see what it was to do so. The
 * lines are the 409 answer's `yourChanges` (the server's words, flush.ts), kept in sessionStorage
 * (UNSAVED_KEY) so they are still shown after the reload.
 */

/** sessionStorage key of the refused change (a JSON array of lines): this tab only, gone with it. */
export const UNSAVED_KEY = 'stays:unsaved-change';

/** The refused change kept for this tab, or null (none, or storage unavailable or unreadable). */
export function readUnsavedChange(storage: Storage | undefined): string[] | null {
  try {
    const raw = storage?.getItem(UNSAVED_KEY);
    if (!raw) return null;
    const lines: unknown = JSON.parse(raw);
    return Array.isArray(lines) && lines.every((l) => typeof l === 'string') && lines.length > 0
      ? lines
      : null;
  } catch {
    return null;
  }
}

/** Keeps (or with null, forgets) the refused change for this tab; storage failures are ignored. */
export function keepUnsavedChange(storage: Storage | undefined, lines: string[] | null): void {
  try {
    if (lines && lines.length > 0) storage?.setItem(UNSAVED_KEY, JSON.stringify(lines));
    else storage?.removeItem(UNSAVED_KEY);
  } catch {
    // A private window may refuse storage: the change is still shown until the reload.
  }
}
