import { ApiProperty } from '@nestjs/swagger';
import { ApiInteger } from '../../common/openapi/api-integer.decorator';
import { INT64_ID } from '../../common/validation/canonical-int.decorator';
import type { LeadMessageView } from '../lead-conversations.service';

/** One message of a lead's conversation, either way (docs/contract.md#lead-conversations). */
export class LeadMessageResponse {
  /** Pass as `after` to read the messages that follow. @example 5120 */
  @ApiInteger(INT64_ID)
  id: number;
  /** `outbound`: the vendor wrote it; `inbound`: the customer texted it. */
  @ApiProperty({ enum: ['outbound', 'inbound'], example: 'outbound' })
  direction: 'outbound' | 'inbound';
  @ApiProperty({ enum: ['sms', 'email'], example: 'sms' })
  channel: 'sms' | 'email';
  /** A message sent: `PENDING`, `SENT` or `FAILED` (its delivery; never `SUPPRESSED`: a conversation is exempt from consent); one received: `RECEIVED`. */
  @ApiProperty({ enum: ['PENDING', 'SENT', 'FAILED', 'SUPPRESSED', 'RECEIVED'], example: 'PENDING' })
  status: 'PENDING' | 'SENT' | 'FAILED' | 'SUPPRESSED' | 'RECEIVED';
  /** The words as the vendor wrote them (without the name and opt-out line added to an SMS), or the customer's text. */
  body: string;
  /** When the vendor wrote it, or the customer's text arrived. @example "2026-11-21T20:31:40.000Z" */
  at: string;
  /**
   * A message held by the vendor's quiet hours (a first message, or one more than 24 hours after the
   * customer's last text): when it leaves. Null when it left at once, and for a text received.
   * @example null
   */
  @ApiProperty({ type: String, nullable: true, example: null })
  sendAfter: string | null;
  /**
   * The basis of consent it was sent under (docs/contract.md#consent): a ledger line (`PURCHASE#12`) or an
   * exemption (`EXEMPT:QUOTE_REQUESTED`); null while it has not left, and for a text received.
   * @example "EXEMPT:QUOTE_REQUESTED"
   */
  @ApiProperty({ type: String, nullable: true, example: 'EXEMPT:QUOTE_REQUESTED' })
  consentBasis: string | null;

  static from(message: LeadMessageView): LeadMessageResponse {
    return {
      id: message.id,
      direction: message.direction,
      channel: message.channel,
      status: message.status,
      body: message.body,
      at: message.at.toISOString(),
      sendAfter: message.sendAfter?.toISOString() ?? null,
      consentBasis: message.consentBasis,
    };
  }
}

/** A conversation both ways: the vendor's text, and the customer's answer to it. */
const CONVERSATION_EXAMPLE: LeadMessageResponse[] = [
  {
    id: 5120,
    direction: 'outbound',
    channel: 'sms',
    status: 'SENT',
    body: 'Hi Jane, thanks for your request! Could we come by Thursday at 10 to measure the kitchen?',
    at: '2026-11-21T20:31:40.000Z',
    sendAfter: null,
    consentBasis: 'EXEMPT:QUOTE_REQUESTED',
  },
  {
    id: 5127,
    direction: 'inbound',
    channel: 'sms',
    status: 'RECEIVED',
    body: 'Thursday works, see you then!',
    at: '2026-11-21T20:44:02.518Z',
    sendAfter: null,
    consentBasis: null,
  },
];

export class LeadMessagePageResponse {
  /** Oldest first. */
  @ApiProperty({ type: [LeadMessageResponse], example: CONVERSATION_EXAMPLE })
  content: LeadMessageResponse[];
  /** True when more messages follow; call again with `after=nextAfter`. */
  hasMore: boolean;
  /** The id to pass as `after` next time (the last one shown, or the `after` given when none). @example 5127 */
  nextAfter: number | null;
}
