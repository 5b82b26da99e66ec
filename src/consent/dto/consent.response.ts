import { ApiProperty } from '@nestjs/swagger';
import { ApiInteger } from '../../common/openapi/api-integer.decorator';
import { exportedTime, exportedTimeOrNull } from '../../common/privacy/customer-data-export';
import { INT32_ID, INT64_ID } from '../../common/validation/canonical-int.decorator';
import { CONSENT_KINDS, type ConsentKind } from '../consent-basis';
import type { ConsentRecord } from '../consents.sql';

/** One line of the consent ledger: a basis with its evidence and end, or a withdrawal. */
export class ConsentResponse {
  @ApiInteger(INT64_ID) id: number;
  /** Null for a withdrawal from every vendor (a STOP texted, the provider's opt-out, an erasure). */
  @ApiInteger(INT32_ID) vendorId: number | null;
  /** The e-mail or phone it is for; null on a withdrawal whose person was erased (its proof kept). */
  contact: string | null;
  /** `INQUIRY` (6 months), `PURCHASE` (2 years), `EXPRESS` (until withdrawn), or `WITHDRAWAL`. @example "PURCHASE" */
  @ApiProperty({ enum: CONSENT_KINDS })
  kind: ConsentKind;
  /** `lead_assigned`, `lead_won`, `stated_on_request`, `unsubscribe_link`, `sms_stop`, `carrier_opt_out` or `erasure`. @example "lead_won" */
  source: string;
  /** What proves it: the lead, the request and what the vendor stated; express consent's wording, language and time. */
  @ApiProperty({ type: 'object', additionalProperties: true, example: { leadId: 12 } })
  evidence: Record<string, unknown>;
  /** When the basis arose (or the withdrawal was made). @example "2026-11-21T20:01:02.123Z" */
  startsAt: string;
  /** When it ends or ended (its term, or a withdrawal); null: until withdrawn. @example "2028-11-21T20:01:02.123Z" */
  endsAt: string | null;
  /** The withdrawal that ended it, if one did. */
  @ApiInteger(INT64_ID) withdrawalId: number | null;
  /** When the service recorded it. */
  recordedAt: string;

  static from(line: ConsentRecord): ConsentResponse {
    return {
      id: Number(line.id),
      vendorId: line.vendorId,
      contact: line.contact,
      kind: line.kind,
      source: line.source,
      evidence: line.evidence,
      startsAt: exportedTime(line.startsAt),
      endsAt: exportedTimeOrNull(line.endsAt),
      withdrawalId: line.withdrawalId === null ? null : Number(line.withdrawalId),
      recordedAt: exportedTime(line.recordedAt),
    };
  }
}
