import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode } from '../common/errors/domain-error';
import { isUniqueViolation } from '../common/errors/database-errors';
import { Manager, ManagerRole } from './entities/manager.entity';
import { ManagersRepository } from './managers.repository';
import type { Principal, TokenType } from './principal';
import { ApiKeysService } from './api-keys.service';
import type { KeyOnRequest } from './api-keys.sql';
import type { KeyAccount } from './request-keys';
import { type VerifiedClaims, invalidToken } from './token.service';

@Injectable()
export class AuthService {
  constructor(
    private readonly managers: ManagersRepository,
    private readonly keys: ApiKeysService,
  ) {}

  /** The principal of a live key's check, refusing misplaced tokens and accounts that may not use the API. */
  authenticate(claims: VerifiedClaims, key: KeyOnRequest, account: KeyAccount | null, expected: TokenType): Principal {
    if (claims.typ !== expected) {
      throw new DomainError(
        ErrorCode.Forbidden,
        expected === 'vendor'
          ? 'A manager token cannot be used on the vendor API; use a vendor token.'
          : 'A vendor token cannot be used on the manager API; use a manager token.',
      );
    }
    // The account a key belongs to is gone only if removed since (its keys go with it), so rarely.
    if (!account) throw invalidToken();
    if (account.type === 'vendor' && !account.vendor.activated) {
      throw new DomainError(ErrorCode.VendorDeactivated, 'The vendor account is deactivated.');
    }
    if (account.type === 'manager' && account.manager.role !== ManagerRole.Admin) {
      throw new DomainError(ErrorCode.Forbidden, 'Only managers with the ADMIN role may use the manager API.');
    }
    return { ...account, key: { id: key.id, scopes: key.scopes } };
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
