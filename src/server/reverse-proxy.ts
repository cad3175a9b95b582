/**
 * Running behind a reverse proxy (OPS-5): which proxies the server believes about a client's
 * address, and the HTTPS-only header once the public address is https.
 */
import net from 'node:net';

/**
 * Fastify's `trustProxy` as TRUST_PROXY sets it: false (no proxy: the socket's address is the
 * client's), a number of proxies in front, or the proxies' addresses and subnets.
 */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for address ranges, which Fastify's trustProxy also takes. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

const TRUE_REFUSED =
  'TRUST_PROXY must not be true: it would take the left-most X-Forwarded-For address, which any client can write ' +
  '(and so dodge the login throttle). Set the number of proxies in front of the server ' +
  '(TRUST_PROXY=1 for one nginx) or their addresses (TRUST_PROXY=127.0.0.1,10.0.0.0/8).';

/** True for an IPv4 or IPv6 address, optionally with a /prefix length that fits it. */
function isAddressOrSubnet(entry: string): boolean {
  const slash = entry.indexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const family = net.isIP(address);
  if (family === 0) return false;
  if (slash === -1) return true;
  const prefix = entry.slice(slash + 1);
  // A /0 subnet would trust every address, as "true" does.
  return (
    /^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (family === 4 ? 32 : 128)
  );
}

/**
 * Parses TRUST_PROXY (OPS-5). Unset, "", "false" or "0": false. A whole number 1 to 10: that many
 * proxies in front; the client is the address the outermost of them saw, read from the right of
 * X-Forwarded-For, so an address a client writes at its left is never believed. Otherwise a comma
 * list of IP addresses, CIDR subnets, or "loopback" / "linklocal" / "uniquelocal".
 * Throws an Error naming TRUST_PROXY for "true" (it trusts every hop) and for anything malformed.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value.toLowerCase() === 'true') throw new Error(TRUE_REFUSED);
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_HOPS) {
      throw new Error(`TRUST_PROXY must be 1 to ${MAX_HOPS} proxies in front, got "${value}"`);
    }
    return hops;
  }
  const entries = value.split(',').map((e) => e.trim());
  const bad = entries.find((e) => !NAMED_RANGES.has(e) && !isAddressOrSubnet(e));
  if (bad !== undefined) {
    throw new Error(
      `TRUST_PROXY must be a number of proxies or a comma list of their IP addresses or subnets, got "${bad}" in "${value}"`,
    );
  }
  return entries;
}

/**
 * TRUST_PROXY as Fastify's `trustProxy` option. A number becomes a hop test, as Express and
 * proxy-addr read one: Fastify 5 takes a bare number as "trust nobody", since a client that can reach
 * the server directly could pose as the proxy; hence the README's HOST=127.0.0.1 behind nginx.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/**
 * The Strict-Transport-Security value sent when SITE_URL is https (OPS-5; RFC 6797, OWASP HTTP
 * Security Response Headers Cheat Sheet): one year. Without includeSubDomains, because the site's
 * host name may be the owner's apex domain whose other hosts are not served over HTTPS.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';
