import dns from 'node:dns';
import net from 'node:net';
import type { LookupFunction } from 'node:net';

/**
 * Webhook URLs are typed by customers, and the server POSTs to them: without a check, a URL could make the server
 * reach its own network (the database, a cloud's metadata service at 169.254.169.254). In production every address a
 * host name resolves to must be public; the check runs inside the connection's own DNS lookup, so the address
 * checked is the address connected to (a name that answers a public address first and a private one later
 * cannot slip through).
 */
const blocked = new net.BlockList();
for (const [addr, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(addr, bits, 'ipv4');
for (const [addr, bits] of [
  ['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['2001:db8::', 32], ['64:ff9b::', 96], ['100::', 64],
] as const) blocked.addSubnet(addr, bits, 'ipv6');

/** True for loopback, private, link-local, carrier-grade NAT, multicast, documentation and reserved addresses. */
export const isPrivateAddress = (address: string): boolean => {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1], 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true; // not an address at all: refuse
};

export class PrivateAddressError extends Error {
  constructor(readonly host: string, readonly address: string) {
    super(`${host} resolves to ${address}, a private or local address; webhooks are only sent to public addresses`);
  }
}

/**
 * A `lookup` for http(s).request: resolves every address of the host and refuses the connection if any is private
 * (`allowPrivate` turns the check off: outside production, or WEBHOOK_ALLOW_PRIVATE for tests).
 */
export const guardedLookup = (opts: { allowPrivate: boolean; resolve?: typeof dns.lookup }): LookupFunction =>
  ((hostname: string, options: dns.LookupOptions, callback: (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void) => {
    const resolve = opts.resolve ?? dns.lookup;
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const list = addresses as dns.LookupAddress[];
      if (!opts.allowPrivate) {
        const bad = list.find((a) => isPrivateAddress(a.address));
        if (bad || list.length === 0) return callback(new PrivateAddressError(hostname, bad?.address ?? 'no address') as NodeJS.ErrnoException, '');
      }
      if (options.all) return callback(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  }) as LookupFunction;

/** The same check before anything is sent (saving a URL, and hosts written as literal addresses, which skip lookup). */
export const assertPublicHost = async (url: string, opts: { allowPrivate: boolean; resolve?: typeof dns.lookup }) => {
  if (opts.allowPrivate) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) {
    if (isPrivateAddress(host)) throw new PrivateAddressError(host, host);
    return;
  }
  await new Promise<void>((resolve, reject) => {
    guardedLookup(opts)(host, { all: true }, (err) => (err ? reject(err) : resolve()));
  });
};
