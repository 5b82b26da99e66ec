import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { MaxLength, ValidationOptions, registerDecorator } from 'class-validator';
import { isForbiddenHost } from '../network/forbidden-address';

export const MAX_URL_LENGTH = 2048;

const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/** Ports 1-65535 (`:` and the digits, without the colon). */
const ANY_PORT = '(?:[1-9]\\d{0,3}|[1-5]\\d{4}|6[0-4]\\d{3}|65[0-4]\\d{2}|655[0-2]\\d|6553[0-5])';
/** A character of a path segment, query or fragment as RFC 3986 writes it (anything else percent-encoded). */
const URI_CHARACTER = "(?:[A-Za-z0-9._~!$&'()*+,;=:@-]|%[0-9A-Fa-f]{2})";
const REST = `(?:/(?:${URI_CHARACTER}|/)*)?(?:\\?(?:${URI_CHARACTER}|[/?])*)?(?:#(?:${URI_CHARACTER}|[/?])*)?`;
const escaped = (domain: string): string => domain.replace(/\./g, '\\.');
/** A pattern matching the word in any case (ECMA-262 patterns have no case-insensitive flag). */
const anyCase = (word: string): string =>
  [...word].map((c) => (/[a-z]/.test(c) ? `[${c.toUpperCase()}${c}]` : escaped(c))).join('');

/**
 * The host rules as patterns, for the API document: a dotted name with a letter top-level domain (a
 * public IP address, which the server also takes, is left out), or with `domains` one of those names
 * or a subdomain; no credentials; a port of `port` (a pattern of its digits). `not` names what
 * isForbiddenHost refuses by name.
 */
export function httpsUrlSchema(
  domains?: ReadonlySet<string>,
  port = ANY_PORT,
): { pattern: string; not?: { pattern: string } } {
  const host = domains
    ? `(?:${LABEL}\\.)*(?:${[...domains].map(escaped).join('|')})`
    : `(?:${LABEL}\\.)+[A-Za-z]{2,63}`;
  const pattern = `^https://${host}(?::${port})?${REST}$`;
  if (domains) return { pattern };
  const localName = ['localhost', 'local', 'internal', 'home.arpa'].map(anyCase).join('|');
  return { pattern, not: { pattern: `^https://(?:[^/?#:]*\\.)?(?:${localName})(?:[:/?#]|$)` } };
}

/** True when hostname is one of the domains or a subdomain of one (`maps.google.com` under `google.com`). */
function isUnder(hostname: string, domains: ReadonlySet<string>): boolean {
  const labels = hostname.split('.');
  return labels.some((_label, i) => domains.has(labels.slice(i).join('.')));
}

/**
 * An absolute https URL (as a browser parses it) with a public host (see isForbiddenHost) and no
 * credentials, at most 2048 characters; with `domains`, its host must be one of those names or a
 * subdomain of one.
 */
export function isHttpsUrl(value: unknown, domains?: ReadonlySet<string>): boolean {
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || !url.hostname || url.username || url.password) return false;
  if (isForbiddenHost(url.hostname)) return false;
  return !domains || isUnder(url.hostname, domains);
}

export function IsHttpsUrl(
  options: { domains?: ReadonlySet<string>; site?: string } = {},
  validationOptions?: ValidationOptions,
): PropertyDecorator {
  const what = options.site ? `an https URL of ${options.site}` : 'an https URL of a public web site';
  const documented = { format: 'uri', maxLength: MAX_URL_LENGTH, ...httpsUrlSchema(options.domains) };
  const validate: PropertyDecorator = (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isHttpsUrl',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: `$property must be ${what}`, ...validationOptions },
      validator: { validate: (value: unknown) => isHttpsUrl(value, options.domains) },
    });
  // Its own @MaxLength too, which @Trim() reads (the document's limit counts the URL as sent).
  return applyDecorators(MaxLength(MAX_URL_LENGTH), validate, ApiProperty(documented));
}
