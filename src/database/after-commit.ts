import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  DataSource,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';

type Work = () => void | Promise<void>;

/**
 * Work that must wait for the caller's transaction to commit (wake a worker, delete files the
 * committed rows no longer point to): run, and awaited, after the outermost COMMIT, dropped on a
 * rollback, and at once (awaited) when there is no transaction. Failures are logged: the commit has happened. A TypeORM
 * transaction subscriber.
 */
@Injectable()
export class AfterCommit implements EntitySubscriberInterface, OnModuleDestroy {
  private readonly logger = new Logger(AfterCommit.name);
  private readonly pending = new WeakMap<QueryRunner, Work[]>();

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

  async run(work: Work): Promise<void> {
    const runner = this.txHost.tx.queryRunner;
    if (!runner?.isTransactionActive) return this.start(work);
    this.pending.set(runner, [...(this.pending.get(runner) ?? []), work]);
  }

  async afterTransactionCommit({ queryRunner }: TransactionCommitEvent): Promise<void> {
    // Also fired when a savepoint is released; only the outermost COMMIT makes the work durable.
    if (queryRunner.isTransactionActive) return;
    const works = this.pending.get(queryRunner) ?? [];
    this.pending.delete(queryRunner);
    // TypeORM's commit awaits this, so the caller answers once the work is done: an image deleted
    // through one instance is gone from every instance when the DELETE is answered.
    await Promise.all(works.map((work) => this.start(work)));
  }

  afterTransactionRollback({ queryRunner }: TransactionRollbackEvent): void {
    if (!queryRunner.isTransactionActive) this.pending.delete(queryRunner);
  }

  private async start(work: Work): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.logger.error(`After-commit work failed: ${(error as Error).message}`);
    }
  }
}
