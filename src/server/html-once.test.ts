/**
 * HTML-2 and one way at the edges: `escapeHtml`, the pages' header set, the mail shell, the money
 * formatter, the form parser and the CSV writer are each defined once. Every source file under
 * src/ (tests aside) is read; the escape may be defined only in src/shared/escape-html.ts, the
 * header set (the `nosniff`, frame-denial and `frame-ancestors` spellings) only in
 * src/server/html.ts, a mail's HTML only in src/server/mail/templates.ts (`mailBody`), an en-IN
 * number format only in src/shared/money.ts, a urlencoded parser only in src/server/form-body.ts
 * and CSV only in src/server/csv.ts; an owner's `<dialog>` element only in the one dialog frame,
 * src/web/admin/admin-dialog.tsx (DLG-1: every owner dialog, Manage Images included, is an
 * AdminDialog). The check is shown to fail on planted copies, so a second definition cannot pass
 * unseen.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * What may be defined once, where (`home`, a path under src/), and how a definition (or a copy of
 * its body) is spotted; `under` limits the rule to the files under that folder.
 */
const ONCE: { what: string; home: string; under?: string; patterns: RegExp[] }[] = [
  {
    what: 'escapeHtml',
    home: 'shared/escape-html.ts',
    patterns: [
      // A function or variable named like it…
      /(?:\bfunction\s*\*?\s*|\b(?:const|let|var)\s+)escape_?html\b/i,
      // …or its body under another name: characters to numeric references.
      /&#\$\{\s*\w+\.charCodeAt\(\s*0\s*\)\s*\}/,
    ],
  },
  {
    what: 'the header set',
    home: 'server/html.ts',
    patterns: [
      /(["'`])\s*(?:x-frame-options|x-content-type-options|nosniff)\s*\1/i,
      /["'`][^"'`\n]*frame-ancestors/i,
    ],
  },
  {
    what: 'the mail shell',
    home: 'server/mail/templates.ts',
    patterns: [/\bhtml:\s*["'`]\s*<(?:!doctype|p\b|div\b)/i],
  },
  {
    what: 'the money formatter',
    home: 'shared/money.ts',
    patterns: [/(?:NumberFormat|toLocaleString)\(\s*["'`]en-IN/],
  },
  {
    what: 'the form parser',
    home: 'server/form-body.ts',
    patterns: [/["'`]application\/x-www-form-urlencoded["'`]/, /@fastify\/formbody/],
  },
  { what: 'the CSV writer', home: 'server/csv.ts', patterns: [/from ["']csv-stringify/] },
  {
    what: 'the owner dialog frame',
    home: 'web/admin/admin-dialog.tsx',
    // The owner's screens only: the visitor's dialogs have their own frame (site-dialog.tsx).
    under: 'web/admin/',
    patterns: [
      // A JSX `<dialog` outside a comment (a docstring may name the element)…
      /^(?!\s*(?:\*|\/[/*])).*<dialog(?:[\s>]|$)/,
      // …or one made by hand.
      /createElement\(\s*["'`]dialog["'`]/,
    ],
  },
];

interface Source {
  /** Path under src/, with forward slashes. */
  file: string;
  text: string;
}

/** Each file holding a definition outside its home, as `{what} in {file}:{line}: {text}` (its first). */
function secondDefinitions(sources: Source[]): string[] {
  const found: string[] = [];
  for (const { file, text } of sources) {
    for (const rule of ONCE) {
      if (file === rule.home || !file.startsWith(rule.under ?? '')) continue;
      const lines = text.split('\n');
      const i = lines.findIndex((line) => rule.patterns.some((re) => re.test(line)));
      if (i !== -1) found.push(`${rule.what} in ${file}:${i + 1}: ${lines[i]!.trim()}`);
    }
  }
  return found;
}

function sourcesUnder(dir: string): Source[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((rel) => /\.tsx?$/.test(rel) && !/\.test\.tsx?$/.test(rel))
    .map((rel) => ({
      file: rel.split(path.sep).join('/'),
      text: fs.readFileSync(path.join(dir, rel), 'utf8'),
    }));
}

describe('HTML-2, one way at the edges: each defined once', () => {
  it('src/ defines each once, in its home', () => {
    const sources = sourcesUnder(SRC);
    expect(sources.map((s) => s.file)).toEqual(
      expect.arrayContaining([
        'shared/escape-html.ts',
        'server/html.ts',
        'server/mail/templates.ts',
        'shared/money.ts',
        'server/form-body.ts',
        'server/csv.ts',
        'web/admin/admin-dialog.tsx',
        'web/admin/manage-images/manage-images-dialog.tsx',
      ]),
    );
    expect(secondDefinitions(sources)).toEqual([]);
  });

  it('finds a second definition: a copy of the escape under its name or another, the header names spelled again', () => {
    const planted: Source[] = [
      {
        file: 'web/seo.server.ts',
        text: 'function escapeHtml(value: string): string {\n  return value.replace(/[&<>"\']/g, (c) => `&#${c.charCodeAt(0)};`);\n}',
      },
      {
        file: 'server/mail/templates.ts',
        text: 'const esc = (t: string) => t.replace(/[&<>]/g, (ch) => `&#${ch.charCodeAt(0)};`);',
      },
      { file: 'server/gst/routes.ts', text: "const H = { 'X-Frame-Options': 'DENY' };" },
      {
        file: 'server/images/routes.ts',
        text: "reply.header('x-content-type-options', 'nosniff');",
      },
      {
        file: 'server/payments/routes.ts',
        text: "const CSP = \"default-src 'none'; frame-ancestors 'none'\";",
      },
      // Their homes may define them; a mere use elsewhere is no definition.
      { file: 'server/html.ts', text: "'x-frame-options': 'DENY'," },
      { file: 'server/bookings/page.ts', text: 'const title = escapeHtml(view.reference);' },
      { file: 'server/backup/service.ts', text: '        html: `<p>${text}</p>`,' },
      { file: 'web/admin/bookings/x.ts', text: "new Intl.NumberFormat('en-IN').format(n)" },
      { file: 'server/team/routes.ts', text: "    'application/x-www-form-urlencoded'," },
      {
        file: 'server/reports/service.ts',
        text: "import { stringify } from 'csv-stringify/sync';",
      },
      {
        file: 'web/admin/manage-images/manage-images-dialog.tsx',
        text: '  return (\n    <dialog\n      ref={setDialogElement}',
      },
      { file: 'web/admin/x/x-dialog.tsx', text: "const d = document.createElement('dialog');" },
      // The frame itself, a docstring naming the element, and a visitor's dialog are no copy.
      { file: 'web/admin/admin-dialog.tsx', text: '    <dialog\n      ref={ref}' },
      { file: 'web/admin/team/team-dialog.tsx', text: ' * A native modal `<dialog id="team">`.' },
      { file: 'web/admin/admin-dialogs.tsx', text: '/** … → the `<dialog>` element. */' },
      { file: 'web/components/site-dialog.tsx', text: '    <dialog id={id}>' },
    ];
    const found = secondDefinitions(planted);
    expect(found.map((f) => f.split(':')[0])).toEqual([
      'escapeHtml in web/seo.server.ts',
      'escapeHtml in server/mail/templates.ts',
      'the header set in server/gst/routes.ts',
      'the header set in server/images/routes.ts',
      'the header set in server/payments/routes.ts',
      'the mail shell in server/backup/service.ts',
      'the money formatter in web/admin/bookings/x.ts',
      'the form parser in server/team/routes.ts',
      'the CSV writer in server/reports/service.ts',
      'the owner dialog frame in web/admin/manage-images/manage-images-dialog.tsx',
      'the owner dialog frame in web/admin/x/x-dialog.tsx',
    ]);
  });
});
