import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode } from '../common/errors/domain-error';
import { isUniqueViolation } from '../common/errors/database-errors';
import { Manager, ManagerRole } from './entities/manager.entity';
import { ManagersRepository } from './managers.repository';
import type { Principal, TokenType } from './principal';
import { ApiKeysService } from './api-keys.service';
import type { KeyOnRequest } from './api-keys.sql';
import type { VerifiedClaims } from './token.service';
import { VendorAccounts } from './vendor-account';

@Injectable()
export class AuthService {
  constructor(
    private readonly managers: ManagersRepository,
    private readonly vendorAccounts: VendorAccounts,
    private readonly keys: ApiKeysService,
  ) {}

  /** Resolves a live key's token to the account it stands for, refusing misplaced tokens. */
  async authenticate(claims: VerifiedClaims, key: KeyOnRequest, expected: TokenType): Promise<Principal> {
    if (claims.typ !== expected) {
      throw new DomainError(
        ErrorCode.Forbidden,
        expected === 'vendor'
          ? 'A manager token cannot be used on the vendor API; use a vendor token.'
          : 'A vendor token cannot be used on the manager API; use a manager token.',
      );
    }
    if (claims.typ === 'vendor') {
      const vendor = existing(await this.vendorAccounts.findAccount(claims.accountId));
      if (!vendor.activated) throw new DomainError(ErrorCode.VendorDeactivated, 'The vendor account is deactivated.');
      return { type: 'vendor', vendor, key: { id: key.id, scopes: key.scopes } };
    }
    const manager = existing(await this.managers.findById(claims.accountId));
    if (manager.role !== ManagerRole.Admin) {
      throw new DomainError(ErrorCode.Forbidden, 'Only managers with the ADMIN role may use the manager API.');
    }
    return { type: 'manager', manager, key: { id: key.id, scopes: key.scopes } };
  }

  /**
   * A new manager token, with every scope: it replaces the manager's previous one (the key named
   * `manager-token`), not the keys made otherwise. Only ADMIN managers may hold one.
   */
  async issueManagerToken(manager: Manager): Promise<string> {
    if (manager.role !== ManagerRole.Admin) {
      throw new DomainError(ErrorCode.Forbidden, 'Only managers with the ADMIN role can be issued a manager token.');
    }
    return this.keys.replaceNamed({ type: 'manager', id: manager.id }, MANAGER_TOKEN_KEY, 'cli');
  }

  async issueManagerTokenByEmail(email: string): Promise<string> {
    return (await this.issueManagerTokenFor(email)).token;
  }

  /** A new token for the manager with this e-mail, and who that is. */
  async issueManagerTokenFor(email: string): Promise<{ manager: Manager; token: string }> {
    const manager = await this.managers.findByEmail(email);
    if (!manager) throw DomainError.notFound('Manager', email);
    return { manager, token: await this.issueManagerToken(manager) };
  }

  /** The ADMIN manager with this e-mail: the only managers who may hold keys. */
  async adminByEmail(email: string): Promise<Manager> {
    const manager = await this.managers.findByEmail(email);
    if (!manager) throw DomainError.notFound('Manager', email);
    if (manager.role !== ManagerRole.Admin) {
      throw new DomainError(ErrorCode.Forbidden, 'Only managers with the ADMIN role can be issued a manager key.');
    }
    return manager;
  }

  /** Creates an ADMIN manager and returns its first token. */
  async createAdmin(email: string, name: string): Promise<{ manager: Manager; token: string }> {
    let manager: Manager;
    try {
      manager = await this.managers.create(email, name, ManagerRole.Admin);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new DomainError(ErrorCode.Conflict, `A manager with email ${email} already exists.`);
      throw error;
    }
    return { manager, token: await this.issueManagerToken(manager) };
  }
}

/** The name of the key the manager-token commands issue and replace. */
export const MANAGER_TOKEN_KEY = 'manager-token';

/** The account a key belongs to: gone only if removed since (its keys go with it), so rarely. */
function existing<T>(account: T | null): T {
  if (!account) throw new DomainError(ErrorCode.Unauthenticated, 'The bearer token is invalid.');
  return account;
}
