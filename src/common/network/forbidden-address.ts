import ipaddr, { type IPv4, type IPv6 } from 'ipaddr.js';
import { IPV4_SPECIAL_PURPOSE, IPV6_SPECIAL_PURPOSE, type Reachability } from './special-purpose-addresses';

/**
 * Names that never stand for a public web site: `localhost` and its subdomains (RFC 6761), mDNS
 * `.local` (RFC 6762), `.internal` and `home.arpa` (RFC 8375). A single label (`intranet`) is
 * completed by the resolver's search domains, so it names a host of the local network too.
 */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa)$/;

interface Block<A> {
  range: [A, number];
  reachable: Reachability;
}

const blocksOf = <A extends IPv4 | IPv6>(table: readonly [string, Reachability][]): Block<A>[] =>
  table.map(([cidr, reachable]) => ({ range: ipaddr.parseCIDR(cidr) as [A, number], reachable }));

const IPV4_BLOCKS = blocksOf<IPv4>(IPV4_SPECIAL_PURPOSE);
const IPV6_BLOCKS = blocksOf<IPv6>(IPV6_SPECIAL_PURPOSE);
const IPV4_MULTICAST = ipaddr.parseCIDR('224.0.0.0/4');
const IPV4_MAPPED = ipaddr.parseCIDR('::ffff:0:0/96');
/** IPv4-compatible (RFC 4291, deprecated): never a destination, yet a tunnel device may carry it to the IPv4 address. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');
const SIX_TO_FOUR = ipaddr.parseCIDR('2002::/16');
const TEREDO = ipaddr.parseCIDR('2001::/32');
/** Global unicast, the only IPv6 space allocated to the public internet outside the registry's blocks. */
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

/** The registry's most specific block holding the address (a /32 inside a /24 decides for itself). */
function mostSpecific<A extends IPv4 | IPv6>(address: A, blocks: Block<A>[]): Block<A> | undefined {
  let found: Block<A> | undefined;
  for (const block of blocks) {
    if (address.match(block.range) && (!found || block.range[1] > found.range[1])) found = block;
  }
  return found;
}

const ipv4At = (bytes: number[], offset: number, invert = false): IPv4 =>
  new ipaddr.IPv4(bytes.slice(offset, offset + 4).map((byte) => (invert ? byte ^ 0xff : byte)));

/** The IPv4 addresses an IPv6 address carries: NAT64's last 32 bits, 6to4's, Teredo's server and client. */
function embeddedIPv4(address: IPv6): IPv4[] {
  const bytes = address.toByteArray();
  if (address.match(NAT64)) return [ipv4At(bytes, 12)];
  if (address.match(SIX_TO_FOUR)) return [ipv4At(bytes, 2)];
  // Teredo: the server's address, and the client's with every bit inverted (RFC 4380).
  if (address.match(TEREDO)) return [ipv4At(bytes, 4), ipv4At(bytes, 12, true)];
  return [];
}

function isPublicIPv4(address: IPv4): boolean {
  const block = mostSpecific(address, IPV4_BLOCKS);
  return block ? block.reachable === true : !address.match(IPV4_MULTICAST);
}

function isPublicIPv6(address: IPv6): boolean {
  // How Node reports an IPv4 peer on a dual-stack socket: the connection goes to that IPv4 address.
  if (address.match(IPV4_MAPPED)) return isPublicIPv4(address.toIPv4Address());
  if (address.match(IPV4_COMPATIBLE)) return false;
  const block = mostSpecific(address, IPV6_BLOCKS);
  if (block?.reachable === false) return false;
  if (!embeddedIPv4(address).every(isPublicIPv4)) return false;
  return block !== undefined || address.match(IPV6_GLOBAL_UNICAST);
}

/**
 * True when an IP address may be connected to as a public internet host: the IANA special-purpose
 * registries (IPv4 and IPv6) leave it globally reachable, it is not multicast nor outside IPv6 global
 * unicast, and every IPv4 address it carries (IPv4-mapped, NAT64, 6to4, Teredo) passes the same test.
 * IPv4-compatible addresses (`::/96`) are refused whatever they carry. False for what is not an address.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  return parsed.kind() === 'ipv4' ? isPublicIPv4(parsed as IPv4) : isPublicIPv6(parsed as IPv6);
}

/**
 * True when a URL's host is not a public internet host: an IP literal that isPublicAddress refuses, or
 * a local name. `hostname` is as WHATWG URL gives it: lower case, IPv6 in brackets, and IPv4 already
 * normalised to dotted decimal from forms such as `2130706433`, `0x7f.1` or `0177.0.0.1`.
 */
export function isForbiddenHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const literal = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (ipaddr.isValid(literal)) return !isPublicAddress(literal);
  return !host.includes('.') || LOCAL_NAME.test(host);
}
