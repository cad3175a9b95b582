/**
 * The environment of the server's workers (RUNTIME-6), given by the transports every worker is
 * started through (workers/transports.ts, WORK-3): the feed-parse thread (calendar/feed-reader.ts)
 * and the image process (images/render-process.ts). Both handle bytes anyone with the owner's session
 * can send, so they get no secret (least privilege, OWASP ASVS V1.14, V14.3): the environment is
 * built from an allow-list of the variables a Node process, glibc, libvips and tsx read, never from
 * the server's own minus a list of secrets, so a secret added later (a payment key, a backup key)
 * stays out without anyone remembering to list it. Nothing the workers run reads any other variable.
 */

/** Variables passed on as they are, when set. */
const PASSED = new Set([
  'PATH',
  'HOME',
  'TMPDIR',
  'LANG',
  'LANGUAGE',
  'LC_ALL',
  'LC_CTYPE',
  'TZ',
  'NODE_ENV',
  'UV_THREADPOOL_SIZE',
  'GLIBC_TUNABLES',
]);

/** Prefixes of variables passed on: libvips' (sharp) settings and tsx's. */
const PASSED_PREFIXES = ['VIPS_', 'TSX_'];

/**
 * The allowed variables of `from` (the server's environment by default), then `extra` over them.
 * Returns a new object; `from` is not changed.
 */
export function workerEnv(
  extra: Record<string, string> = {},
  from: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(from)) {
    if (value === undefined) continue;
    if (PASSED.has(name) || PASSED_PREFIXES.some((prefix) => name.startsWith(prefix)))
      env[name] = value;
  }
  return { ...env, ...extra };
}
