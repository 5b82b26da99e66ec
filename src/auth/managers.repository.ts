import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import type { Repository } from 'typeorm';
import { Manager, ManagerRole } from './entities/manager.entity';

/** The managers: the accounts of the manager API, which exist for it alone. */
@Injectable()
export class ManagersRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

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
