import { NamedSql } from '../database/named-sql';
import type { Manager } from './entities/manager.entity';

export const MANAGER_SQL = {
  /** The manager :id, every column: the account read of every manager API request. */
  findById: new NamedSql<Manager>(
    `SELECT id, email, name, role, created_at AS "createdAt",
       updated_at AS "updatedAt"
     FROM managers WHERE id = :id`,
    { prepare: true },
  ),
};
