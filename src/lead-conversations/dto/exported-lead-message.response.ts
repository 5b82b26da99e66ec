import { ApiProperty } from '@nestjs/swagger';
import { ApiInteger } from '../../common/openapi/api-integer.decorator';
import { INT64_ID } from '../../common/validation/canonical-int.decorator';
import {
  LEAD_MESSAGE_CHANNELS,
  LEAD_MESSAGE_DIRECTIONS,
  type LeadMessage,
  type LeadMessageChannel,
  type LeadMessageDirection,
} from '../entities/lead-message.entity';

/** A message of a lead's conversation as a person's export shows it. */
export type LeadMessageRecord = Pick<LeadMessage, 'id' | 'leadId' | 'direction' | 'channel' | 'body' | 'at'>;

/** One message of a lead's conversation: what the vendor wrote to the person, or what they texted back. */
export class ExportedLeadMessage {
  @ApiInteger(INT64_ID) id: number;
  @ApiProperty({ enum: LEAD_MESSAGE_DIRECTIONS, example: 'outbound' })
  direction: LeadMessageDirection;
  @ApiProperty({ enum: LEAD_MESSAGE_CHANNELS, example: 'sms' })
  channel: LeadMessageChannel;
  /** The words, as written (`[erased]` once erased or past retention). @example "Hello Jane, when may I come by?" */
  body: string;
  /** When the vendor wrote it, or the text was received. @example "2026-11-21T20:01:02.123Z" */
  at: string;

  static from(message: LeadMessageRecord): ExportedLeadMessage {
    const { id, direction, channel, body, at } = message;
    return { id: Number(id), direction, channel, body, at: new Date(at).toISOString() };
  }
}
