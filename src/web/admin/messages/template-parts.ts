/**
 * A message template as the owner's chip editor holds it (DAY-21): a list of parts, each plain
 * text or one variable of the list. `parseTemplate` reads the stored text (`{{guest_first_name}}`
 * and, as the owner may type or paste it, `[Guest first name]`) and `serializeTemplate` writes it
 * back exactly as the bracketed editor of DAY-15 stored it: `serializeTemplate(parseTemplate(t))
 * === fromOwnerWords(toOwnerWords(t))` for any `t`, and `parseTemplate(serializeTemplate(p))`
 * gives `p` back for any normal list (`normalParts`).
 *
 * Positions: a caret is counted in units, one a character of text (UTF-16 code units, as the DOM
 * counts) and one a variable, so a chip is never split.
 */
import {
  fromOwnerWords,
  MESSAGE_VARIABLES,
  type MessageVariable,
} from '../../../shared/messages.js';

export type TemplatePart = string | { variable: MessageVariable };

// Known variables only: an unknown `{{name}}` stays text, so the server's refusal names it (MSG-2).
const TOKEN_RE = new RegExp(`\\{\\{\\s*(${MESSAGE_VARIABLES.join('|')})\\s*\\}\\}`, 'g');

/** The parts of a stored (or typed, or pasted) text, in normal form. */
export function parseTemplate(text: string): TemplatePart[] {
  const stored = fromOwnerWords(text);
  const parts: TemplatePart[] = [];
  let at = 0;
  for (const m of stored.matchAll(TOKEN_RE)) {
    parts.push(stored.slice(at, m.index));
    parts.push({ variable: m[1] as MessageVariable });
    at = m.index + m[0].length;
  }
  parts.push(stored.slice(at));
  return normalParts(parts);
}

/** The stored text of a list of parts: text as written, each variable as `{{name}}` (MSG-2). */
export function serializeTemplate(parts: readonly TemplatePart[]): string {
  return parts.map((p) => (typeof p === 'string' ? p : `{{${p.variable}}}`)).join('');
}

/** The same parts with neighbouring texts joined and empty texts dropped. */
export function normalParts(parts: readonly TemplatePart[]): TemplatePart[] {
  const out: TemplatePart[] = [];
  for (const p of parts) {
    const last = out[out.length - 1];
    if (typeof p === 'string') {
      if (p === '') continue;
      if (typeof last === 'string') out[out.length - 1] = last + p;
      else out.push(p);
    } else out.push({ variable: p.variable });
  }
  return out;
}

/** How many caret units the parts hold (a variable is one). */
export function unitLength(parts: readonly TemplatePart[]): number {
  return parts.reduce((n, p) => n + (typeof p === 'string' ? p.length : 1), 0);
}

/**
 * The parts with the units from `start` to `end` (0 ≤ start ≤ end ≤ unitLength) replaced by
 * `insert`, and the caret's unit just after what was put in.
 */
export function replaceUnits(
  parts: readonly TemplatePart[],
  start: number,
  end: number,
  insert: readonly TemplatePart[],
): { parts: TemplatePart[]; caret: number } {
  const before: TemplatePart[] = [];
  const after: TemplatePart[] = [];
  let at = 0;
  for (const p of parts) {
    const len = typeof p === 'string' ? p.length : 1;
    if (typeof p === 'string') {
      if (at < start) before.push(p.slice(0, start - at));
      if (at + len > end) after.push(p.slice(Math.max(0, end - at)));
    } else {
      if (at < start) before.push(p);
      if (at >= end) after.push(p);
    }
    at += len;
  }
  return {
    parts: normalParts([...before, ...insert, ...after]),
    caret: unitLength(before) + unitLength(insert),
  };
}
