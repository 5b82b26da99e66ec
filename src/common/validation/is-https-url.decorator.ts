import { ValidationOptions, registerDecorator } from 'class-validator';

export const MAX_URL_LENGTH = 2048;

/** True when hostname is one of the domains or a subdomain of one (`maps.google.com` under `google.com`). */
function isUnder(hostname: string, domains: readonly RegExp[]): boolean {
  const labels = hostname.split('.');
  return labels.some((_label, i) => domains.some((domain) => domain.test(labels.slice(i).join('.'))));
}

/**
 * An absolute https URL (as a browser parses it) with a host and no credentials, at most 2048 characters;
 * with `domains`, its host must be one of them or their subdomains. Each domain is a pattern matched
 * against the whole registrable name, e.g. /^google\.(com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/.
 */
export function isHttpsUrl(value: unknown, domains?: readonly RegExp[]): boolean {
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || !url.hostname || url.username || url.password) return false;
  return !domains || isUnder(url.hostname, domains);
}

export function IsHttpsUrl(
  options: { domains?: readonly RegExp[]; site?: string } = {},
  validationOptions?: ValidationOptions,
): PropertyDecorator {
  const what = options.site ? `an https URL of ${options.site}` : 'an https URL';
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isHttpsUrl',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: `$property must be ${what}`, ...validationOptions },
      validator: { validate: (value: unknown) => isHttpsUrl(value, options.domains) },
    });
}
