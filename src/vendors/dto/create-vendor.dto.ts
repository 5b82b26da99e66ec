import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { DisplayName } from '../../common/validation/display-name';
import { NotBlank } from '../../common/validation/not-blank.decorator';
import { SkipIfAbsent } from '../../common/validation/skip-if-absent.decorator';
import { Trim } from '../../common/validation/trim.decorator';
import { IsEmailAddress } from '../../common/validation/email-address';

export class CreateVendorDto {
  /** The name customers see as the sender. @example "Maple Renovations" */
  @Trim()
  @IsString()
  @DisplayName()
  @MaxLength(200)
  vendorName: string;

  /** @example "office@maple-renovations.ca" */
  @Trim()
  @IsEmailAddress()
  @MaxLength(254)
  email: string;

  /** @example "Toronto" */
  @Trim()
  @IsString()
  @NotBlank()
  @MaxLength(100)
  cityName: string;

  /** @example "Ontario" */
  @Trim()
  @IsString()
  @NotBlank()
  @MaxLength(100)
  provinceName: string;

  /** Package the vendor subscribes to (the operator's numbering). @example 1 */
  @SkipIfAbsent()
  @IsInt()
  @ApiProperty({ type: 'integer' })
  @Min(0)
  @Max(1000)
  packageType?: number;

  /** Deactivated vendors' tokens are refused with 403. Defaults to true. */
  @SkipIfAbsent()
  @IsBoolean()
  activated?: boolean;
}
