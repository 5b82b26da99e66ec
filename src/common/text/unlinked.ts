/** A scheme that mail and SMS apps turn into a link, in any case. */
const WEB_SCHEME = /\b(h)tt(ps?):\/\//giu;
/** Any other `scheme://` (ftp, a custom app's): apps link those too. */
const OTHER_SCHEME = /\b([a-z][a-z0-9+.-]*):\/\//giu;
/** A host name: labels joined by dots, the last of two letters or more (what apps link without a scheme). */
const HOST = /(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}\b/gu;
/** An IPv4 address, which apps link as a host. */
const IPV4 = /\b\d{1,3}(?:\.\d{1,3}){3}\b/g;
/** A web scheme `WEB_SCHEME` has already defanged. */
const DEFANGED_SCHEME = /^hxxps?$/i;
const DOT = /\./g;

/**
 * A customer's free text as a message quotes it, with its web addresses written so that no mail or SMS
 * app makes a link of them ("hxxps://evil[.]example/x", the usual "defanged" writing): the reader still
 * sees the address, and a tap cannot open it. Give it text already in its canonical spelling
 * (`canonicalText`), so that full-width and ideographic dots are dots here.
 */
export function unlinked(text: string): string {
  // Every scheme has its colon and every host or address its dot: a text with neither has no link.
  if (!text.includes('.') && !text.includes(':')) return text;
  return text
    .replace(WEB_SCHEME, (_scheme, h: string, rest: string) => `${h}xx${rest}://`)
    .replace(OTHER_SCHEME, (scheme: string, name: string) => (DEFANGED_SCHEME.test(name) ? scheme : `${name}[:]//`))
    .replace(HOST, (host) => host.replace(DOT, '[.]'))
    .replace(IPV4, (address) => address.replace(DOT, '[.]'));
}
