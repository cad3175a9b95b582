/**
 * Debian's nginx for tests, on loopback in a temporary folder: the reverse proxy of the README
 * (src/server/reverse-proxy.test.ts, OPS-5) and the CDN stand-in in front of a bucket
 * (test/cdn-stand-in.ts, CDN-6). Every start registers its stop with the caller's `cleanups`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const NGINX = '/usr/sbin/nginx';

/** Steps a test runs after each case, last first. */
export type Cleanups = (() => Promise<void> | void)[];

/** A temporary folder, removed by `cleanups`. */
export function tempDir(cleanups: Cleanups, prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A loopback port free a moment ago. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A self-signed certificate for localhost: its files and the bytes to trust. */
export function localhostCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const openssl = spawnSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost',
    '-keyout', key, '-out', cert,
  ], { encoding: 'utf8' }); // prettier-ignore
  if (openssl.status !== 0) throw new Error(`openssl failed: ${openssl.stderr}`);
  return { cert, key };
}

/**
 * Starts nginx as a child (not a daemon) with `siteConf` (placeholders filled from `fill`) inside
 * a minimal nginx.conf of its own, and waits until `port` takes connections.
 */
export async function startNginx(
  cleanups: Cleanups,
  dir: string,
  siteConf: string,
  fill: Record<string, string>,
  port: number,
): Promise<ChildProcess> {
  let site = fs.readFileSync(siteConf, 'utf8');
  for (const [name, value] of Object.entries(fill)) site = site.replaceAll(`@${name}@`, value);
  const left = /@[A-Z_]+@/.exec(site.replace(/#.*/g, ''));
  if (left) throw new Error(`placeholder ${left[0]} is not filled`);
  fs.writeFileSync(path.join(dir, 'site.conf'), site);
  const main = path.join(dir, 'nginx.conf');
  // Workers run as this user, who owns the temporary folders (nginx's default is "nobody").
  fs.writeFileSync(
    main,
    `user ${os.userInfo().username};
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`,
  );
  const proc = spawn(NGINX, ['-p', `${dir}/`, '-c', main], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  cleanups.push(async () => {
    if (proc.exitCode === null) proc.kill('SIGTERM');
    await exited;
  });
  const until = Date.now() + 15_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return proc;
    if (Date.now() > until) throw new Error(`nginx did not listen on ${port} in 15 s: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
