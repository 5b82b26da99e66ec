import ipaddr from 'ipaddr.js';

/**
 * Names that never stand for a public web site: `localhost` and its subdomains (RFC 6761), mDNS
 * `.local` (RFC 6762), `.internal` and `home.arpa` (RFC 8375). A single label (`intranet`) is
 * completed by the resolver's search domains, so it names a host of the local network too.
 */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa)$/;

/**
 * True when a URL's host is not a public internet host: an IP literal outside public unicast
 * (loopback, private, link-local such as 169.254.169.254, unique-local, carrier-grade NAT,
 * unspecified, multicast, broadcast, reserved and documentation ranges, and IPv6 forms that embed an
 * IPv4 address), or a local name. `hostname` is as WHATWG URL gives it: lower case, IPv6 in brackets,
 * and IPv4 already normalised to dotted decimal from forms such as `2130706433`, `0x7f.1` or `0177.0.0.1`.
 */
export function isForbiddenHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const literal = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (ipaddr.isValid(literal)) {
    // process(): an IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it carries.
    return ipaddr.process(literal).range() !== 'unicast';
  }
  return !host.includes('.') || LOCAL_NAME.test(host);
}
