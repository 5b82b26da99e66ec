import { IsCanonicalInt } from '../../common/validation/canonical-int.decorator';
import { SkipIfAbsent } from '../../common/validation/skip-if-absent.decorator';
import type { ImageBox } from '../image-processor';

/** The multipart text fields of an upload: the box each image is shrunk to fit inside. */
export class ImageBoxDto implements ImageBox {
  /** Largest width of a stored image, in pixels. @example 900 */
  @SkipIfAbsent()
  @IsCanonicalInt({ min: 1, max: 4000 })
  maxWidth: number = 900;

  /** Largest height of a stored image, in pixels. @example 700 */
  @SkipIfAbsent()
  @IsCanonicalInt({ min: 1, max: 4000 })
  maxHeight: number = 700;
}
