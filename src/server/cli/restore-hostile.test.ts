/**
 * ARC-1, ARC-2: a restore refuses hostile archives. Each archive is built for real here: tar
 * headers written with node-tar's Header class (links, devices and `..` paths, which its Pack
 * will not write), gzipped with zlib, then handed to the real restore (the exported function, and
 * the real `npm run admin -- restore` process). After every refusal the target DATA_DIR is still
 * empty and nothing has appeared anywhere else in the test's folder.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as tar from 'tar';
import { afterEach, describe, expect, it } from 'vitest';
import { BackupError, RESTORE_MAX_BYTES, restoreBackup } from './backup.js';

const root = path.resolve(import.meta.dirname, '../../..');
const MIB = 1024 ** 2;

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** One tar entry as the test writes it; `size` overrides the declared size (a lying header). */
interface Raw {
  path: string;
  type?: tar.HeaderData['type'];
  linkpath?: string;
  body?: Buffer;
  size?: number;
  devmaj?: number;
  devmin?: number;
}

/** A tar stream written block by block: a Header per entry, its body padded to 512 bytes, then two zero blocks. */
function tarBytes(entries: Raw[], trailer = Buffer.alloc(0)): Buffer {
  const blocks: Buffer[] = [];
  for (const e of entries) {
    const body = e.body ?? Buffer.alloc(0);
    const type = e.type ?? 'File';
    const header = new tar.Header({
      path: e.path,
      type,
      linkpath: e.linkpath,
      size: e.size ?? body.length,
      mode: type === 'Directory' ? 0o755 : 0o644,
      uid: 0,
      gid: 0,
      mtime: new Date('2026-11-22T08:00:00Z'),
      devmaj: e.devmaj,
      devmin: e.devmin,
    });
    const block = Buffer.alloc(512);
    // A size past 8 GiB is written in the header's base-256 form (GNU tar's), which needs no PAX.
    const needPax = header.encode(block, 0);
    expect(needPax, `${e.path} needs no PAX header`).toBe((e.size ?? 0) > 0o77777777777);
    blocks.push(block, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024), trailer);
  return Buffer.concat(blocks);
}

const MANIFEST: Raw = {
  path: 'backup.json',
  body: Buffer.from('{"format":"stays-backup","version":1}\n'),
};

/**
 * A sandbox: `outside/` (where an escape would land), the archive, and the empty target
 * `a/b/data` deep enough that "../../x" stays inside the sandbox.
 */
function sandbox() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stays-restore-hostile-'));
  dirs.push(dir);
  const target = path.join(dir, 'a', 'b', 'data');
  fs.mkdirSync(target, { recursive: true });
  fs.mkdirSync(path.join(dir, 'outside'));
  return { dir, target, archive: path.join(dir, 'hostile.tar.gz') };
}

/** Everything under `dir` (files, folders, links, whatever they are), relative and sorted. */
function everything(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)))
    .sort();
}

const UNTOUCHED = ['a', 'a/b', 'a/b/data', 'hostile.tar.gz', 'outside'];

/**
 * Restores `bytes` (gzipped here unless `raw`) into a fresh sandbox, expects the one-line refusal
 * `why`, and checks that the target is empty and nothing else appeared.
 */
async function expectRefused(
  entries: Raw[] | Buffer,
  why: RegExp,
  opts: { maxBytes?: number; raw?: boolean } = {},
): Promise<string> {
  const box = sandbox();
  const tarStream = Buffer.isBuffer(entries) ? entries : tarBytes(entries);
  fs.writeFileSync(box.archive, opts.raw ? tarStream : zlib.gzipSync(tarStream));
  const err = await restoreBackup(box.archive, box.target, Date.now(), {
    maxBytes: opts.maxBytes,
  }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(BackupError);
  const message = (err as BackupError).message;
  expect(message).toBe(`${box.archive} is refused: ${message.split(' is refused: ')[1]}`);
  expect(message).toMatch(why);
  expect(message).toMatch(/; nothing was written\.$/);
  expect(message).not.toContain('\n');
  expect(fs.readdirSync(box.target)).toEqual([]);
  expect(everything(box.dir)).toEqual(UNTOUCHED);
  return message;
}

describe('ARC-1: restore refuses entries a backup never holds, writing nothing', () => {
  it('paths that climb out with ".."', async () => {
    const pwn = Buffer.from('pwned\n');
    await expectRefused(
      [MANIFEST, { path: '../x', body: pwn }],
      /"\.\.\/x" climbs out of DATA_DIR with "\.\."/,
    );
    await expectRefused([MANIFEST, { path: '../../x', body: pwn }], /"\.\.\/\.\.\/x" climbs out/);
    await expectRefused(
      [MANIFEST, { path: 'images/../../outside/x', body: pwn }],
      /"images\/\.\.\/\.\.\/outside\/x" climbs out/,
    );
    await expectRefused([MANIFEST, { path: 'originals/..', type: 'Directory' }], /climbs out/);
  });

  it('absolute paths', async () => {
    const box = sandbox();
    const abs = path.join(box.dir, 'outside', 'abs.txt');
    await expectRefused([MANIFEST, { path: abs, body: Buffer.from('x') }], /is an absolute path/);
    await expectRefused(
      [MANIFEST, { path: '/etc/cron.d/stays', body: Buffer.from('x') }],
      /"\/etc\/cron\.d\/stays" is an absolute path/,
    );
    await expectRefused(
      [MANIFEST, { path: 'C:/stays/x', body: Buffer.from('x') }],
      /is an absolute path/,
    );
    expect(fs.existsSync(abs)).toBe(false);
  });

  it('symbolic links, pointing outside, inside, or chained (GHSA-83g3-92jg-28cx)', async () => {
    await expectRefused(
      [MANIFEST, { path: 'images/x.jpg', type: 'SymbolicLink', linkpath: '/etc/passwd' }],
      /"images\/x\.jpg" is a symbolic link to "\/etc\/passwd"; a backup holds no links/,
    );
    await expectRefused(
      [
        MANIFEST,
        { path: 'images', type: 'SymbolicLink', linkpath: '../../../outside' },
        { path: 'images/x.jpg', body: Buffer.from('x') },
      ],
      /"images" is a symbolic link to "\.\.\/\.\.\/\.\.\/outside"/,
    );
    // A chain: each link looks harmless alone; together they reach outside.
    await expectRefused(
      [
        MANIFEST,
        { path: 'originals/', type: 'Directory' },
        { path: 'originals/a', type: 'SymbolicLink', linkpath: '.' },
        { path: 'originals/a/b', type: 'SymbolicLink', linkpath: '../..' },
        { path: 'originals/a/b/c', type: 'SymbolicLink', linkpath: '../../..' },
        { path: 'originals/a/b/c/outside/x', body: Buffer.from('x') },
      ],
      /"originals\/a" is a symbolic link to "\."/,
    );
    await expectRefused(
      [MANIFEST, { path: 'images/ok.jpg', type: 'SymbolicLink', linkpath: 'ok-too.jpg' }],
      /is a symbolic link/,
    );
  });

  it('hard links, to a file outside or to one inside', async () => {
    await expectRefused(
      [MANIFEST, { path: 'images/x.jpg', type: 'Link', linkpath: '/etc/passwd' }],
      /"images\/x\.jpg" is a hard link to "\/etc\/passwd"; a backup holds no links/,
    );
    await expectRefused(
      [MANIFEST, { path: 'images/x.jpg', type: 'Link', linkpath: 'backup.json' }],
      /is a hard link to "backup\.json"/,
    );
  });

  it('device files, FIFOs and every other entry type', async () => {
    await expectRefused(
      [MANIFEST, { path: 'images/null', type: 'CharacterDevice', devmaj: 1, devmin: 3 }],
      /"images\/null" is a device file/,
    );
    await expectRefused(
      [MANIFEST, { path: 'images/sda', type: 'BlockDevice', devmaj: 8, devmin: 0 }],
      /"images\/sda" is a device file/,
    );
    await expectRefused(
      [MANIFEST, { path: 'images/pipe', type: 'FIFO' }],
      /"images\/pipe" is a named pipe \(FIFO\)/,
    );
    for (const type of ['ContiguousFile', 'SparseFile', 'GNUDumpDir'] as const) {
      await expectRefused(
        [MANIFEST, { path: 'images/a.jpg', type, body: Buffer.from('x') }],
        new RegExp(
          `"images/a\\.jpg" is an entry of type ${type}; a backup holds only files and folders`,
        ),
      );
    }
  });

  it('a file or folder with a name a backup does not hold', async () => {
    await expectRefused(
      [MANIFEST, { path: 'run.sh', body: Buffer.from('echo hi') }],
      /"run\.sh" is not a file a Stays backup holds/,
    );
    await expectRefused(
      [MANIFEST, { path: 'site/current/', type: 'Directory' }],
      /"site\/current\/" is not a file/,
    );
    await expectRefused(
      [MANIFEST, { path: 'images/.hidden', body: Buffer.from('x') }],
      /"images\/\.hidden" is not a file/,
    );
    // A newline in a name cannot break the one line.
    await expectRefused(
      [MANIFEST, { path: 'images/a\nb', body: Buffer.from('x') }],
      /"images\/a\\nb" is not a file/,
    );
  });
});

describe('ARC-2: restore refuses an archive that expands past the limit (gzip bomb)', () => {
  it('the default limit is 16 GiB; a header declaring a 17 GiB file is refused without unpacking it', async () => {
    expect(RESTORE_MAX_BYTES).toBe(16 * 1024 ** 3);
    // The header says 17 GiB; only its first 1 MiB follows, since the restore stops at the header.
    const lying = tarBytes([
      MANIFEST,
      { path: 'stays.sqlite3', size: 17 * 1024 ** 3, body: Buffer.alloc(MIB) },
    ]);
    const message = await expectRefused(
      lying.subarray(0, lying.length - 1024),
      /its entries add up to more than 16 GiB/,
    );
    expect(message).toContain('--max-gb raises it');
  });

  it('one file of zeros: 5 MiB inside an archive of a few KiB, with a 1 MiB limit', async () => {
    const zeros = tarBytes([MANIFEST, { path: 'stays.sqlite3', body: Buffer.alloc(5 * MIB) }]);
    expect(zlib.gzipSync(zeros).length).toBeLessThan(16 * 1024);
    await expectRefused(zeros, /its entries add up to more than 1 MiB/, { maxBytes: MIB });
  });

  it('many files, each under the limit, together over it', async () => {
    const many: Raw[] = [MANIFEST, { path: 'originals/', type: 'Directory' }];
    for (let i = 0; i < 40; i++)
      many.push({ path: `originals/p-${i}.jpg`, body: Buffer.alloc(64 * 1024) });
    await expectRefused(many, /its entries add up to more than 1 MiB/, { maxBytes: MIB });
  });

  it('zeros after the end of the archive, declared by no header, are counted as gunzip makes them', async () => {
    const padded = tarBytes([MANIFEST], Buffer.alloc(5 * MIB));
    await expectRefused(padded, /it expands past 1 MiB/, { maxBytes: MIB });
  });

  it('an archive compressed twice (node-tar would unpack the inner layer out of sight)', async () => {
    await expectRefused(zlib.gzipSync(tarBytes([MANIFEST])), /it is compressed twice/);
  });

  it('a real archive of the same shape within the limit gets past these checks', async () => {
    const box = sandbox();
    fs.writeFileSync(
      box.archive,
      zlib.gzipSync(tarBytes([MANIFEST, { path: 'originals/', type: 'Directory' }])),
    );
    // Past every entry check, it is refused only for what it lacks.
    await expect(
      restoreBackup(box.archive, box.target, Date.now(), { maxBytes: MIB }),
    ).rejects.toThrow(/holds no database/);
    expect(fs.readdirSync(box.target)).toEqual([]);
  });
});

describe('npm run admin -- restore <file> [--max-gb N]', () => {
  function admin(args: string[], dataDir: string) {
    const r = spawnSync(
      path.join(root, 'node_modules/.bin/tsx'),
      ['src/server/cli/admin.ts', ...args],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir },
        encoding: 'utf8',
      },
    );
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  }

  it('prints one line saying why, exits 1, and leaves DATA_DIR empty', () => {
    const box = sandbox();
    fs.writeFileSync(
      box.archive,
      zlib.gzipSync(tarBytes([MANIFEST, { path: '../../../outside/x', body: Buffer.from('x') }])),
    );
    const r = admin(['restore', box.archive], box.target);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `${box.archive} is refused: "../../../outside/x" climbs out of DATA_DIR with ".."; nothing was written.\n`,
    );
    expect(everything(box.dir)).toEqual(UNTOUCHED);

    fs.writeFileSync(
      box.archive,
      zlib.gzipSync(tarBytes([MANIFEST, { path: 'stays.sqlite3', body: Buffer.alloc(3 * MIB) }])),
    );
    const bomb = admin(['restore', box.archive, '--max-gb', '0.002'], box.target);
    expect(bomb.code).toBe(1);
    expect(bomb.stderr).toMatch(
      /^\S+ is refused: its entries add up to more than 2 MiB \(.*\); nothing was written\.\n$/,
    );
    expect(everything(box.dir)).toEqual(UNTOUCHED);
  }, 30_000);

  it('answers a bad --max-gb with exit 2 and the usage', () => {
    const box = sandbox();
    fs.writeFileSync(box.archive, zlib.gzipSync(tarBytes([MANIFEST])));
    for (const args of [
      ['--max-gb'],
      ['--max-gb', '0'],
      ['--max-gb=-1'],
      ['--max-gb', 'lots'],
      ['--max', '2'],
    ]) {
      const r = admin(['restore', box.archive, ...args], box.target);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain('restore takes one option, --max-gb N');
    }
    expect(everything(box.dir)).toEqual(UNTOUCHED);
  }, 30_000);
});
