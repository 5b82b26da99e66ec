/** A scheme that mail and SMS apps turn into a link. */
const SCHEME = /\b(h)tt(ps?):\/\//giu;
/** A host name: labels joined by dots, the last of two letters or more (what apps link without a scheme). */
const HOST = /(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}\b/gu;

/**
 * A customer's free text as a message quotes it, with its web addresses written so that no mail or SMS
 * app makes a link of them ("hxxps://evil[.]example/x", the usual "defanged" writing): the reader still
 * sees the address, and a tap cannot open it.
 */
export function unlinked(text: string): string {
  return text
    .replace(SCHEME, (_scheme, h: string, rest: string) => `${h}xx${rest}://`)
    .replace(HOST, (host) => host.replace(/\./g, '[.]'));
}
