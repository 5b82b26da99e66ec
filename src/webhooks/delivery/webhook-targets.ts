import { Inject, Injectable } from '@nestjs/common';
import { LookupAddress, lookup } from 'node:dns';
import { isIP } from 'node:net';
import { isForbiddenHost } from '../../common/network/forbidden-address';
import { WebhooksConfig, webhooksConfig } from '../../config/webhooks.config';

/** Why a url is not a target the service may call; the message is fit for the client. */
export class ForbiddenTarget extends Error {}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The SSRF rule of CONTRACT 8, applied at registration and again at every delivery: https only
 * (unless WEBHOOK_ALLOW_INSECURE), and a host whose every address is public (unless
 * WEBHOOK_ALLOW_PRIVATE_TARGETS). The delivery connects through `lookup`, so the address checked is
 * the address connected to, whatever DNS answers between the check and the connection.
 */
@Injectable()
export class WebhookTargets {
  constructor(@Inject(webhooksConfig.KEY) private readonly config: WebhooksConfig) {}

  /** The parsed url when its scheme and host are acceptable as written; throws ForbiddenTarget. */
  parse(value: string): URL {
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
    if (!this.config.allowPrivateTargets && isForbiddenHost(url.hostname)) {
      throw new ForbiddenTarget(`url host ${url.hostname} is not a public internet address.`);
    }
    return url;
  }

  /** Registration: the url as written, and every address its host resolves to now. */
  async check(value: string): Promise<void> {
    const url = this.parse(value);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) return;
    await new Promise<void>((resolve, reject) =>
      this.lookup(host, { all: true }, (error) => (error ? reject(new ForbiddenTarget(error.message)) : resolve())),
    );
  }

  /** A `lookup` for http.request: resolves, and refuses when any address is forbidden. */
  readonly lookup = (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    lookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(new ForbiddenTarget(`${hostname} could not be resolved (${error.code}).`), []);
      const forbidden = addresses.find(({ address }) => !this.config.allowPrivateTargets && isForbiddenHost(address));
      if (forbidden) {
        return callback(new ForbiddenTarget(`${hostname} resolves to ${forbidden.address}, not a public address.`), []);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
