import { isForbiddenHost } from './forbidden-address';

/** The hostname a browser (WHATWG URL) makes of the URL, as isForbiddenHost receives it. */
const hostOf = (url: string): string => new URL(url).hostname;

describe('isForbiddenHost', () => {
  it.each([
    ['loopback', 'https://127.0.0.1/'],
    ['loopback, short form', 'https://127.1/'],
    ['loopback as one decimal number', 'https://2130706433/'],
    ['loopback in hex', 'https://0x7f000001/'],
    ['loopback in octal', 'https://0177.0.0.1/'],
    ['IPv6 loopback', 'https://[::1]/'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/'],
    ['cloud metadata (link-local)', 'https://169.254.169.254/'],
    ['IPv4-mapped metadata', 'https://[::ffff:169.254.169.254]/'],
    ['private 10/8', 'https://10.1.2.3/'],
    ['private 172.16/12', 'https://172.31.255.255/'],
    ['private 192.168/16', 'https://192.168.0.10/'],
    ['carrier-grade NAT', 'https://100.64.1.1/'],
    ['unspecified', 'https://0.0.0.0/'],
    ['IPv6 unspecified', 'https://[::]/'],
    ['IPv6 link-local', 'https://[fe80::1]/'],
    ['IPv6 unique-local', 'https://[fc00::1]/'],
    ['multicast', 'https://239.1.1.1/'],
    ['IPv6 multicast', 'https://[ff02::1]/'],
    ['broadcast', 'https://255.255.255.255/'],
    ['reserved', 'https://240.0.0.1/'],
    ['documentation range', 'https://203.0.113.9/'],
    ['6to4 of loopback', 'https://[2002:7f00:1::]/'],
    ['NAT64 of loopback', 'https://[64:ff9b::7f00:1]/'],
    ['IPv4-compatible loopback', 'https://[::127.0.0.1]/'],
    ['IPv4-compatible loopback in hex', 'https://[::7f00:1]/'],
    ['IPv4-compatible metadata', 'https://[::a9fe:a9fe]/'],
    ['IPv4-compatible private', 'https://[::a00:1]/'],
    ['Teredo with a loopback server', 'https://[2001:0:7f00:1:8000:63bf:a247:27dd]/'],
    ['localhost', 'https://localhost/'],
    ['localhost with a final dot', 'https://localhost./'],
    ['a subdomain of localhost', 'https://api.localhost/'],
    ['mDNS', 'https://nas.local/'],
    ['a single label', 'https://intranet/'],
    ['.internal', 'https://metadata.google.internal/'],
    ['home.arpa', 'https://router.home.arpa/'],
  ])('refuses %s (%s)', (_case, url) => expect(isForbiddenHost(hostOf(url))).toBe(true));

  it.each([
    'https://homestars.com/',
    'https://www.google.com/',
    'https://93.184.216.34/',
    'https://[2606:4700::1111]/',
    'https://[::ffff:93.184.216.34]/',
    'https://localhost.example.com/',
    'https://local.example/',
  ])('admits the public host of %s', (url) => expect(isForbiddenHost(hostOf(url))).toBe(false));
});
