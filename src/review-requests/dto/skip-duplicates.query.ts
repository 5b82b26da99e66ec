import { Transform } from 'class-transformer';
import { IsBoolean } from 'class-validator';
import { Optional } from '../../common/validation/optional.decorator';

export class SkipDuplicatesQuery {
  /**
   * true: when the vendor already has a request with the same email or phone, nothing is created or
   * sent and the answer is 200 with a message saying so.
   * @example true
   */
  @Optional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  skipDuplicates?: boolean;
}
