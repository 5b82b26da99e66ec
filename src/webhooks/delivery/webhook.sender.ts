import { Inject, Injectable } from '@nestjs/common';
import http from 'node:http';
import https from 'node:https';
import { WebhooksConfig, webhooksConfig } from '../../config/webhooks.config';
import { WebhookTargets } from './webhook-targets';

/** What is kept of a receiver's answer. */
export const MAX_KEPT_RESPONSE_BYTES = 1024;

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** An attempt's outcome: the status when the receiver answered, else why not. */
export interface WebhookAttempt {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  response: string | null;
}

/**
 * One POST: no redirect followed (a 3xx is a failure), the whole attempt bounded by
 * WEBHOOK_TIMEOUT_MS, at most 1 KB of the answer read, the connection made to the address the
 * SSRF rule checked. Never throws.
 */
@Injectable()
export class WebhookSender {
  constructor(
    @Inject(webhooksConfig.KEY) private readonly config: WebhooksConfig,
    private readonly targets: WebhookTargets,
  ) {}

  async post({ url, headers, body }: WebhookRequest): Promise<WebhookAttempt> {
    let target: URL;
    try {
      target = this.targets.parse(url);
    } catch (error) {
      return failure((error as Error).message);
    }
    const client = target.protocol === 'https:' ? https : http;
    return new Promise<WebhookAttempt>((resolve) => {
      const request = client.request(target, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        lookup: this.targets.lookup,
        agent: false,
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
      request.on('error', (error: NodeJS.ErrnoException) =>
        resolve(failure(error.name === 'AbortError' ? `No answer within ${this.config.timeoutMs} ms.` : error.message)),
      );
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        const finish = (): void => {
          const statusCode = response.statusCode ?? 0;
          const ok = statusCode >= 200 && statusCode < 300;
          const text = Buffer.concat(chunks).subarray(0, MAX_KEPT_RESPONSE_BYTES).toString('utf8');
          resolve({ ok, statusCode, error: ok ? null : describeStatus(statusCode), response: text || null });
          request.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          kept += chunk.length;
          if (kept >= MAX_KEPT_RESPONSE_BYTES) finish();
        });
        response.on('end', finish);
        response.on('error', finish);
      });
      request.end(body);
    });
  }
}

function failure(error: string): WebhookAttempt {
  return { ok: false, statusCode: null, error: error.slice(0, 500), response: null };
}

function describeStatus(status: number): string {
  return status >= 300 && status < 400
    ? `The receiver answered ${status} (a redirect, not followed).`
    : `The receiver answered ${status}.`;
}
