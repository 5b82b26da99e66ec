import { ApiProperty, PartialType } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { HTTPS_URL_DOCUMENTED, MAX_URL_LENGTH } from '../../common/validation/is-https-url.decorator';
import { NotBlank } from '../../common/validation/not-blank.decorator';
import { EVENT_TYPES } from '../../events/event-types';
import { SkipIfAbsent } from '../../common/validation/skip-if-absent.decorator';
import { Trim } from '../../common/validation/trim.decorator';
import { IsEventTypeList } from './event-type-list.decorator';

export class CreateWebhookEndpointDto {
  /**
   * Where events are POSTed: `https` (plain `http` only with WEBHOOK_ALLOW_INSECURE=true), to a host
   * that resolves to public addresses only. @example "https://crm.example.com/hooks/leads"
   */
  @ApiProperty(HTTPS_URL_DOCUMENTED)
  @Trim()
  @IsString()
  @NotBlank()
  @MaxLength(MAX_URL_LENGTH)
  url: string;

  /** Event types to receive, or `["*"]` for all. */
  @ApiProperty({ type: [String], enum: [...EVENT_TYPES, '*'], example: ['lead.assigned', 'lead.expired'] })
  @IsEventTypeList()
  events: string[];

  /** @example "Our CRM" */
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(500)
  description?: string | null;
}

export class UpdateWebhookEndpointDto extends PartialType(CreateWebhookEndpointDto, { skipNullProperties: false }) {
  /** `true` re-enables an endpoint disabled after a run of failures. */
  @SkipIfAbsent()
  @IsBoolean()
  enabled?: boolean;
}
