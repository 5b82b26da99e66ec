import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import type { Repository } from 'typeorm';
import { Sql } from '../database/sql';
import { Manager, ManagerRole } from './entities/manager.entity';
import { MANAGER_SQL } from './managers.sql';

/** The managers: the accounts of the manager API, which exist for it alone. */
@Injectable()
export class ManagersRepository {
  constructor(
    private readonly sql: Sql,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
  ) {}

  async findById(id: number): Promise<Manager | null> {
    const [manager] = await this.sql.rows(MANAGER_SQL.findById.bind({ id }));
    return manager ?? null;
  }

  /** Writes join the caller's transaction (the CLI's, with its audit entry). */
  private get managers(): Repository<Manager> {
    return this.txHost.tx.getRepository(Manager);
  }

  findByEmail(email: string): Promise<Manager | null> {
    return this.managers.findOneBy({ email: email.trim().toLowerCase() });
  }

  create(email: string, name: string, role: ManagerRole): Promise<Manager> {
    return this.managers.save({ email: email.trim().toLowerCase(), name: name.trim(), role });
  }
}
