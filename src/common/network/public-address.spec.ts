import { isPublicAddress } from './forbidden-address';

/**
 * The IANA special-purpose registries as published, one row per entry: the block, its name, an address
 * inside it, and whether a webhook may connect there. Written out here rather than imported, so the
 * table in the code is checked against the registry, not against itself. "N/A" entries (6to4, Teredo)
 * carry an IPv4 address: their verdict is that address's (a public one here, private ones below).
 */
const IPV4_REGISTRY: [block: string, name: string, address: string, verdict: boolean][] = [
  ['0.0.0.0/8', '"This network"', '0.1.2.3', false],
  ['0.0.0.0/32', '"This host on this network"', '0.0.0.0', false],
  ['10.0.0.0/8', 'Private-Use', '10.20.30.40', false],
  ['100.64.0.0/10', 'Shared Address Space', '100.127.255.254', false],
  ['127.0.0.0/8', 'Loopback', '127.0.0.1', false],
  ['169.254.0.0/16', 'Link Local', '169.254.169.254', false],
  ['172.16.0.0/12', 'Private-Use', '172.31.0.1', false],
  ['192.0.0.0/24', 'IETF Protocol Assignments', '192.0.0.100', false],
  ['192.0.0.0/29', 'IPv4 Service Continuity Prefix', '192.0.0.1', false],
  ['192.0.0.8/32', 'IPv4 dummy address', '192.0.0.8', false],
  ['192.0.0.9/32', 'Port Control Protocol Anycast', '192.0.0.9', true],
  ['192.0.0.10/32', 'Traversal Using Relays around NAT Anycast', '192.0.0.10', true],
  ['192.0.0.170/32', 'NAT64/DNS64 Discovery', '192.0.0.170', false],
  ['192.0.0.171/32', 'NAT64/DNS64 Discovery', '192.0.0.171', false],
  ['192.0.2.0/24', 'Documentation (TEST-NET-1)', '192.0.2.1', false],
  ['192.31.196.0/24', 'AS112-v4', '192.31.196.1', true],
  ['192.52.193.0/24', 'AMT', '192.52.193.1', true],
  ['192.88.99.0/24', 'Deprecated (6to4 Relay Anycast)', '192.88.99.1', false],
  ['192.88.99.2/32', '6a44-relay anycast address', '192.88.99.2', false],
  ['192.168.0.0/16', 'Private-Use', '192.168.1.1', false],
  ['192.175.48.0/24', 'Direct Delegation AS112 Service', '192.175.48.1', true],
  ['198.18.0.0/15', 'Benchmarking', '198.19.255.1', false],
  ['198.51.100.0/24', 'Documentation (TEST-NET-2)', '198.51.100.7', false],
  ['203.0.113.0/24', 'Documentation (TEST-NET-3)', '203.0.113.9', false],
  ['240.0.0.0/4', 'Reserved', '250.1.2.3', false],
  ['255.255.255.255/32', 'Limited Broadcast', '255.255.255.255', false],
];

const IPV6_REGISTRY: [block: string, name: string, address: string, verdict: boolean][] = [
  ['::1/128', 'Loopback Address', '::1', false],
  ['::/128', 'Unspecified Address', '::', false],
  ['::ffff:0:0/96', 'IPv4-mapped Address', '::ffff:10.0.0.1', false],
  ['64:ff9b::/96', 'IPv4-IPv6 Translat.', '64:ff9b::5db8:d822', true],
  ['64:ff9b:1::/48', 'IPv4-IPv6 Translat.', '64:ff9b:1::5db8:d822', false],
  ['100::/64', 'Discard-Only Address Block', '100::1', false],
  ['100:0:0:1::/64', 'Dummy IPv6 Prefix', '100:0:0:1::1', false],
  ['2001::/23', 'IETF Protocol Assignments', '2001:100::1', false],
  ['2001::/32', 'TEREDO', '2001:0:4136:e378:8000:63bf:a247:27dd', true],
  ['2001:1::1/128', 'Port Control Protocol Anycast', '2001:1::1', true],
  ['2001:1::2/128', 'Traversal Using Relays around NAT Anycast', '2001:1::2', true],
  ['2001:1::3/128', 'DNS-SD Service Registration Protocol Anycast', '2001:1::3', true],
  ['2001:2::/48', 'Benchmarking', '2001:2::1', false],
  ['2001:3::/32', 'AMT', '2001:3::1', true],
  ['2001:4:112::/48', 'AS112-v6', '2001:4:112::1', true],
  ['2001:10::/28', 'Deprecated (previously ORCHID)', '2001:10::1', false],
  ['2001:20::/28', 'ORCHIDv2', '2001:20::1', true],
  ['2001:30::/28', 'Drone Remote ID Protocol Entity Tags (DETs) Prefix', '2001:30::1', true],
  ['2001:db8::/32', 'Documentation', '2001:db8::1', false],
  ['2002::/16', '6to4', '2002:5db8:d822::1', true],
  ['2620:4f:8000::/48', 'Direct Delegation AS112 Service', '2620:4f:8000::1', true],
  ['3fff::/20', 'Documentation', '3fff:fff::1', false],
  ['5f00::/16', 'Segment Routing (SRv6) SIDs', '5f00:1::1', false],
  ['fc00::/7', 'Unique-Local', 'fd12:3456::1', false],
  ['fe80::/10', 'Link-Local Unicast', 'fe80::1', false],
];

/** Addresses that carry an IPv4 address: judged by it (93.184.216.34 public, the others not). */
const EMBEDDED: [form: string, address: string, verdict: boolean][] = [
  ['IPv4-compatible loopback', '::127.0.0.1', false],
  ['IPv4-compatible loopback, hex', '::7f00:1', false],
  ['IPv4-compatible metadata', '::a9fe:a9fe', false],
  ['IPv4-compatible private', '::a00:1', false],
  ['IPv4-compatible public (deprecated form, refused)', '::5db8:d822', false],
  ['IPv4-mapped public', '::ffff:93.184.216.34', true],
  ['IPv4-mapped loopback', '::ffff:7f00:1', false],
  ['IPv4-mapped metadata', '::ffff:169.254.169.254', false],
  ['NAT64 of loopback', '64:ff9b::7f00:1', false],
  ['NAT64 of metadata', '64:ff9b::a9fe:a9fe', false],
  ['NAT64 of private', '64:ff9b::192.168.0.1', false],
  ['local-use NAT64 of public', '64:ff9b:1:2::5db8:d822', false],
  ['6to4 of loopback', '2002:7f00:1::1', false],
  ['6to4 of private', '2002:c0a8:101::1', false],
  ['6to4 of metadata', '2002:a9fe:a9fe::', false],
  ['Teredo with a loopback server', '2001:0:7f00:1:8000:63bf:a247:27dd', false],
  ['Teredo with a private client (10.0.0.1 inverted)', '2001:0:4136:e378:8000:63bf:f5ff:fffe', false],
  ['Teredo with a documentation client (RFC 4380 example)', '2001:0:4136:e378:8000:63bf:3fff:fdd2', false],
];

/** Outside the special-purpose registries. */
const OTHERS: [what: string, address: string, verdict: boolean][] = [
  ['public IPv4', '93.184.216.34', true],
  ['public IPv4 next to a private block', '172.32.0.1', true],
  ['IPv4 multicast', '224.0.0.1', false],
  ['IPv4 multicast, top', '239.255.255.250', false],
  ['public IPv6', '2606:4700::1111', true],
  ['IPv6 multicast', 'ff02::1', false],
  ['IPv6 multicast, global scope', 'ff0e::1', false],
  ['IPv6 outside global unicast (reserved by IETF)', '4000::1', false],
  ['IPv6 site-local (deprecated)', 'fec0::1', false],
  ['not an address', 'example.com', false],
];

describe('isPublicAddress', () => {
  it.each(IPV4_REGISTRY)('IPv4 registry %s (%s): %s is public: %s', (_block, _name, address, verdict) =>
    expect(isPublicAddress(address)).toBe(verdict),
  );
  it.each(IPV6_REGISTRY)('IPv6 registry %s (%s): %s is public: %s', (_block, _name, address, verdict) =>
    expect(isPublicAddress(address)).toBe(verdict),
  );
  it.each(EMBEDDED)('%s: %s is public: %s', (_form, address, verdict) =>
    expect(isPublicAddress(address)).toBe(verdict),
  );
  it.each(OTHERS)('%s: %s is public: %s', (_what, address, verdict) => expect(isPublicAddress(address)).toBe(verdict));

  it('judges each IPv4 registry entry in its IPv4-mapped and NAT64 forms as the IPv4 address', () => {
    for (const [, , address, verdict] of IPV4_REGISTRY) {
      expect({ address, mapped: isPublicAddress(`::ffff:${address}`) }).toEqual({ address, mapped: verdict });
      expect({ address, nat64: isPublicAddress(`64:ff9b::${address}`) }).toEqual({ address, nat64: verdict });
    }
  });
});
