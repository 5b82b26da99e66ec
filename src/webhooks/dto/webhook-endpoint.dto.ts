import { ApiProperty, PartialType } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { MAX_URL_LENGTH, httpsUrlSchema } from '../../common/validation/is-https-url.decorator';
import { TARGET_PORT_PATTERN } from '../delivery/webhook-targets';
import { NotBlank } from '../../common/validation/not-blank.decorator';
import { SkipIfAbsent } from '../../common/validation/skip-if-absent.decorator';
import { Trim } from '../../common/validation/trim.decorator';
import { IsEventTypeList } from '../decorators/event-type-list.decorator';

export class CreateWebhookEndpointDto {
  /**
   * Where events are POSTed: `https` (plain `http` only with WEBHOOK_ALLOW_INSECURE=true), to a host
   * that resolves to public addresses only (checked when it is written: a name that does not resolve, or
   * resolves to a private address, is a 400; the pattern leaves out IP addresses). A port other than 80
   * or 443 must be 1024 or higher. @example "https://crm.example.com/hooks/leads"
   */
  @ApiProperty({ format: 'uri', maxLength: MAX_URL_LENGTH, ...httpsUrlSchema(undefined, TARGET_PORT_PATTERN) })
  @Trim()
  @IsString()
  @NotBlank()
  @MaxLength(MAX_URL_LENGTH)
  url: string;

  /** Event types to receive, or `["*"]` for all. */
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
