import { ApiProperty } from '@nestjs/swagger';
import { ApiInteger } from '../../common/openapi/api-integer.decorator';
import { INT32_ID } from '../../common/validation/canonical-int.decorator';
import type { EventRecipient } from '../event-subscribers';

/**
 * A receiver outside the service that was sent data about the person: a webhook endpoint of a vendor
 * or of the operator's staff, with how many deliveries of the person's events reached it (succeeded,
 * or answered with a status) and the last. Known while the deliveries are kept
 * (`RETENTION_WEBHOOK_DELIVERIES_DAYS`).
 */
export class ExportedRecipient {
  /** The webhook endpoint's id. */
  @ApiInteger(INT32_ID) endpointId: number;
  /** Whose endpoint: a vendor's (it hears its own events) or a manager's (every vendor's). */
  @ApiProperty({ enum: ['vendor', 'manager'] })
  accountType: string;
  /** The vendor's or the manager's id. */
  @ApiInteger(INT32_ID) accountId: number;
  /** @example "https://crm.vendor.example/hooks/leads" */
  url: string;
  /** @example 3 */
  @ApiInteger({ min: 1 }) deliveries: number;
  /** @example "2026-11-21T20:01:02.123Z" */
  lastSentAt: string | null;

  static from(recipient: EventRecipient): ExportedRecipient {
    return {
      endpointId: recipient.id,
      accountType: recipient.accountType,
      accountId: recipient.accountId,
      url: recipient.url,
      deliveries: recipient.deliveries,
      lastSentAt: recipient.lastSentAt === null ? null : new Date(recipient.lastSentAt).toISOString(),
    };
  }
}
