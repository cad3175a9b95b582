/**
 * The Rates dialog's seasons (RATES-3, PRICE-2): add, edit and remove; each with a name, its first
 * and last night (every year: a month and a day; one year only: a date), a nightly rate and an
 * optional minimum stay. A season over New Year is one row ("20 Dec – 5 Jan, every year (over New
 * Year)"). Two seasons sharing a night are refused above the list, naming both (RATES-2).
 */
import { useId } from 'react';
import type { Season } from '../../../shared/property-fields.js';
import adminStyles from '../admin.module.css';
import { NumberInput, RatesSection } from './rate-controls.js';
import {
  SEASON_PART_LABELS,
  seasonErrorKey,
  seasonSpan,
  type RatesDialogState,
  type SeasonRow,
} from './use-rates-dialog.js';
import styles from './rates.module.css';
import { DateField } from '../../components/date-field.js';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const two = (n: number) => String(n).padStart(2, '0');

/** A night of every year: a month and a day, read as "MM-DD" (either part may be unchosen: ""). */
function MonthDay({
  label,
  value,
  labelledBy,
  invalid,
  describedBy,
  onChange,
}: {
  label: string;
  labelledBy: string;
  value: string;
  invalid: boolean;
  describedBy?: string;
  onChange: (value: string) => void;
}) {
  const [month = '', day = ''] = value.split('-');
  const common = {
    className: adminStyles.input,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
  };
  return (
    <div className={styles.monthDay} role="group" aria-labelledby={labelledBy}>
      <select
        {...common}
        aria-label={`${label}: month`}
        value={month}
        onChange={(e) => onChange(`${e.currentTarget.value}-${day}`)}
      >
        <option value="">Month</option>
        {MONTHS.map((name, i) => (
          <option key={name} value={two(i + 1)}>
            {name}
          </option>
        ))}
      </select>
      <select
        {...common}
        aria-label={`${label}: day`}
        value={day}
        onChange={(e) => onChange(`${month}-${e.currentTarget.value}`)}
      >
        <option value="">Day</option>
        {Array.from({ length: 31 }, (_, i) => (
          <option key={i} value={two(i + 1)}>
            {i + 1}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The first or the last night of a season, with its refusal under it. */
function SeasonNight({
  row,
  part,
  state,
}: {
  row: SeasonRow;
  part: 'from' | 'to';
  state: RatesDialogState;
}) {
  const id = useId();
  const label = SEASON_PART_LABELS[part];
  const error = state.errors[seasonErrorKey(row.key, part)];
  const set = (value: string) => state.setSeason(row.key, { [part]: value });
  return (
    <div className={styles.field}>
      {row.everyYear ? (
        <span className={styles.fieldLabel} id={`${id}-label`}>
          {label}
        </span>
      ) : (
        <label htmlFor={id}>{label}</label>
      )}
      {row.everyYear ? (
        <MonthDay
          label={label}
          labelledBy={`${id}-label`}
          value={row[part]}
          invalid={error !== undefined}
          describedBy={error ? `${id}-error` : undefined}
          onChange={set}
        />
      ) : (
        <DateField
          id={id}
          label={label}
          labelOutside
          value={row[part]}
          min={part === 'to' ? row.from || undefined : undefined}
          describedBy={error ? `${id}-error` : undefined}
          onChange={set}
        />
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

function SeasonItem({
  row,
  index,
  state,
}: {
  row: SeasonRow;
  index: number;
  state: RatesDialogState;
}) {
  const id = useId();
  const error = (part: keyof Season) => state.errors[seasonErrorKey(row.key, part)];
  const title = row.name.trim() || `Season ${index + 1}`;
  const span = seasonSpan(row);
  return (
    <li className={styles.season}>
      <div className={styles.seasonHead}>
        <h4 id={`${id}-title`}>
          {title}
          {span && <span className={styles.note}> · {span}</span>}
        </h4>
        <button
          type="button"
          className={adminStyles.danger}
          aria-label={`Remove season ${title}`}
          onClick={() => state.removeSeason(row.key)}
        >
          Remove
        </button>
      </div>
      <div className={styles.grid}>
        <div className={styles.field}>
          <label htmlFor={`${id}-name`}>{SEASON_PART_LABELS.name}</label>
          <input
            id={`${id}-name`}
            className={adminStyles.input}
            value={row.name}
            placeholder="New Year"
            aria-invalid={error('name') ? true : undefined}
            aria-describedby={error('name') ? `${id}-name-error` : undefined}
            onChange={(e) => state.setSeason(row.key, { name: e.currentTarget.value })}
          />
          {error('name') && (
            <p id={`${id}-name-error`} className={styles.error}>
              {error('name')}
            </p>
          )}
        </div>
        <fieldset className={styles.repeat}>
          <legend>Repeats</legend>
          <label>
            <input
              type="radio"
              name={`${id}-repeat`}
              checked={row.everyYear}
              onChange={() => state.setRepeat(row.key, true)}
            />
            Every year
          </label>
          <label>
            <input
              type="radio"
              name={`${id}-repeat`}
              checked={!row.everyYear}
              onChange={() => state.setRepeat(row.key, false)}
            />
            One year only
          </label>
        </fieldset>
        <SeasonNight row={row} part="from" state={state} />
        <SeasonNight row={row} part="to" state={state} />
        <NumberInput
          label={SEASON_PART_LABELS.nightlyRate}
          before="₹"
          value={row.nightlyRate}
          error={error('nightlyRate')}
          note="Every night of the season, weekends included."
          onChange={(text) => state.setSeason(row.key, { nightlyRate: text })}
        />
        <NumberInput
          label={SEASON_PART_LABELS.minNights}
          after="nights"
          value={row.minNights}
          error={error('minNights')}
          note="For a check-in in the season. Blank: the property's."
          onChange={(text) => state.setSeason(row.key, { minNights: text })}
        />
      </div>
    </li>
  );
}

export function SeasonsSection({ state }: { state: RatesDialogState }) {
  const id = useId();
  return (
    <RatesSection
      title="Seasons"
      hint="Dasara, New Year, long weekends: a season's rate prices every night in it. A season may run over New Year."
    >
      {state.errors.seasons && (
        <p id={`${id}-error`} className={styles.error}>
          {state.errors.seasons}
        </p>
      )}
      {state.draft.seasons.length > 0 && (
        <ul
          className={styles.seasons}
          aria-label="Seasons"
          aria-describedby={state.errors.seasons ? `${id}-error` : undefined}
        >
          {state.draft.seasons.map((row, i) => (
            <SeasonItem key={row.key} row={row} index={i} state={state} />
          ))}
        </ul>
      )}
      <button type="button" className={adminStyles.button} onClick={state.addSeason}>
        Add season
      </button>
    </RatesSection>
  );
}
