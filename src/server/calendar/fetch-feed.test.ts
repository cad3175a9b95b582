/**
 * AVL-4 bounds of fetchFeed that the sync tests do not reach: the scheme, and the refusal of
 * loopback and private addresses (server-side request forgery), checked on the address a name
 * resolves to, against a real server on 127.0.0.1.
 */
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
