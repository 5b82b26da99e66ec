import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { Optional } from '../../common/validation/optional.decorator';
import type { ImageBox } from '../image-processor';

/**
 * A multipart text field's number. Only a string is converted: `maxWidth[a]` makes multer build an
 * object without a prototype, which Number() (what @Type(() => Number) calls) cannot even convert.
 */
const NumberField = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? Number(value) : value));

/** The multipart text fields of an upload: the box each image is shrunk to fit inside. */
export class ImageBoxDto implements ImageBox {
  /** Largest width of a stored image, in pixels. @example 900 */
  @Optional()
  @NumberField()
  @IsInt()
  @Min(1)
  @Max(4000)
  maxWidth: number = 900;

  /** Largest height of a stored image, in pixels. @example 700 */
  @Optional()
  @NumberField()
  @IsInt()
  @Min(1)
  @Max(4000)
  maxHeight: number = 700;
}
