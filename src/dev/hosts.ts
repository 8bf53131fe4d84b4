import net from 'node:net';

/** Without brackets and in lower case: "[::1]" -> "::1", "LocalHost" -> "localhost". */
const bare = (host: string) => host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');

/**
 * True for a host that only this machine can reach: `localhost`, an address in 127.0.0.0/8, `::1`
 * (also written as IPv4-mapped `::ffff:127.x.y.z`). Any other host, the wildcards 0.0.0.0 and ::
 * included, may be reachable from the network.
 */
export function isLoopbackHost(host: string): boolean {
  const name = bare(host);
  if (name === 'localhost') return true;
  const v4 = name.startsWith('::ffff:') ? name.slice('::ffff:'.length) : name;
  if (net.isIPv4(v4)) return v4.startsWith('127.');
  return net.isIPv6(name) && /^(0{0,4}:){7}0{0,3}1$|^::1$/.test(name);
}

/**
 * Whether a request's Host header names the server it reached: the port must be the served one,
 * and the name `localhost`, an IP address, or the host the server was started with. A page of
 * another site can make a browser send requests here under its own domain name (DNS rebinding),
 * but never with one of those names, so what the watch endpoints return stays with local pages.
 */
export function isServedHost(header: string | undefined, served: { host: string; port: number }): boolean {
  if (!header) return false;
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(header.trim());
  if (!match) return false;
  const name = bare(match[1]!);
  const port = match[2] === undefined ? 80 : Number(match[2]);
  if (port !== served.port) return false;
  return name === 'localhost' || net.isIP(name) !== 0 || name === bare(served.host);
}
