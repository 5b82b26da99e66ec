import { applyDecorators } from '@nestjs/common';
import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
} from 'class-validator';
import { ALL_SCOPES } from '../../auth/decorators/scopes';
import { DATE_TIME_PATTERN } from '../../common/validation/calendar-patterns';
import { NotBlank } from '../../common/validation/not-blank.decorator';
import { Trim } from '../../common/validation/trim.decorator';
import { VendorIdParams } from '../../vendors/dto/vendor-id.params';

/** An optional date-time with its offset, shown as such in the document. */
const IsDateTime = (): PropertyDecorator =>
  applyDecorators(
    ApiProperty({ required: false, type: String, format: 'date-time', pattern: DATE_TIME_PATTERN }),
    IsOptional(),
    Matches(new RegExp(DATE_TIME_PATTERN), {
      message: ({ property }) => `${property} must be a real date-time with its offset, such as 2027-01-31T12:00:00Z`,
    }),
  );

const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

export class CreateApiKeyDto {
  /** What the key is for, as its holder will recognize it. @example "CRM sync" */
  @Trim()
  @IsString()
  @NotBlank()
  @MaxLength(100)
  name: string;

  /**
   * What the key may do: `<area>:read`, or `<area>:write` (which includes read), per area: `leads`,
   * `reputation` (reputation processes, requests and messages to customers), `webhooks` (endpoints and
   * events), `profile` (profile and settings), and for a manager's key `accounts` (vendors, their keys,
   * customer data, the audit log); or `*`, every operation, managing keys included.
   */
  @ApiProperty({ type: [String], enum: ALL_SCOPES, example: ['leads:read', 'webhooks:write'] })
  @ArrayMinSize(1)
  @ArrayMaxSize(ALL_SCOPES.length)
  @ArrayUnique()
  @IsIn(ALL_SCOPES, { each: true })
  scopes: string[];

  /** When the key stops working, which must be in the future; none: until revoked. @example "2027-06-30T00:00:00Z" */
  @IsDateTime()
  expiresAt?: string;
}

export class RollApiKeyDto {
  /**
   * Until when the old secret keeps working, from now to at most 7 days from now; 24 hours from now
   * when left out. @example "2027-01-02T12:00:00Z"
   */
  @IsDateTime()
  oldExpiresAt?: string;
}

export class ApiKeyIdParams {
  /** @example "0b9cbb5e-9a59-4bb4-a3a4-5f6c4a3c2d10" */
  @ApiProperty({ format: 'uuid', pattern: UUID_PATTERN })
  @Matches(new RegExp(UUID_PATTERN), { message: 'keyId must be a UUID' })
  keyId: string;
}

export class VendorApiKeyParams extends IntersectionType(VendorIdParams, ApiKeyIdParams) {}
