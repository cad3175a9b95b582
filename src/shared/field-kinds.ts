/**
 * The kinds of the property-field table (property-fields.ts), each ONE definition: the import rule
 * of a field of that kind (zod, used by site-data.ts), how an owner's typed answer is read into a
 * value (catalogue.ts setDetail), and what the owner's prompt says to type (admin-actions.ts). A
 * typed answer is read, then checked by the same import rule, so a field's limits are written once
 * and the owner's refusal and the import's 400 say the same words (DATA-2, AVL-2, PRICE-1).
 *
 * Uses zod: visitor pages never import this module (PERF-2), only the owner's tools and the server.
 */
import { z } from 'zod';
import { isCalendarDate } from './calendar-dates.js';
import { LIMITS, TIME_RE, type FieldKind, type FieldSpec, type Season } from './property-fields.js';
import { ANNUAL_DATE_RE, isAnnual, seasonsOverlap } from './seasons.js';

/** The zod type of each kind. */
export interface ZodOfKind {
  text: z.ZodString;
  html: z.ZodString;
  time: z.ZodString;
  url: z.ZodString;
  count: z.ZodNumber;
  money: z.ZodNumber;
  percent: z.ZodNumber;
  list: z.ZodArray<z.ZodString>;
  seasons: z.ZodType<Season[]>;
}

/** One kind: its import rule, how a typed answer is read, what the prompt says to type. */
interface KindDefinition<K extends FieldKind> {
  /** The import rule of a field of this kind with the row's limits; its messages complete "The {label} …". */
  schema(spec: FieldSpec<K>): ZodOfKind[K];
  /**
   * The owner's typed answer as the value the import rule then checks ("₹4,500" → 4500). Throws
   * RangeError naming the field for a kind the owner does not type.
   */
  read(answer: string, field: string): unknown;
  /** Appended to the prompt ("New nightly rate for X, in whole rupees:"); '' for none. */
  hint: string;
  /** The refusal quotes the owner's answer ('"abc" is not'): short answers only. */
  echo: boolean;
}

/** A whole number of `unit` from the row's min (0 when unset) to its max. */
function wholeNumber(spec: FieldSpec, unit: string, defaultMax: number): z.ZodNumber {
  const min = spec.min ?? 0;
  const max = spec.max ?? defaultMax;
  const error = `must be a whole number${unit} from ${min} to ${max}`;
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

/** "1,500", "₹ 1,500", " 3 " as the number the import rule checks; anything else as a string it refuses. */
function readNumber(answer: string, strip: RegExp): unknown {
  const text = answer.trim().replace(strip, '').replace(/,/g, '').trim();
  return /^\d{1,9}$/.test(text) ? Number(text) : text;
}

function notTyped(field: string): never {
  throw new RangeError(`"${field}" is not a detail that can be edited this way.`);
}

const SEASON_DATE_ERROR = 'must be MM-DD (every year) or YYYY-MM-DD (that year only)';

const seasonSchema = z
  .object({
    name: z
      .string({ error: 'must be text' })
      .trim()
      .min(1, { error: 'must not be blank' })
      .max(LIMITS.seasonName, { error: `can be at most ${LIMITS.seasonName} characters long` }),
    from: z
      .string({ error: SEASON_DATE_ERROR })
      .refine((v) => ANNUAL_DATE_RE.test(v) || isCalendarDate(v), { error: SEASON_DATE_ERROR }),
    to: z
      .string({ error: SEASON_DATE_ERROR })
      .refine((v) => ANNUAL_DATE_RE.test(v) || isCalendarDate(v), { error: SEASON_DATE_ERROR }),
    nightlyRate: wholeNumber({ kind: 'money', label: '', min: 1 }, ' of rupees', LIMITS.money),
    minNights: wholeNumber({ kind: 'count', label: '', min: 1 }, '', LIMITS.minNights).optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    const wellFormed = (v: string) => ANNUAL_DATE_RE.test(v) || isCalendarDate(v);
    if (!wellFormed(s.from) || !wellFormed(s.to)) return;
    if (s.from.length !== s.to.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'must be written like from: both MM-DD or both YYYY-MM-DD',
      });
    } else if (!isAnnual(s) && s.to < s.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    }
  });

/** PRICE-2: the seasons of a property; no night in two of them. */
function seasonsSchema(spec: FieldSpec): z.ZodType<Season[]> {
  const maxItems = spec.maxItems ?? LIMITS.seasons;
  return z
    .array(seasonSchema, { error: 'must be a list of seasons' })
    .max(maxItems, { error: `can hold at most ${maxItems} seasons` })
    .superRefine((seasons, ctx) => {
      for (let i = 0; i < seasons.length; i += 1) {
        for (let j = i + 1; j < seasons.length; j += 1) {
          const [a, b] = [seasons[i]!, seasons[j]!];
          if (
            a.from.length === a.to.length &&
            b.from.length === b.to.length &&
            seasonsOverlap(a, b)
          ) {
            ctx.addIssue({
              code: 'custom',
              message: `must not overlap: "${a.name}" and "${b.name}" share nights`,
            });
            return;
          }
        }
      }
    }) as z.ZodType<Season[]>;
}

/** Every kind of the field table. */
export const FIELD_KINDS: { [K in FieldKind]: KindDefinition<K> } = {
  text: {
    schema: (spec) => {
      const max = spec.max ?? LIMITS.detail;
      const long = { error: `can be at most ${max} characters long` };
      return spec.required
        ? z
            .string()
            .trim()
            .min(1, { error: 'cannot be blank: a property needs one' })
            .max(max, long)
        : z.string().max(max, long);
    },
    read: (answer) => answer.trim(),
    hint: '',
    echo: false,
  },
  html: {
    schema: (spec) => {
      const max = spec.max ?? LIMITS.description;
      return z.string().max(max, { error: `can be at most ${max} characters long` });
    },
    read: (answer) => answer,
    hint: '',
    echo: false,
  },
  time: {
    schema: () =>
      z.string().regex(TIME_RE, { error: 'must be written HH:MM, 24-hour (for example 14:00)' }),
    read: (answer) => {
      const typed = answer.trim();
      return /^\d:\d\d$/.test(typed) ? `0${typed}` : typed;
    },
    hint: ', HH:MM 24-hour',
    echo: true,
  },
  url: {
    schema: (spec) => {
      const max = spec.max ?? LIMITS.url;
      return z
        .string()
        .max(max, { error: `can be at most ${max} characters long` })
        .regex(/^https:\/\/[^\s/<>"'`]+\.[^\s<>"'`]*$/, {
          error: 'must be a web address starting with https://',
        });
    },
    read: (answer) => answer.trim(),
    hint: ', a web address starting with https://',
    echo: false,
  },
  count: {
    schema: (spec) => wholeNumber(spec, '', LIMITS.count),
    read: (answer) => readNumber(answer, /^$/),
    hint: '',
    echo: true,
  },
  money: {
    schema: (spec) => wholeNumber(spec, ' of rupees', LIMITS.money),
    read: (answer) => readNumber(answer, /^₹/),
    hint: ', in whole rupees',
    echo: true,
  },
  percent: {
    schema: (spec) => wholeNumber(spec, ' of percent', 100),
    read: (answer) => readNumber(answer, /%$/),
    hint: ', in percent',
    echo: true,
  },
  list: {
    schema: (spec) => {
      const max = spec.max ?? LIMITS.shortText;
      const item = z
        .string()
        .trim()
        .min(1, { error: 'must not be blank' })
        .max(max, { error: `can be at most ${max} characters long` });
      const maxItems = spec.maxItems ?? LIMITS.facilities;
      return z.array(item).max(maxItems, { error: `can hold at most ${maxItems} items` });
    },
    read: (_answer, field) => notTyped(field),
    hint: '',
    echo: false,
  },
  seasons: {
    schema: seasonsSchema,
    read: (answer) => {
      try {
        return JSON.parse(answer) as unknown;
      } catch {
        return answer;
      }
    },
    hint: ', as a JSON list of { name, from, to, nightlyRate, minNights }',
    echo: false,
  },
};

/** The import rule of one row of the field table (its kind's, with the row's limits). */
export function kindSchema<K extends FieldKind>(spec: FieldSpec<K>): ZodOfKind[K] {
  return (FIELD_KINDS[spec.kind] as KindDefinition<K>).schema(spec);
}

/** Words for where in a value an issue is: "season 2 nightly rate". */
function placeOf(path: readonly PropertyKey[]): string {
  return path
    .map((p) =>
      typeof p === 'number'
        ? `${p + 1}`
        : String(p)
            .replace(/([a-z])([A-Z])/g, '$1 $2')
            .toLowerCase(),
    )
    .join(' ');
}

/**
 * The value the owner's answer stores in a field of the table: read by its kind, then checked by
 * the same import rule. Throws RangeError with a sentence for the owner, e.g. 'The nightly rate
 * must be a whole number of rupees from 1 to 10000000; "abc" is not.'
 */
export function readAnswer(field: string, spec: FieldSpec, answer: string): unknown {
  const kind = FIELD_KINDS[spec.kind] as KindDefinition<FieldKind>;
  const value = kind.read(answer, field);
  const parsed = kindSchema(spec).safeParse(value);
  if (parsed.success) return parsed.data;
  const echo = kind.echo && answer.trim().length <= 40 ? `; "${answer.trim()}" is not` : '';
  throw new RangeError(`${refusal(spec, parsed.error.issues[0]!)}${echo}.`);
}

/**
 * The owner's words, without a full stop, for an issue of a field's import rule (kindSchema):
 * "The weekend rate must be a whole number of rupees from 1 to 10000000", "The seasons: season 2
 * to must not be before from".
 */
export function refusal(
  spec: FieldSpec,
  issue: { path: readonly PropertyKey[]; message: string },
): string {
  const where =
    issue.path.length > 0
      ? `: ${spec.kind === 'seasons' ? 'season ' : ''}${placeOf(issue.path)}`
      : '';
  return `The ${spec.label.toLowerCase()}${where} ${issue.message}`;
}
