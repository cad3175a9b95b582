/**
 * AVL-4 and FEED-4 bounds of fetchFeed that the sync tests do not reach: the scheme, and the
 * refusal of loopback and private addresses (server-side request forgery) in every spelling an
 * attacker tries, checked on the address a name resolves to, against real servers on loopback
 * that count the connections they accept: a refused address is never connected to.
 */
import net from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FETCH_BOUNDS, fetchFeed, FeedFetchError, isPrivateAddress } from './fetch-feed.js';
import { startFeedServer, type FeedServer } from '../../../test/test-feed-server.js';

let feeds: FeedServer;
beforeAll(async () => {
  feeds = await startFeedServer();
  feeds.set('/airbnb.ics', { kind: 'file', name: 'airbnb.ics' });
  feeds.set('/to-loopback.ics', { kind: 'redirect', to: 'http://localhost/airbnb.ics' });
});
afterAll(async () => {
  await feeds.close();
});

const strict = { ...DEFAULT_FETCH_BOUNDS, timeoutMs: 5000, allowPrivate: false };
const lenient = { ...strict, allowPrivate: true };

async function reasonOf(url: string, bounds = strict): Promise<string> {
  try {
    await fetchFeed(url, bounds);
  } catch (err) {
    expect(err).toBeInstanceOf(FeedFetchError);
    return (err as FeedFetchError).reason;
  }
  throw new Error(`${url} was fetched`);
}

describe('fetchFeed', () => {
  it('fetches a loopback feed when private addresses are allowed', async () => {
    expect(await fetchFeed(`${feeds.origin}/airbnb.ics`, lenient)).toContain('BEGIN:VCALENDAR');
  });

  it('refuses loopback by address, by a name resolving to it, and in IPv6 forms', async () => {
    const port = new URL(feeds.origin).port;
    const before = feeds.hits.get('/airbnb.ics') ?? 0;
    for (const url of [
      `${feeds.origin}/airbnb.ics`,
      `http://localhost:${port}/airbnb.ics`,
      `http://[::1]:${port}/airbnb.ics`,
      `http://[::ffff:127.0.0.1]:${port}/airbnb.ics`,
      `http://0.0.0.0:${port}/airbnb.ics`,
    ]) {
      expect(await reasonOf(url), url).toBe('is in a private network, which is not allowed');
    }
    expect(feeds.hits.get('/airbnb.ics') ?? 0).toBe(before);
  });

  it('refuses schemes other than http and https', async () => {
    for (const url of [
      'ftp://example.com/a.ics',
      'file:///etc/passwd',
      'data:text/calendar,BEGIN',
    ]) {
      expect(await reasonOf(url, lenient), url).toBe('is not an http or https address');
    }
  });

  it('checks every redirect target too', async () => {
    const port = new URL(feeds.origin).port;
    feeds.set('/to-file.ics', { kind: 'redirect', to: 'file:///etc/passwd' });
    expect(await reasonOf(`${feeds.origin}/to-file.ics`, lenient)).toBe(
      'is not an http or https address',
    );
    feeds.set('/to-name.ics', { kind: 'redirect', to: `http://localhost:${port}/airbnb.ics` });
    // Allowed to start on loopback here, the redirect to a name is still resolved and fetched.
    expect(await fetchFeed(`${feeds.origin}/to-name.ics`, lenient)).toContain('BEGIN:VCALENDAR');
  });
});

describe('the tricky spellings of loopback (FEED-4)', () => {
  let v4: FeedServer;
  let v6: FeedServer | undefined;
  let other: FeedServer;
  beforeAll(async () => {
    v4 = await startFeedServer();
    v4.set('/a.ics', { kind: 'file', name: 'airbnb.ics' });
    // The same port on ::1, so an IPv6 spelling that got through would be counted too.
    v6 = await startFeedServer('::1', v4.port).catch(() => undefined);
    v6?.set('/a.ics', { kind: 'file', name: 'airbnb.ics' });
    other = await startFeedServer('127.0.0.2');
    other.set('/a.ics', { kind: 'file', name: 'airbnb.ics' });
  });
  afterAll(async () => {
    await Promise.all([v4.close(), v6?.close(), other.close()]);
  });
  const connections = () => v4.connections() + (v6?.connections() ?? 0) + other.connections();

  it('refuses each spelling without connecting, with CALENDAR_ALLOW_PRIVATE unset', async () => {
    const port = v4.port;
    const spellings = [
      `http://127.1:${port}/a.ics`,
      `http://0x7f000001:${port}/a.ics`,
      `http://2130706433:${port}/a.ics`,
      // Octal: 012 is 10, so this is 10.0.0.1, a private address.
      `http://012.0.0.1:${port}/a.ics`,
      `http://0:${port}/a.ics`,
      `http://[::ffff:127.0.0.1]:${port}/a.ics`,
      `http://[::ffff:7f00:1]:${port}/a.ics`,
      `http://[::]:${port}/a.ics`,
      `http://[::1]:${port}/a.ics`,
      `http://[::127.0.0.1]:${port}/a.ics`,
      `http://[64:ff9b::7f00:1]:${port}/a.ics`,
      `http://localhost.:${port}/a.ics`,
      `http://LOCALHOST:${port}/a.ics`,
      `http://feeds.localhost:${port}/a.ics`,
      `https://0x7f.1:${port}/a.ics`,
      // A name (this machine's own, from /etc/hosts) that resolves to a loopback address.
      `http://${os.hostname()}:${port}/a.ics`,
      `http://127.0.0.2:${other.port}/a.ics`,
    ];
    for (const url of spellings) {
      expect(await reasonOf(url), url).toBe('is in a private network, which is not allowed');
    }
    expect(connections()).toBe(0);
  });

  it('refuses a redirect to a loopback spelling without connecting to it', async () => {
    // The first hop is allowed (this test's own server), so only the redirect target is judged.
    const allowAddresses = new net.BlockList();
    allowAddresses.addAddress('127.0.0.1');
    const bounds = { ...strict, allowAddresses };
    expect(await fetchFeed(`${v4.origin}/a.ics`, bounds)).toContain('BEGIN:VCALENDAR');
    const before = v4.connections();
    for (const target of [
      `http://0x7f000002:${other.port}/a.ics`,
      `http://127.0.0.2:${other.port}/a.ics`,
      `http://[::ffff:7f00:2]:${other.port}/a.ics`,
      `http://localhost.:${other.port}/a.ics`,
      `http://[::]:${v4.port}/a.ics`,
    ]) {
      v4.set('/redirect.ics', { kind: 'redirect', to: target });
      expect(await reasonOf(`${v4.origin}/redirect.ics`, bounds), target).toBe(
        'is in a private network, which is not allowed',
      );
    }
    expect(other.connections()).toBe(0);
    expect(v6?.connections() ?? 0).toBe(0);
    // The redirects themselves came over the allowed server's connections.
    expect(v4.connections()).toBeGreaterThanOrEqual(before);
  });
});

describe('isPrivateAddress', () => {
  it('sorts addresses into private and public', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:7f00:1',
      '::7f00:1',
      '64:ff9b::a00:1',
      '2002:7f00:1::',
      'not-an-ip',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of [
      '8.8.8.8',
      '172.32.0.1',
      '103.21.244.1',
      '2606:4700::1111',
      '::ffff:1.1.1.1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });
});
