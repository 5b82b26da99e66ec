import { Injectable } from '@nestjs/common';
import { AfterCommit } from '../database/after-commit';

/**
 * Tells this process's worker that new messages are visible: after the COMMIT of a transaction that
 * queued one, or at once when enqueue ran outside a transaction. A rolled-back transaction signals
 * nothing. Other instances find the messages on their next poll.
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
