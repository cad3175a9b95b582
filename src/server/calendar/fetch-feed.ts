/**
 * Fetches one imported feed with every bound of AVL-4: http and https only, one deadline for the
 * whole fetch (10 s by default), at most 3 redirects, at most 8 MB of body (FEED-3), and no
 * connection to loopback, private, link-local or other non-public addresses unless allowed
 * (server-side request forgery: OWASP ASVS 4.0.3 12.6.1, OWASP SSRF Prevention Cheat Sheet; FEED-4).
 * The address is checked on the very address the socket connects to: an IP literal as WHATWG URL
 * normalised it (`127.1`, `0x7f000001`, `2130706433` and `0` are 127.0.0.1 and 0.0.0.0 by then,
 * `[::ffff:127.0.0.1]` is `[::ffff:7f00:1]`), a name after DNS resolution in the socket's own
 * `lookup`, so a name that resolves (or re-resolves: DNS rebinding) to 127.0.0.1 is refused too,
 * and `localhost` names (RFC 6761) before any lookup. Each redirect target is checked the same way.
 * Every failure is a FeedFetchError whose `reason` is written for the owner and never names the URL.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/** The bounds of a fetch. */
export interface FetchBounds {
  /** Deadline for the whole fetch, redirects and body included, in milliseconds. */
  timeoutMs: number;
  /** Largest body accepted, in bytes. */
  maxBytes: number;
  /** Largest number of redirects followed. */
  maxRedirects: number;
  /** Allow loopback and private-range addresses (tests, or a feed on the owner's own network). */
  allowPrivate: boolean;
  /**
   * Addresses allowed even when private ones are not: a test's own feed server on 127.0.0.1, so
   * that a redirect from it to another loopback address can be shown refused.
   */
  allowAddresses?: net.BlockList;
  /** Aborts the fetch (server shutting down). */
  signal?: AbortSignal;
}

export const DEFAULT_FETCH_BOUNDS: Omit<FetchBounds, 'allowPrivate'> = {
  timeoutMs: 10_000,
  // FEED-3: a 20,000-event Airbnb export (years of history) is ~4.7 MB.
  maxBytes: 8 * 1024 * 1024,
  maxRedirects: 3,
};

/** A fetch that failed; `reason` completes "the address ..." in the owner's error line. */
export class FeedFetchError extends Error {
  reason: string;
  constructor(reason: string) {
    super(`the address ${reason}`);
    this.name = 'FeedFetchError';
    this.reason = reason;
  }
}

// Addresses that are not on the public internet (IANA special-purpose registries, RFC 6890).
// BlockList also applies the IPv4 rules to IPv4-mapped IPv6 addresses (::ffff:127.0.0.1).
const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  // The unspecified address, loopback and the deprecated IPv4-compatible form (::127.0.0.1).
  ['::', 96],
  // NAT64, Teredo and 6to4 carry an IPv4 address inside: 64:ff9b::7f00:1 reaches 127.0.0.1.
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv6');
}

/** True when `address` (an IP literal) is loopback, private or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** `localhost` and its subdomains, with or without the root's dot, are loopback (RFC 6761 6.3). */
function isLocalhostName(hostname: string): boolean {
  return /(^|\.)localhost\.?$/i.test(hostname);
}

/** True when the fetch may connect to `address` (an IP literal). */
function mayConnect(address: string, bounds: FetchBounds): boolean {
  if (bounds.allowPrivate || !isPrivateAddress(address)) return true;
  const family = net.isIP(address) === 4 ? 'ipv4' : 'ipv6';
  return bounds.allowAddresses?.check(address, family) ?? false;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** dns.lookup that refuses private addresses: the check runs on what the socket will use. */
function checkedLookup(bounds: FetchBounds) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      if (addresses.length === 0 || addresses.some((a) => !mayConnect(a.address, bounds))) {
        return callback(privateAddressError(), '');
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

function privateAddressError(): NodeJS.ErrnoException {
  const refused = new Error('private address') as NodeJS.ErrnoException;
  refused.code = 'E_PRIVATE_ADDRESS';
  return refused;
}

function requestOnce(
  url: URL,
  bounds: FetchBounds,
  signal: AbortSignal,
): Promise<{ status: number; location?: string; contentType: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    // An IP literal is connected to without a lookup, so it is checked here.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const refused = net.isIP(host)
      ? !mayConnect(host, bounds)
      : !bounds.allowPrivate && isLocalhostName(host);
    if (refused) {
      reject(new FeedFetchError('is in a private network, which is not allowed'));
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'GET',
        signal,
        headers: {
          accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1',
          'user-agent': 'Stays-calendar-sync/1.0',
        },
        ...(bounds.allowPrivate ? {} : { lookup: checkedLookup(bounds) as typeof dns.lookup }),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const contentType = String(res.headers['content-type'] ?? '');
        if (status >= 300 && status < 400) {
          res.resume();
          resolve({ status, location: res.headers.location, contentType, body: Buffer.alloc(0) });
          return;
        }
        if (status !== 200) {
          res.resume();
          resolve({ status, contentType, body: Buffer.alloc(0) });
          return;
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > bounds.maxBytes) {
          res.destroy();
          reject(new FeedFetchError(tooLarge(bounds)));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > bounds.maxBytes) {
            res.destroy();
            reject(new FeedFetchError(tooLarge(bounds)));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, contentType, body: Buffer.concat(chunks) }));
        res.on('error', (err) => reject(err));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => reject(err));
    req.end();
  });
}

function tooLarge(bounds: FetchBounds): string {
  return `sent more than ${Math.round(bounds.maxBytes / 1024 / 1024)} MB`;
}

/** Turns a low-level error into the owner's words; never includes the URL. */
function describe(err: unknown, bounds: FetchBounds, timedOut: boolean): FeedFetchError {
  if (err instanceof FeedFetchError) return err;
  if (timedOut) {
    const seconds = bounds.timeoutMs / 1000;
    return new FeedFetchError(`did not answer within ${seconds} second${seconds === 1 ? '' : 's'}`);
  }
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'E_PRIVATE_ADDRESS') {
    return new FeedFetchError('is in a private network, which is not allowed');
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new FeedFetchError('was not found (no such host)');
  if (code === 'ECONNREFUSED') return new FeedFetchError('refused the connection');
  if (code === 'ABORT_ERR') return new FeedFetchError('was not fetched: the server is stopping');
  if (code?.startsWith('ERR_TLS') || code?.includes('CERT')) {
    return new FeedFetchError('has a certificate that could not be trusted');
  }
  return new FeedFetchError('could not be reached');
}

/**
 * GETs `rawUrl` within `bounds` and returns the body as text.
 * Throws FeedFetchError: not http(s), a private address, a status other than 200, too many
 * redirects, too large, too slow, unreachable.
 */
export async function fetchFeed(rawUrl: string, bounds: FetchBounds): Promise<string> {
  const deadline = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    deadline.abort();
  }, bounds.timeoutMs);
  const signal = bounds.signal
    ? AbortSignal.any([deadline.signal, bounds.signal])
    : deadline.signal;
  try {
    let url = new URL(rawUrl);
    for (let redirects = 0; ; redirects++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new FeedFetchError('is not an http or https address');
      }
      const res = await requestOnce(url, bounds, signal);
      if (res.status >= 300 && res.status < 400 && res.location !== undefined) {
        if (redirects >= bounds.maxRedirects) {
          throw new FeedFetchError(`redirected more than ${bounds.maxRedirects} times`);
        }
        url = new URL(res.location, url);
        continue;
      }
      if (res.status !== 200) throw new FeedFetchError(`answered ${res.status}`);
      if (/^text\/html\b/i.test(res.contentType)) {
        throw new FeedFetchError('sent a web page, not a calendar');
      }
      return res.body.toString('utf8');
    }
  } catch (err) {
    throw describe(err, bounds, timedOut);
  } finally {
    clearTimeout(timer);
  }
}
