import { ApiProperty } from '@nestjs/swagger';
import { ApiInteger } from '../../common/openapi/api-integer.decorator';
import { INT32_ID, INT64_ID } from '../../common/validation/canonical-int.decorator';
import type { InboundSms } from '../entities/inbound-sms.entity';

/** A customer's text that reached no reputation process. */
export class InboundMessageResponse {
  /** Pass as `after` to read the texts that follow. @example 42 */
  @ApiInteger(INT64_ID)
  id: number;
  /** The sender as the provider gave it (a phone in E.164, or a short code or name). @example "+14165550123" */
  from: string;
  /** The sender as a phone, `xxx-xxx-xxxx`; null when it is not one. @example "416-555-0123" */
  phone: string | null;
  /** The sender number written to. @example "+15005550006" */
  to: string;
  /** @example "Who is this?" */
  body: string;
  /** The vendor whose own sender number was written to; null for the shared one. @example null */
  @ApiInteger(INT32_ID)
  vendorId: number | null;
  /** @example "2026-11-21T20:05:09.456Z" */
  receivedAt: string;

  static from(text: InboundSms): InboundMessageResponse {
    return {
      id: text.id,
      from: text.sender,
      phone: text.phone,
      to: text.recipient,
      body: text.body,
      vendorId: text.vendorId,
      receivedAt: text.receivedAt.toISOString(),
    };
  }
}

export class InboundMessagePageResponse {
  @ApiProperty({ type: [InboundMessageResponse] })
  content: InboundMessageResponse[];
  /** True when more texts follow; call again with `after=nextAfter`. */
  hasMore: boolean;
  /** The id to pass as `after` next time. @example 42 */
  nextAfter: number | null;
}
