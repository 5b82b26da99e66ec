import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  DataSource,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';

/**
 * Tells this process's worker of an outbox that new rows are visible: after the COMMIT of a transaction that
 * queued one (a TypeORM transaction subscriber), or at once when enqueue ran outside a transaction.
 * A rolled-back transaction signals nothing. Other instances find the rows on their next poll.
 * Each outbox provides its own subclass (its own token), so each worker hears only its own rows.
 */
@Injectable()
export class OutboxSignal implements EntitySubscriberInterface, OnModuleDestroy {
  private readonly awaitingCommit = new WeakSet<QueryRunner>();
  private readonly listeners = new Set<() => void>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
  ) {
    dataSource.subscribers.push(this);
  }

  onModuleDestroy(): void {
    const index = this.dataSource.subscribers.indexOf(this);
    if (index >= 0) this.dataSource.subscribers.splice(index, 1);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called by enqueue, in the caller's transaction if it has one. */
  queued(): void {
    const runner = this.txHost.tx.queryRunner;
    if (runner?.isTransactionActive) this.awaitingCommit.add(runner);
    else this.emit();
  }

  afterTransactionCommit({ queryRunner }: TransactionCommitEvent): void {
    // Also fired when a savepoint is released; only the outermost COMMIT makes the rows visible.
    if (!queryRunner.isTransactionActive && this.awaitingCommit.delete(queryRunner)) this.emit();
  }

  afterTransactionRollback({ queryRunner }: TransactionRollbackEvent): void {
    if (!queryRunner.isTransactionActive) this.awaitingCommit.delete(queryRunner);
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
