import { ApiProperty } from '@nestjs/swagger';
import { AUDIT_ACTOR_TYPES, type AuditActorType } from '../entities/audit-entry.entity';
import type { AuditRow } from '../audit.sql';

export class AuditActorResponse {
  @ApiProperty({ enum: AUDIT_ACTOR_TYPES, example: 'manager' })
  type: AuditActorType;

  /** The manager's id; null for the command line. @example "3" */
  id: string | null;
}

export class AuditTargetResponse {
  /** What was acted on: `vendor`, `lead`, `webhook-endpoint`, `manager`, `contact`… @example "vendor" */
  type: string;

  /** Its id; for a contact, the keyed hash of the e-mail or phone (never the contact). @example "7" */
  id: string | null;
}

/** One change made through the manager API, or a token issued by the command line. */
export class AuditEntryResponse {
  /** @example "1042" */
  id: string;

  /** @example "2026-11-21T20:01:02.123Z" */
  at: string;

  actor: AuditActorResponse;

  /** The route (method and path template) or the command. @example "PATCH /vendors/{vendorId}/features" */
  action: string;

  target: AuditTargetResponse;

  /** The request's `X-Request-Id`; null for the command line. @example "5f0c7c1e-2a47-4d5e-9a57-0c4c1f8f0c11" */
  requestId: string | null;

  /** The names of the fields the change set, never their values. @example ["enableFullRMS"] */
  fields: string[];

  static from(row: AuditRow): AuditEntryResponse {
    return {
      id: row.id,
      at: new Date(row.at).toISOString(),
      actor: { type: row.actorType, id: row.actorId },
      action: row.action,
      target: { type: row.targetType, id: row.targetId },
      requestId: row.requestId,
      fields: row.fields,
    };
  }
}

export class AuditPageResponse {
  @ApiProperty({ type: [AuditEntryResponse] })
  content: AuditEntryResponse[];

  /** True when more entries follow; call again with `after=nextAfter`. */
  hasMore: boolean;

  /** The id to pass as `after` next time. @example "1042" */
  nextAfter: string | null;
}
