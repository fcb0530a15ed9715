import net from 'node:net';

/** The eight 16-bit groups of an IPv6 address, e.g. '2001:db8::1' → ['2001','db8','0',…,'1']. */
function ipv6Groups(ip: string): string[] {
  let s = ip.split('%', 1)[0];
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    s = `${s.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = s.split('::');
  const h = head ? head.split(':') : [];
  if (tail === undefined) return h;
  const t = tail ? tail.split(':') : [];
  return [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
}

/**
 * The rate-limit bucket of a client address (Fastify's `request.ip`): an IPv4 address itself,
 * an IPv4-mapped IPv6 address as its IPv4, and any other IPv6 address as its /64 network,
 * e.g. '2001:db8:1:2:aa::1' → '2001:db8:1:2::/64'. One subscriber usually holds a whole /64, so
 * counting single IPv6 addresses would give an attacker 2⁶⁴ fresh buckets (RFC 6177; OWASP
 * Credential Stuffing Prevention). Anything that is not an IP address is returned unchanged.
 */
export function clientKey(ip: string): string {
  if (!net.isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  const groups = ipv6Groups(ip).map((g) => parseInt(g, 16).toString(16));
  return `${groups.slice(0, 4).join(':')}::/64`;
}
