/**
 * The copy off the machine in the owner's bar (BACKUP-4): "Copied off the machine 3 s ago", how far
 * it lags, a warning past 10 minutes or while it cannot copy, or, without BACKUP_TARGET, that there
 * is no off-machine copy and where the README explains it. Asked at once and every 30 s; an answer
 * overtaken by the next question is dropped (useLatestCall, CLIENT-3).
 */
import { useEffect, useState } from 'react';
import type { BackupStatusAnswer } from '../../shared/api-types.js';
import { formatDuration } from '../../shared/instants.js';
import { API } from '../../shared/routes.js';
import { apiFetch } from '../api-fetch.js';
import { useLatestCall } from '../latest-call.js';
import styles from './admin.module.css';

/** How often the bar asks again, ms. */
const REFRESH_MS = 30_000;
/** A lag past this is a warning (the server mails the owner too). */
const WARN_SECONDS = 600;

/** The bar's sentence for `status` at `now` (ms), and whether it is a warning. */
function backupSentence(
  status: BackupStatusAnswer,
  now: number,
): { text: string; warning: boolean } {
  if (!status.configured) {
    return {
      text: 'No copy off this machine: a lost disk loses every booking. Ask whoever set up the server to turn on the copy off the machine (README, "A copy off the machine").',
      warning: true,
    };
  }
  if (status.error) return { text: `Not copied off the machine: ${status.error}`, warning: true };
  if (!status.lastCopyAt) return { text: 'Copying off the machine…', warning: false };
  const ago = formatDuration(now - Date.parse(status.lastCopyAt));
  if (status.lagSeconds > WARN_SECONDS) {
    return {
      text: `The copy off the machine is ${formatDuration(status.lagSeconds * 1000)} behind (last copied ${ago} ago).`,
      warning: true,
    };
  }
  return { text: `Copied off the machine ${ago} ago`, warning: false };
}

export function BackupLine() {
  const [line, setLine] = useState<{ text: string; warning: boolean } | null>(null);
  const latest = useLatestCall();
  useEffect(() => {
    const ask = () =>
      latest.run(
        (signal) => apiFetch(API.backupStatus, { signal }),
        (r) => {
          if (r.ok) setLine(backupSentence(r.value, Date.now()));
        },
      );
    ask();
    const timer = setInterval(ask, REFRESH_MS);
    return () => clearInterval(timer);
  }, [latest]);
  if (!line) return null;
  const { text, warning } = line;
  return (
    <p className={warning ? styles.backupWarning : styles.backup} data-backup-line="">
      {warning && <span aria-hidden="true">⚠ </span>}
      {text}
    </p>
  );
}
