/**
 * CLIENT-2's guard: the owner's session ended is said in one sentence, written once in src/web
 * (api-fetch.ts SESSION_ENDED), and only apiFetch reads the 401 that says so; its login link is
 * written once (admin/problem-text.tsx). A second copy, or a caller testing the status again,
 * fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = join(import.meta.dirname);

/** A module's code without its comments (which may name the session ending, and cite CLIENT-2). */
const code = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');

/** Every source file of src/web, tests left out, as [path relative to src/web, its code]. */
function sources(dir = WEB): [string, string][] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e): [string, string][] => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    if (!/\.tsx?$/.test(e.name) || /\.test\.tsx?$/.test(e.name)) return [];
    return [[relative(WEB, path), code(readFileSync(path, 'utf8'))]];
  });
}

const filesMatching = (pattern: RegExp) =>
  sources()
    .filter(([, text]) => pattern.test(text))
    .map(([path]) => path)
    .sort();

describe('one session-ended sentence and behaviour (CLIENT-2)', () => {
  it('the sentence is written once, in api-fetch.ts', () => {
    expect(sources().length).toBeGreaterThan(50);
    expect(filesMatching(/not logged in|session (has )?ended|log in again/i)).toEqual([
      'admin/problem-text.tsx',
      'api-fetch.ts',
    ]);
    const sentence = readFileSync(join(WEB, 'api-fetch.ts'), 'utf8').match(
      /export const SESSION_ENDED = `[^`]*`/g,
    );
    expect(sentence).toHaveLength(1);
  });

  it('the login link is written once, and no caller tests for a 401 but the login form', () => {
    expect(filesMatching(/>Log in again</)).toEqual(['admin/problem-text.tsx']);
    expect(filesMatching(/\b401\b/)).toEqual(['api-fetch.ts', 'components/login-form.tsx']);
  });
});
