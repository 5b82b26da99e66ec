import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Vendor } from '../vendors/entities/vendor.entity';
import { Manager, ManagerRole } from './entities/manager.entity';

/** The account rows the access guard and token issuing need: one primary-key read per request. */
@Injectable()
export class AccountsRepository {
  constructor(
    @InjectRepository(Vendor) private readonly vendors: Repository<Vendor>,
    @InjectRepository(Manager) private readonly managers: Repository<Manager>,
  ) {}

  findVendor(id: number): Promise<Vendor | null> {
    return this.vendors.findOneBy({ id });
  }

  findManager(id: number): Promise<Manager | null> {
    return this.managers.findOneBy({ id });
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
