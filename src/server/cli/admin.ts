/**
 * Owner account administration (issue 4):
 *
 *   npm run admin -- set-password <user>
 *
 * Reads the new password from stdin: one line, not echoed (and asked twice) when stdin is a
 * terminal, so it never appears in the shell history or the process list. Opens the database in
 * DATA_DIR (config.ts), creates the account or changes its password (accounts.ts: argon2id, at
 * least 12 characters; a change ends the account's sessions) and prints a confirmation.
 * Exit codes: 0 done, 1 refused (short password, no password, mismatch), 2 usage error.
 */
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { ConfigError, loadConfig } from '../config.js';
import { openDb } from '../store/db.js';
import { AccountError, setPassword } from '../auth/accounts.js';

const USAGE = 'Usage: npm run admin -- set-password <user>   (the password is read from stdin)';

class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2,
  ) {
    super(message);
  }
}

/** Asks on stderr and reads one line from a terminal without echoing what is typed. */
async function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
  try {
    const answer = new Promise<string>((resolve) => rl.question(question, resolve));
    muted = true;
    return await answer;
  } finally {
    rl.close();
    process.stderr.write('\n');
  }
}

/** The first line of piped stdin, without its line ending. */
async function readFirstLine(): Promise<string | undefined> {
  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  try {
    for await (const line of rl) return line;
    return undefined;
  } finally {
    rl.close();
  }
}

async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) {
    const first = await askHidden('New password: ');
    const second = await askHidden('Repeat it: ');
    if (first !== second) throw new CliError('The two passwords differ; nothing was changed.', 1);
    return first;
  }
  const line = await readFirstLine();
  if (line === undefined || line === '') {
    throw new CliError(
      'No password on stdin; nothing was changed. Pipe it in, e.g.: printf \'%s\\n\' "$NEW_PASSWORD" | npm run admin -- set-password owner',
      1,
    );
  }
  return line;
}

async function main(args: string[]): Promise<void> {
  const [command, user, ...rest] = args;
  if (command !== 'set-password' || !user || rest.length > 0) {
    throw new CliError(
      command && command !== 'set-password' ? `Unknown command "${command}".\n${USAGE}` : USAGE,
      2,
    );
  }
  const password = await readPassword();
  const config = loadConfig();
  const db = openDb(config.dataDir);
  try {
    await setPassword(db, user, password);
  } catch (err) {
    if (err instanceof AccountError) throw new CliError(`${err.message} Nothing was changed.`, 1);
    throw err;
  } finally {
    db.close();
  }
  console.log(
    `Password set for "${user}" (database in ${config.dataDir}); any earlier session of that account has ended.`,
  );
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof CliError) {
    console.error(err.message);
    process.exit(err.exitCode);
  }
  if (err instanceof ConfigError) {
    for (const line of err.problems) console.error(line);
    process.exit(1);
  }
  console.error(err);
  process.exit(1);
});
