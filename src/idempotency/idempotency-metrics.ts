import { Injectable } from '@nestjs/common';
import { MetricsRegistry } from '../common/metrics/metrics-registry';
import { DomainError, ErrorCode } from '../common/errors/domain-error';

/** Repeats of keyed writes: answered from the kept answer, or refused (key reused, still running, credential shown). */
@Injectable()
export class IdempotencyMetrics {
  private readonly replays;
  private readonly conflicts;

  constructor(metrics: MetricsRegistry) {
    this.replays = metrics.counter({
      name: 'idempotency_replays_total',
      help: 'Writes with an Idempotency-Key answered from the answer kept for it, without running again',
    });
    this.conflicts = metrics.counter({
      name: 'idempotency_conflicts_total',
      help: 'Writes with an Idempotency-Key refused: reused for another request (reused), or its first request still running or its credential shown (conflict)',
      labelNames: ['reason'],
    });
  }

  /** What a repeat got before running anything: a kept answer or a refusal. */
  answeredBefore(answer: unknown): void {
    if (!(answer instanceof DomainError)) this.replays.inc();
    else this.conflicts.inc({ reason: answer.code === ErrorCode.IdempotencyKeyReused ? 'reused' : 'conflict' });
  }
}
