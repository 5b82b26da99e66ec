import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ValidationOptions, registerDecorator } from 'class-validator';
import { isForbiddenHost } from '../network/forbidden-address';

export const MAX_URL_LENGTH = 2048;

/** What the API document says of an https URL field (the host rules are in the field's description). */
export const HTTPS_URL_DOCUMENTED = { format: 'uri', pattern: '^https://', maxLength: MAX_URL_LENGTH };

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
  const validate: PropertyDecorator = (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isHttpsUrl',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: `$property must be ${what}`, ...validationOptions },
      validator: { validate: (value: unknown) => isHttpsUrl(value, options.domains) },
    });
  return applyDecorators(validate, ApiProperty(HTTPS_URL_DOCUMENTED));
}
