import { Injectable } from '@nestjs/common';
import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { Clock } from '../common/time/clock';
import { Sql } from '../database/sql';
import type { ConfirmedChannel, LeadAlertCode } from './entities/lead-alert-code.entity';
import { LEAD_ALERT_SQL } from './lead-alerts.sql';

const scryptHash = promisify(scrypt) as (code: string, salt: Buffer, length: number) => Promise<Buffer>;

/** How long a code confirms its contact. */
export const CODE_VALID_MS = 24 * 3_600_000;
/**
 * Wrong codes that void the codes waiting: a guess of one in a million, this many times, per code. A
 * wrong try counts against every code of the vendor waiting, so two codes do not double the guesses.
 */
export const MAX_CODE_ATTEMPTS = 5;
/** Codes one vendor may have sent per channel in CODE_VALID_MS: what bounds the texts an account can cause. */
export const MAX_CODES_PER_DAY = 5;

const HASH_BYTES = 32;

/** The codes that confirm lead alert contacts (docs/contract.md#speed-to-lead), kept hashed. In the caller's transaction. */
@Injectable()
export class LeadAlertCodes {
  constructor(
    private readonly sql: Sql,
    private readonly clock: Clock,
  ) {}

  /**
   * A new 6-digit code for the contact, stored hashed; null, and nothing stored, when a code for that
   * contact is still waiting (it was sent already) or the vendor had MAX_CODES_PER_DAY sent on the channel.
   */
  async issue(
    vendorId: number,
    channel: ConfirmedChannel,
    contact: string,
  ): Promise<{ id: number; code: string } | null> {
    const now = this.clock.now();
    const waiting = await this.waiting(vendorId, now);
    if (waiting.some((code) => code.channel === channel && code.contact === contact)) return null;
    const since = new Date(now.getTime() - CODE_VALID_MS);
    const [{ sent }] = await this.sql.rows(LEAD_ALERT_SQL.codesSentSince.bind({ vendorId, channel, since }));
    if (sent >= MAX_CODES_PER_DAY) return null;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const codeHash = await hashOf(code, randomBytes(16));
    const expiresAt = new Date(now.getTime() + CODE_VALID_MS);
    const [{ id }] = await this.sql.rows(
      LEAD_ALERT_SQL.insertCode.bind({ vendorId, channel, contact, codeHash, expiresAt, now }),
    );
    return { id, code };
  }

  /**
   * The waiting code that `code` is, used now; undefined when none is, and the try counted against every
   * code waiting. `waiting` answers how many codes were waiting before the try.
   */
  async use(vendorId: number, code: string): Promise<{ used?: LeadAlertCode; waiting: number }> {
    const now = this.clock.now();
    const waiting = await this.waiting(vendorId, now);
    for (const candidate of waiting) {
      if (await matches(code, candidate.codeHash)) {
        await this.sql.run(LEAD_ALERT_SQL.useCode.bind({ id: candidate.id, now }));
        return { used: { ...candidate, usedAt: now }, waiting: waiting.length };
      }
    }
    if (waiting.length > 0) await this.sql.run(LEAD_ALERT_SQL.countAttempt.bind({ ids: waiting.map(({ id }) => id) }));
    return { waiting: waiting.length };
  }

  private waiting(vendorId: number, now: Date): Promise<LeadAlertCode[]> {
    return this.sql.rows(LEAD_ALERT_SQL.lockWaitingCodes.bind({ vendorId, now, maxAttempts: MAX_CODE_ATTEMPTS }));
  }
}

async function hashOf(code: string, salt: Buffer): Promise<string> {
  return `${salt.toString('hex')}:${(await scryptHash(code, salt, HASH_BYTES)).toString('hex')}`;
}

async function matches(code: string, stored: string): Promise<boolean> {
  const [salt, hash] = stored.split(':');
  const tried = await scryptHash(code, Buffer.from(salt, 'hex'), HASH_BYTES);
  return timingSafeEqual(tried, Buffer.from(hash, 'hex'));
}
