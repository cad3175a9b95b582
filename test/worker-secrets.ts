/**
 * The secrets a worker must never get (RUNTIME-6), for the tests of the feed-parse thread and the
 * image process: each set in the server's environment while `run` runs, then put back as it was.
 * The last is a variable no code names, standing for a secret added later: the workers' environment
 * is an allow-list (src/server/worker-env.ts), so it stays out too.
 */
export const WORKER_SECRETS: Record<string, string> = {
  ADMIN_PASSWORD: 'owner-secret-for-this-test',
  SMTP_URL: 'smtp://mailer:smtp-password-for-this-test@127.0.0.1:2525',
  AWS_ACCESS_KEY_ID: 'AKIA-key-id-for-this-test',
  AWS_SECRET_ACCESS_KEY: 'bucket-secret-for-this-test',
  AWS_SESSION_TOKEN: 'session-token-for-this-test',
  BACKUP_KEY: 'YmFja3VwLWtleS1mb3ItdGhpcy10ZXN0LTMyLWJ5dGVz',
  RAZORPAY_KEY_ID: 'rzp_test_key-id-for-this-test',
  RAZORPAY_KEY_SECRET: 'razorpay-secret-for-this-test',
  RAZORPAY_WEBHOOK_SECRET: 'razorpay-webhook-secret-for-this-test',
  STAYS_SECRET_ADDED_LATER: 'later-secret-for-this-test',
};

/** Runs `run` with WORKER_SECRETS in process.env, restoring the variables afterwards. */
export async function withWorkerSecrets<T>(run: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(WORKER_SECRETS).map((k) => [k, process.env[k]]));
  Object.assign(process.env, WORKER_SECRETS);
  try {
    return await run();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/** The names of WORKER_SECRETS that `env` holds, by name or by value. */
export function secretsIn(env: Record<string, string | undefined>): string[] {
  const text = Object.entries(env)
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');
  return Object.entries(WORKER_SECRETS)
    .filter(([name, value]) => name in env || text.includes(value))
    .map(([name]) => name);
}
