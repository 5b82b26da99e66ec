import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ObjectLiteral, Repository } from 'typeorm';
import { Sql } from '../database/sql';
import { Vendor } from '../vendors/entities/vendor.entity';
import { Manager, ManagerRole } from './entities/manager.entity';

/**
 * `SELECT <every column AS its property> FROM <table> WHERE id = $1`, written once from the entity's
 * metadata, so the account read of every request skips building the same findOneBy query each time.
 */
function findByIdSql(repository: Repository<ObjectLiteral>): string {
  const { columns, tablePath } = repository.metadata;
  const list = columns.map((column) => `"${column.databaseName}" AS "${column.propertyName}"`).join(', ');
  return `SELECT ${list} FROM "${tablePath}" WHERE "id" = $1`;
}

/** The account rows the access guard and token issuing need: one primary-key read per request. */
@Injectable()
export class AccountsRepository {
  private readonly vendorById: string;
  private readonly managerById: string;

  constructor(
    @InjectRepository(Vendor) private readonly vendors: Repository<Vendor>,
    @InjectRepository(Manager) private readonly managers: Repository<Manager>,
    private readonly sql: Sql,
  ) {
    this.vendorById = findByIdSql(vendors);
    this.managerById = findByIdSql(managers);
  }

  async findVendor(id: number): Promise<Vendor | null> {
    const [vendor] = await this.sql.rows<Vendor>({ sql: this.vendorById, parameters: [id] });
    return vendor ?? null;
  }

  async findManager(id: number): Promise<Manager | null> {
    const [manager] = await this.sql.rows<Manager>({ sql: this.managerById, parameters: [id] });
    return manager ?? null;
  }

  findManagerByEmail(email: string): Promise<Manager | null> {
    return this.managers.findOneBy({ email: email.trim().toLowerCase() });
  }

  createManager(email: string, name: string, role: ManagerRole): Promise<Manager> {
    return this.managers.save(this.managers.create({ email: email.trim().toLowerCase(), name: name.trim(), role }));
  }

  /** Makes jti the account's only valid token; false when the account does not exist. */
  async setVendorToken(vendorId: number, jti: string): Promise<boolean> {
    const result = await this.vendors.update({ id: vendorId }, { activeTokenId: jti });
    return (result.affected ?? 0) > 0;
  }

  async setManagerToken(managerId: number, jti: string): Promise<boolean> {
    const result = await this.managers.update({ id: managerId }, { activeTokenId: jti });
    return (result.affected ?? 0) > 0;
  }
}
