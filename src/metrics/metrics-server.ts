import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics } from 'prom-client';
import { MetricsRegistry } from '../common/metrics/metrics-registry';
import { MetricsConfig, metricsConfig } from '../config/metrics.config';
import { ScrapeGauges } from './scrape-gauges';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * How often the event-loop delay monitor samples, in ms. prom-client's default (10) wakes an idle
 * instance a hundred times a second, most of what metrics cost it; a delay is still measured whole,
 * only sampled less often, and Prometheus reads it once per scrape.
 */
const EVENT_LOOP_SAMPLE_MS = 100;

/**
 * `GET /metrics` on a port of its own (METRICS_PORT), never on the API's: Prometheus reaches it on
 * the private network, and METRICS_TOKEN adds a bearer token where that network is not private
 * enough. Started by main.ts once the API listens, with Node's default process metrics.
 */
@Injectable()
export class MetricsServer implements OnApplicationShutdown {
  private server?: Server;

  constructor(
    @Inject(metricsConfig.KEY) private readonly config: MetricsConfig,
    private readonly metrics: MetricsRegistry,
    private readonly gauges: ScrapeGauges,
  ) {}

  /** Listens on METRICS_PORT; answers the address, or undefined when metrics are switched off. */
  async start(): Promise<string | undefined> {
    if (!this.config.enabled) return undefined;
    collectDefaultMetrics({ register: this.metrics.registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
    const server = createServer((request, response) => void this.answer(request, response));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.port, () => resolve());
    });
    return `http://localhost:${(server.address() as AddressInfo).port}/metrics`;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') return this.end(response, 404, 'Not found: GET /metrics\n');
    if (!this.authorised(request.headers.authorization)) {
      response.setHeader('WWW-Authenticate', 'Bearer');
      return this.end(response, 401, 'A bearer token (METRICS_TOKEN) is required.\n');
    }
    try {
      await this.gauges.refresh();
      const body = await this.metrics.registry.metrics();
      response.setHeader('Content-Type', this.metrics.registry.contentType);
      this.end(response, 200, body);
    } catch (error) {
      this.end(response, 500, `The metrics could not be collected: ${(error as Error).message}\n`);
    }
  }

  private authorised(header: string | undefined): boolean {
    const token = this.config.token;
    if (!token) return true;
    const given = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    return timingSafeEqual(digest(given), digest(token));
  }

  private end(response: ServerResponse, status: number, body: string): void {
    response.statusCode = status;
    response.setHeader('Cache-Control', 'no-store');
    if (!response.hasHeader('Content-Type')) response.setHeader('Content-Type', 'text/plain; charset=utf-8');
    response.end(body);
  }
}
