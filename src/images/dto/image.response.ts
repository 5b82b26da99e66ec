import { ApiInteger } from '../../common/openapi/api-integer.decorator';
import { INT32_ID } from '../../common/validation/canonical-int.decorator';
import type { VendorImage } from '../entities/vendor-image.entity';

export class ImageResponse {
  /** @example 41 */
  @ApiInteger(INT32_ID)
  id: number;
  /** Serves the file, without a token (the key in it is unguessable). @example "https://api.example.com/images/3f2a9c0d5e8b4a1c9f7e6d5c4b3a2910.jpg" */
  url: string;
  /** Pixels, after rotation and shrinking. @example 900 */
  @ApiInteger({ min: 1, max: 4000 })
  width: number;
  /** @example 600 */
  @ApiInteger({ min: 1, max: 4000 })
  height: number;
  /** Size of the stored file. @example 84213 */
  @ApiInteger({ min: 0 })
  bytes: number;
  /** @example "image/jpeg" */
  contentType: string;

  static from(image: VendorImage, url: string): ImageResponse {
    const { id, width, height, bytes, contentType } = image;
    return { id, url, width, height, bytes, contentType };
  }
}
