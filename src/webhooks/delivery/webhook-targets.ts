import { Inject, Injectable } from '@nestjs/common';
import { LookupAddress, lookup } from 'node:dns';
import { isIP } from 'node:net';
import { isForbiddenHost, isPublicAddress } from '../../common/network/forbidden-address';
import { WebhooksConfig, webhooksConfig } from '../../config/webhooks.config';

/** Why a url is not a target the service may call; the message is fit for the client. */
export class ForbiddenTarget extends Error {}

/** The longest url kept (the column's size), counted once normalised. */
export const MAX_TARGET_URL_LENGTH = 2048;
/** C0 controls, DEL and C1 controls: WHATWG drops tabs and line breaks silently, so they are refused instead. */
const hasControlCharacter = (value: string): boolean =>
  [...value].some((character) => {
    const code = character.charCodeAt(0);
    return code < 0x20 || (code >= 0x7f && code <= 0x9f);
  });
/** Ports below this are system services (ssh, smtp, ...): refused except the web's own. */
const FIRST_UNPRIVILEGED_PORT = 1024;
const WEB_PORTS = new Set([80, 443]);
/** The ports allowed, as the API document's pattern of a url's port digits: 80, 443, or 1024-65535. */
export const TARGET_PORT_PATTERN =
  '(?:80|443|102[4-9]|10[3-9]\\d|1[1-9]\\d{2}|[2-9]\\d{3}|[1-5]\\d{4}|6[0-4]\\d{3}|65[0-4]\\d{2}|655[0-2]\\d|6553[0-5])';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The SSRF rule of docs/contract.md#events-webhooks, applied at registration and again at every delivery: https only
 * (unless WEBHOOK_ALLOW_INSECURE), and a host whose every address is public (unless
 * WEBHOOK_ALLOW_PRIVATE_TARGETS). The delivery connects through `lookup`, so the address checked is
 * the address connected to, whatever DNS answers between the check and the connection.
 */
@Injectable()
export class WebhookTargets {
  constructor(@Inject(webhooksConfig.KEY) private readonly config: WebhooksConfig) {}

  /** The system's resolver, every address of a name; the SSRF rule's unit tests answer for it. */
  resolveAll: (
    hostname: string,
    callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
  ) => void = (hostname, callback) => lookup(hostname, { all: true }, callback);

  /**
   * The parsed url when its scheme, port and host are acceptable as written; throws ForbiddenTarget.
   * Its `href` is the url as WHATWG normalises it (`HTTPS://Host` → `https://host/`), the form stored.
   */
  parse(value: string): URL {
    if (hasControlCharacter(value)) {
      throw new ForbiddenTarget('url must not contain control characters (such as a line break or a tab).');
    }
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new ForbiddenTarget('url must be an absolute URL.');
    }
    const schemes = this.config.allowInsecure ? ['https:', 'http:'] : ['https:'];
    if (!schemes.includes(url.protocol)) {
      throw new ForbiddenTarget(`url must use ${this.config.allowInsecure ? 'http or https' : 'https'}.`);
    }
    if (url.username || url.password) throw new ForbiddenTarget('url must not carry credentials.');
    const port = Number(url.port);
    if (url.port && port < FIRST_UNPRIVILEGED_PORT && !WEB_PORTS.has(port)) {
      throw new ForbiddenTarget(`url port ${port} is not allowed: use 80, 443 or a port from 1024 up.`);
    }
    if (url.href.length > MAX_TARGET_URL_LENGTH) {
      throw new ForbiddenTarget(`url must be at most ${MAX_TARGET_URL_LENGTH} characters once normalised.`);
    }
    if (!this.config.allowPrivateTargets && isForbiddenHost(url.hostname)) {
      throw new ForbiddenTarget(`url host ${url.hostname} is not a public internet address.`);
    }
    return url;
  }

  /** Registration: the url as written, and every address its host resolves to now; answers the url to store. */
  async check(value: string): Promise<string> {
    const url = this.parse(value);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) return url.href;
    await new Promise<void>((resolve, reject) =>
      this.lookup(host, { all: true }, (error) => (error ? reject(new ForbiddenTarget(error.message)) : resolve())),
    );
    return url.href;
  }

  /** A `lookup` for http.request: resolves, and refuses when any address is forbidden. */
  readonly lookup = (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    this.resolveAll(hostname, (error, addresses) => {
      if (error) return callback(new ForbiddenTarget(`${hostname} could not be resolved (${error.code}).`), []);
      // The message never names the addresses: it would map a private network's DNS for any client.
      if (!this.config.allowPrivateTargets && !addresses.every(({ address }) => isPublicAddress(address))) {
        return callback(new ForbiddenTarget(`${hostname} does not resolve to a public address.`), []);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
