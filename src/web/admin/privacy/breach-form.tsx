/**
 * Record a breach (PRIV-11; DPDP Rules 2025 rule 7): when the owner found out (a day as
 * `11 Dec 2026` and a time, India), what happened, what data it touched, which guests (every guest
 * or the bookings named by reference) and what was done. The Board's 72 hours (rule 7(2)(b)) run
 * from the time given. Phone-first: one column, fields and buttons at least 44 px high.
 */
import { useState, type FormEvent } from 'react';
import { DateField } from '../../components/date-field.js';
import admin from '../admin.module.css';
import { today } from '../../../shared/calendar-dates.js';
import { PROPERTY_TIME_ZONE, formatClock, zonedTimeToUtc } from '../../../shared/instants.js';
import type { BreachBody } from '../../../shared/privacy.js';
import styles from './privacy.module.css';

/** The instant of `day` (YYYY-MM-DD) at `time` (HH:MM) in India, ISO; '' when either is missing. */
function instantOf(day: string, time: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  if (!year || !month || !date || hour === undefined || minute === undefined) return '';
  const ms = zonedTimeToUtc(
    { year, month, day: date, hour, minute, second: 0 },
    PROPERTY_TIME_ZONE,
  );
  return new Date(ms).toISOString();
}

export function BreachForm({
  busy,
  record,
  cancel,
}: {
  busy: boolean;
  record: (body: BreachBody) => Promise<boolean>;
  cancel: () => void;
}) {
  const [opened] = useState(() => Date.now());
  const [day, setDay] = useState(() => today(opened));
  const [time, setTime] = useState(() => formatClock(opened));
  const [description, setDescription] = useState('');
  const [dataAffected, setDataAffected] = useState('');
  const [who, setWho] = useState<'all' | 'some'>('some');
  const [references, setReferences] = useState('');
  const [measures, setMeasures] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    const named = references
      .split(/[\s,]+/)
      .map((r) => r.trim().toUpperCase())
      .filter(Boolean);
    const ok = await record({
      discoveredAt: instantOf(day, time),
      description,
      ...(dataAffected.trim() ? { dataAffected } : {}),
      measures,
      affected: who === 'all' ? 'all' : named,
    });
    if (ok) cancel();
  }

  return (
    <form
      className={styles.breachForm}
      onSubmit={(e) => void submit(e)}
      aria-label="Record a breach"
    >
      <p className={styles.rule}>
        The law (DPDP Rules 2025, rule 7) asks you to tell the Data Protection Board at once, send
        it a full report within 72 hours of finding out, and tell each guest affected.
      </p>
      <div className={styles.when}>
        <DateField
          label="Found out on"
          value={day}
          onChange={setDay}
          required
          max={today(opened)}
        />
        <label className={styles.field}>
          <span className={styles.label}>At (India time)</span>
          <input
            type="time"
            className={styles.input}
            value={time}
            required
            onChange={(e) => setTime(e.target.value)}
          />
        </label>
      </div>
      <label className={styles.field}>
        <span className={styles.label}>What happened, where and how</span>
        <textarea
          className={styles.text}
          value={description}
          required
          maxLength={4000}
          onChange={(e) => setDescription(e.target.value)}
        />
      </label>
      <label className={styles.field}>
        <span className={styles.label}>What data it touched (e.g. names, phones, ID photos)</span>
        <input
          className={styles.input}
          value={dataAffected}
          maxLength={1000}
          onChange={(e) => setDataAffected(e.target.value)}
        />
      </label>
      <fieldset className={styles.who}>
        <legend className={styles.label}>Which guests</legend>
        <label className={styles.choice}>
          <input
            type="radio"
            name="breach-who"
            checked={who === 'some'}
            onChange={() => setWho('some')}
          />
          Only these bookings
        </label>
        <label className={styles.choice}>
          <input
            type="radio"
            name="breach-who"
            checked={who === 'all'}
            onChange={() => setWho('all')}
          />
          Every guest with a booking
        </label>
        {who === 'some' && (
          <label className={styles.field}>
            <span className={styles.label}>Booking references, separated by spaces</span>
            <input
              className={styles.input}
              value={references}
              required
              autoCapitalize="characters"
              placeholder="STY-…"
              onChange={(e) => setReferences(e.target.value)}
            />
          </label>
        )}
      </fieldset>
      <label className={styles.field}>
        <span className={styles.label}>What you have done about it</span>
        <textarea
          className={styles.text}
          value={measures}
          required
          maxLength={4000}
          onChange={(e) => setMeasures(e.target.value)}
        />
      </label>
      <div className={styles.actions}>
        <button type="submit" className={admin.primary} disabled={busy}>
          Record the breach
        </button>
        <button type="button" className={admin.button} onClick={cancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
