import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { INT32_ID, IsCanonicalInt } from '../../common/validation/canonical-int.decorator';
import { VendorIdParams } from '../../vendors/dto/vendor-id.params';
import { IMAGE_KEY } from '../image-storage';

export class VendorImageParams extends VendorIdParams {
  /** @example 41 */
  @IsCanonicalInt(INT32_ID)
  imageId: number;
}

export class ImageKeyParams {
  /** The file name at the end of an image's url. @example "3f2a9c0d5e8b4a1c9f7e6d5c4b3a2910.jpg" */
  @Matches(IMAGE_KEY, { message: 'key must be the file name of a stored image' })
  @ApiProperty({ pattern: IMAGE_KEY.source })
  key: string;
}
