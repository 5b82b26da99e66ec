import { Inject, Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { PrivacyConfig, privacyConfig } from '../config/privacy.config';
import { Sql } from '../database/sql';
import { REPUTATION_SQL } from './reputation.sql';

/**
 * The suppression list (docs/contract.md#data-rights): an erased person's e-mail or phone, kept only as HMAC-SHA256
 * keyed with SUPPRESSION_KEY, so that no vendor messages it again while the contact itself is gone.
 * A hash without the key cannot be tested against guessed contacts.
 */
@Injectable()
export class ContactSuppressions {
  constructor(
    @Inject(privacyConfig.KEY) private readonly config: PrivacyConfig,
    private readonly sql: Sql,
  ) {}

  /** The keyed hash of a normalized contact (lower-cased e-mail or `xxx-xxx-xxxx`); also what the audit log names. */
  hashOf(contact: string): string {
    return createHmac('sha256', this.config.suppressionKey).update(contact).digest('hex');
  }

  /** In the caller's transaction; answers the hashes. */
  async suppress(contacts: string[]): Promise<string[]> {
    const hashes = contacts.map((contact) => this.hashOf(contact));
    if (hashes.length) await this.sql.run(REPUTATION_SQL.suppress.bind({ hashes }));
    return hashes;
  }
}
