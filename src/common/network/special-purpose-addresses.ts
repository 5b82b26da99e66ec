/**
 * How an address block of the IANA special-purpose registries may be reached: `true` and `false` are
 * the registries' "Globally Reachable" column; `embedded` marks the blocks that carry an IPv4 address
 * (6to4, Teredo), which the registry leaves "N/A": they are judged by the IPv4 addresses they carry.
 */
export type Reachability = boolean | 'embedded';

/** IANA IPv4 Special-Purpose Address Registry (iana-ipv4-special-registry), every entry. */
export const IPV4_SPECIAL_PURPOSE: readonly [cidr: string, reachable: Reachability][] = [
  ['0.0.0.0/8', false], // "this network"
  ['0.0.0.0/32', false], // "this host on this network"
  ['10.0.0.0/8', false], // private use
  ['100.64.0.0/10', false], // shared address space (carrier-grade NAT)
  ['127.0.0.0/8', false], // loopback
  ['169.254.0.0/16', false], // link local (cloud metadata services live here)
  ['172.16.0.0/12', false], // private use
  ['192.0.0.0/24', false], // IETF protocol assignments
  ['192.0.0.0/29', false], // IPv4 service continuity prefix
  ['192.0.0.8/32', false], // IPv4 dummy address
  ['192.0.0.9/32', true], // Port Control Protocol anycast
  ['192.0.0.10/32', true], // TURN anycast
  ['192.0.0.170/32', false], // NAT64/DNS64 discovery
  ['192.0.0.171/32', false], // NAT64/DNS64 discovery
  ['192.0.2.0/24', false], // documentation (TEST-NET-1)
  ['192.31.196.0/24', true], // AS112-v4
  ['192.52.193.0/24', true], // AMT
  ['192.88.99.0/24', false], // deprecated 6to4 relay anycast
  ['192.88.99.2/32', false], // 6a44 relay anycast
  ['192.168.0.0/16', false], // private use
  ['192.175.48.0/24', true], // direct delegation AS112 service
  ['198.18.0.0/15', false], // benchmarking
  ['198.51.100.0/24', false], // documentation (TEST-NET-2)
  ['203.0.113.0/24', false], // documentation (TEST-NET-3)
  ['240.0.0.0/4', false], // reserved
  ['255.255.255.255/32', false], // limited broadcast
];

/** IANA IPv6 Special-Purpose Address Registry (iana-ipv6-special-registry), every entry. */
export const IPV6_SPECIAL_PURPOSE: readonly [cidr: string, reachable: Reachability][] = [
  ['::1/128', false], // loopback
  ['::/128', false], // unspecified
  ['::ffff:0:0/96', false], // IPv4-mapped (judged by its IPv4 address before this table)
  ['64:ff9b::/96', true], // IPv4/IPv6 translation (NAT64): its IPv4 address is judged too
  ['64:ff9b:1::/48', false], // local-use IPv4/IPv6 translation
  ['100::/64', false], // discard-only
  ['100:0:0:1::/64', false], // dummy IPv6 prefix
  ['2001::/23', false], // IETF protocol assignments
  ['2001::/32', 'embedded'], // Teredo
  ['2001:1::1/128', true], // Port Control Protocol anycast
  ['2001:1::2/128', true], // TURN anycast
  ['2001:1::3/128', true], // DNS-SD service registration protocol anycast
  ['2001:2::/48', false], // benchmarking
  ['2001:3::/32', true], // AMT
  ['2001:4:112::/48', true], // AS112-v6
  ['2001:10::/28', false], // deprecated (previously ORCHID)
  ['2001:20::/28', true], // ORCHIDv2
  ['2001:30::/28', true], // drone remote ID entity tags
  ['2001:db8::/32', false], // documentation
  ['2002::/16', 'embedded'], // 6to4
  ['2620:4f:8000::/48', true], // direct delegation AS112 service
  ['3fff::/20', false], // documentation
  ['5f00::/16', false], // segment routing (SRv6) SIDs
  ['fc00::/7', false], // unique local
  ['fe80::/10', false], // link-local unicast
];
