import { Injectable } from '@nestjs/common';
import { AfterCommit } from './after-commit';

/**
 * Tells this process's worker of an outbox that new rows are visible: after the COMMIT of a transaction
 * that queued one (`AfterCommit`), or at once when enqueue ran outside a transaction. A rolled-back
 * transaction signals nothing. Other instances find the rows on their next poll. Each outbox provides
 * its own subclass (its own token), so each worker hears only its own rows.
 */
@Injectable()
export class OutboxSignal {
  private readonly listeners = new Set<() => void>();

  constructor(private readonly afterCommit: AfterCommit) {}

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called by enqueue, in the caller's transaction if it has one. */
  queued(): void {
    void this.afterCommit.run(() => {
      for (const listener of this.listeners) listener();
    });
  }
}
