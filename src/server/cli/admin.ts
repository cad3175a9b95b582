/**
 * Owner administration from the shell (AUTH-1, OPS-6):
 *
 *   npm run admin -- set-password <user>
 *   npm run admin -- add-account <user> --role owner|manager|accountant   (TEAM-2)
 *   npm run admin -- reset-two-step <user>   (TOTP-6)
 *   npm run admin -- backup <file>
 *   npm run admin -- restore <file> [--max-gb N]
 *   npm run admin -- restore --from-backup-target [--at TIME]   (BACKUP-3, backup/restore.ts)
 *
 * set-password reads the new password from stdin: one line, not echoed (and asked twice) when stdin
 * is a terminal, so it never appears in the shell history or the process list. Opens the database in
 * DATA_DIR (config.ts), creates the account or changes its password (accounts.ts: argon2id, at
 * least 12 characters; a change ends the account's sessions) and prints a confirmation.
 * backup writes one archive of DATA_DIR while the server runs; restore unpacks one into an empty
 * DATA_DIR (backup.ts), refusing a hostile archive with one line saying why (ARC-1) and an archive
 * that expands past N GiB (ARC-2; RESTORE_MAX_BYTES, 16 GiB, by default). A relative <file> is taken
 * from the folder npm was run in.
 * add-account prints a one-time setup link (24 hours) where that person sets their own password
 * (TEAM-3); the access log records it as done by "cli".
 * reset-two-step turns an account's two-step login off and ends its sessions (TOTP-6): the way back
 * for the only owner who lost both the phone and the recovery codes; recorded as done by "cli".
 * Exit codes: 0 done, 1 refused (short password, no password, mismatch, a backup or restore
 * refused), 2 usage error.
 */
import path from 'node:path';
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { ConfigError, loadConfig } from '../config.js';
import { systemClock } from '../../shared/instants.js';
import { openDb } from '../store/db.js';
import { AccountError, setPassword } from '../auth/accounts.js';
import { BackupError, createBackup, restoreBackup, type RestoreOptions } from './backup.js';
import { lostNumbersReport, restoreFromTarget } from '../backup/restore.js';
import { uploadRenderer } from '../images/pipeline.js';
import { AccessLog } from '../access-log/service.js';
import { TeamService, roleFrom } from '../team/service.js';
import { ApiError } from '../errors.js';
import { TwoStepService } from '../two-step/service.js';

const USAGE = [
  'Usage: npm run admin -- set-password <user>   (the password is read from stdin)',
  '       npm run admin -- add-account <user> --role owner|manager|accountant   (prints a setup link)',
  '       npm run admin -- reset-two-step <user> (turns its two-step login off: a lost phone)',
  '       npm run admin -- backup <file>         (one archive of DATA_DIR, the server may run)',
  '       npm run admin -- restore <file> [--max-gb N]   (into an empty DATA_DIR, then npm start;',
  '                                              refuses an archive expanding past N GiB, default 16)',
  '       npm run admin -- restore --from-backup-target [--at 2026-11-24T10:00+05:30]',
  '                                              (the latest copy in BACKUP_TARGET, or the one at TIME)',
].join('\n');

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

/** `file` as the person typed it: npm runs scripts in the package folder, INIT_CWD is theirs. */
function fromInvocationFolder(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/** `--max-gb N` or `--max-gb=N` (GiB, above 0) as RestoreOptions; no arguments give the default. */
function restoreOptions(args: string[]): RestoreOptions {
  if (args.length === 0) return {};
  const [flag, value] = args.length === 1 ? (args[0] ?? '').split(/=(.*)/s) : args;
  const gib = Number(value);
  if (flag !== '--max-gb' || args.length > 2 || !value || !Number.isFinite(gib) || gib <= 0) {
    throw new CliError(`restore takes one option, --max-gb N (N GiB, above 0).\n${USAGE}`, 2);
  }
  return { maxBytes: Math.round(gib * 1024 ** 3) };
}

async function backupOrRestore(
  command: 'backup' | 'restore',
  file: string,
  options: RestoreOptions,
): Promise<void> {
  const { dataDir } = loadConfig();
  const archive = fromInvocationFolder(file);
  try {
    if (command === 'backup') {
      const m = await createBackup(dataDir, archive, systemClock());
      console.log(
        `Backed up ${dataDir} to ${archive}: revision ${m.revision}, ${m.photos} photos, as of ${m.createdAt}. It holds the owner's password hash: keep it private.`,
      );
    } else {
      const m = await restoreBackup(archive, dataDir, systemClock(), options);
      console.log(
        `Restored ${archive} (taken ${m.createdAt}) into ${dataDir}: revision ${m.revision}, ${m.photos} photos. Start the server: it publishes the site on its first start.`,
      );
    }
  } catch (err) {
    if (err instanceof BackupError) throw new CliError(err.message, 1);
    throw err;
  }
}

/** `restore --from-backup-target [--at TIME]` (BACKUP-3): TIME is ISO 8601 with its offset. */
async function restoreFromTargetCommand(args: string[]): Promise<void> {
  const [flag, value] = args.length === 1 ? (args[0] ?? '').split(/=(.*)/s) : args;
  let at: number | undefined;
  if (args.length > 0) {
    at = value ? Date.parse(value) : NaN;
    if (flag !== '--at' || args.length > 2 || !Number.isFinite(at)) {
      throw new CliError(
        `restore --from-backup-target takes one option, --at TIME, e.g. --at 2026-11-24T10:00+05:30.\n${USAGE}`,
        2,
      );
    }
  }
  const config = loadConfig();
  if (!config.backup) {
    throw new CliError(
      'BACKUP_TARGET and BACKUP_KEY are not set: there is no bucket to restore from.',
      1,
    );
  }
  try {
    const r = await restoreFromTarget(
      config.backup,
      config.dataDir,
      systemClock(),
      at,
      uploadRenderer(config.renderCache),
    );
    console.log(
      `Restored the copy of ${r.copyAt} (generation ${r.generation}, ${r.photos} photos) from BACKUP_TARGET into ${config.dataDir}. Start the server: it publishes the site on its first start.`,
    );
    if (r.unnamedCopy) {
      console.log(
        `${r.unnamedCopy} was being stored when the server stopped and no manifest names it, so it was not used: this copy is the newest the manifest vouches for.`,
      );
    }
    const lost = lostNumbersReport(r.lostNumbers);
    if (lost) console.log(lost);
  } catch (err) {
    if (err instanceof BackupError) throw new CliError(err.message, 1);
    throw err;
  }
}

async function setPasswordCommand(user: string): Promise<void> {
  const password = await readPassword();
  const config = loadConfig();
  const db = openDb(config.dataDir, systemClock());
  try {
    await setPassword(db, user, password, systemClock());
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

/** TEAM-2: a new account with `--role R`, and its one-time setup link printed. */
function addAccountCommand(user: string, rest: string[]): void {
  if (rest.length !== 2 || rest[0] !== '--role') throw new CliError(USAGE, 2);
  const config = loadConfig();
  const db = openDb(config.dataDir, systemClock());
  try {
    const role = roleFrom(rest[1]);
    const team = new TeamService(
      db,
      config.site.siteUrl,
      systemClock,
      new AccessLog(db, systemClock),
    );
    const { setupUrl } = team.add('cli', user, role);
    console.log(
      `Account "${user}" (${role}) waits for its password. Send this link to that person; it works once, for 24 hours:\n${setupUrl}`,
    );
  } catch (err) {
    if (err instanceof ApiError) throw new CliError(`${err.message} Nothing was changed.`, 1);
    throw err;
  } finally {
    db.close();
  }
}

/** TOTP-6: `user`'s two-step login turned off, its sessions ended. */
function resetTwoStepCommand(user: string): void {
  const config = loadConfig();
  const db = openDb(config.dataDir, systemClock());
  try {
    const log = new AccessLog(db, systemClock);
    new TwoStepService(db, systemClock, config.site.businessName, log).reset('cli', user);
    console.log(
      `Two-step login of "${user}" is off and its sessions have ended: the password alone logs in (or sets it up again, if the role requires it).`,
    );
  } catch (err) {
    if (err instanceof ApiError) throw new CliError(`${err.message} Nothing was changed.`, 1);
    throw err;
  } finally {
    db.close();
  }
}

async function main(args: string[]): Promise<void> {
  const [command, operand, ...rest] = args;
  const known =
    command === 'set-password' ||
    command === 'add-account' ||
    command === 'reset-two-step' ||
    command === 'backup' ||
    command === 'restore';
  if (
    !known ||
    !operand ||
    (rest.length > 0 && command !== 'restore' && command !== 'add-account')
  ) {
    throw new CliError(command && !known ? `Unknown command "${command}".\n${USAGE}` : USAGE, 2);
  }
  if (command === 'set-password') await setPasswordCommand(operand);
  else if (command === 'add-account') addAccountCommand(operand, rest);
  else if (command === 'reset-two-step') resetTwoStepCommand(operand);
  else if (command === 'restore' && operand === '--from-backup-target')
    await restoreFromTargetCommand(rest);
  else await backupOrRestore(command, operand, restoreOptions(rest));
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
