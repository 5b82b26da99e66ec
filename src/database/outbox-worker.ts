import { Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { setTimeout as delay } from 'node:timers/promises';
import type { Attributes } from '@opentelemetry/api';
import { inStoredTrace } from '../common/tracing/tracing';
import type { OutboxSignal } from './outbox-signal';

/** Writing an outcome is retried briefly: until it lands, the row may be delivered again after its lease. */
const OUTCOME_WRITE_ATTEMPTS = 3;

export interface OutboxWorkerSettings {
  workerEnabled: boolean;
  pollIntervalMs: number;
  /** Deliveries in flight at once on this instance. */
  concurrency: number;
}

/**
 * The loop every outbox worker runs (notifications, webhooks): keep up to `concurrency` deliveries in
 * flight, claiming more as slots free up; sleep when nothing is due, and wake early after a producer's
 * transaction that queued rows commits (an in-process nudge; other instances find them on their next
 * poll). On shutdown it stops claiming and lets the deliveries in flight finish, so no claim is left
 * behind; a killed process leaves its claims to be retried when their lease runs out.
 */
export abstract class OutboxWorker<Claim extends { id: number | string; traceParent: string | null }>
  implements OnApplicationBootstrap, OnModuleDestroy
{
  private running = false;
  private unsubscribe?: () => void;
  private loop?: Promise<void>;
  /** Deliveries under way; none of them rejects. */
  private readonly inFlight = new Set<Promise<void>>();
  private nudged = false;
  private sleeper?: AbortController;

  protected constructor(
    protected readonly logger: Logger,
    private readonly settings: OutboxWorkerSettings,
    private readonly signal: OutboxSignal,
    /** What the rows are called in log lines: "Notification", "Webhook delivery". */
    private readonly noun: string,
  ) {}

  /** Takes up to `limit` due rows for this worker (SKIP LOCKED, with a lease). */
  protected abstract claim(limit: number): Promise<Claim[]>;

  /** Delivers one claimed row and records its outcome (through `record`); never rejects on purpose. */
  protected abstract deliver(claim: Claim): Promise<void>;

  /** What a delivery's span says of its row besides the row's id (never a recipient). */
  protected spanAttributes(_claim: Claim): Attributes {
    return {};
  }

  /** Called when a claim starts and when it ends (after its outcome is recorded). */
  protected started(_claim: Claim): void {}
  protected finished(_claim: Claim): void {}

  onApplicationBootstrap(): void {
    if (!this.settings.workerEnabled) return;
    this.running = true;
    this.unsubscribe = this.signal.subscribe(() => this.wake());
    this.loop = this.run();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.inFlight.size > 0) this.logger.log(`Stopping after the deliveries in flight (${this.inFlight.size}).`);
    this.running = false;
    this.unsubscribe?.();
    this.sleeper?.abort();
    await this.loop;
  }

  protected wake(): void {
    this.nudged = true;
    this.sleeper?.abort();
  }

  private async run(): Promise<void> {
    while (this.running) {
      const free = this.settings.concurrency - this.inFlight.size;
      if (free === 0) {
        await Promise.race(this.inFlight);
        continue;
      }
      // Go again at once when every free slot was filled: more may be due.
      if ((await this.claimAndStart(free)) < free) await this.sleep();
    }
    await Promise.all(this.inFlight);
  }

  private async claimAndStart(limit: number): Promise<number> {
    this.nudged = false;
    try {
      const claims = await this.claim(limit);
      for (const claim of claims) {
        this.started(claim);
        // In the trace of the request that queued the row (its stored traceparent).
        const attributes = { 'outbox.row.id': String(claim.id), ...this.spanAttributes(claim) };
        const delivery = inStoredTrace(`${this.noun} attempt`, claim.traceParent, attributes, () => this.deliver(claim))
          .catch((error: unknown) => this.logger.error(error))
          .finally(() => {
            this.inFlight.delete(delivery);
            this.finished(claim);
          });
        this.inFlight.add(delivery);
      }
      return claims.length;
    } catch (error) {
      this.logger.error(`Claiming ${this.noun.toLowerCase()}s failed: ${(error as Error).message}`);
      return 0;
    }
  }

  private async sleep(): Promise<void> {
    if (!this.running || this.nudged) {
      this.nudged = false;
      return;
    }
    this.sleeper = new AbortController();
    await delay(this.settings.pollIntervalMs, undefined, { signal: this.sleeper.signal }).catch(() => undefined);
    this.sleeper = undefined;
    this.nudged = false;
  }

  /** Writes an outcome, retrying briefly; `write` answers false when the claim had expired (fenced). */
  protected async record(claim: Claim, outcome: string, write: () => Promise<boolean>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        if (!(await write())) {
          this.logger.warn(
            `${this.noun} ${claim.id}: the claim had expired before the ${outcome} outcome was written.`,
          );
        }
        return;
      } catch (error) {
        if (attempt >= OUTCOME_WRITE_ATTEMPTS) {
          this.logger.error(
            `${this.noun} ${claim.id}: could not record the ${outcome} outcome; it is retried after its lease: ${(error as Error).message}`,
          );
          return;
        }
        await delay(200 * attempt);
      }
    }
  }
}
