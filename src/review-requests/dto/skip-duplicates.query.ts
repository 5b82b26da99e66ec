import { Transform } from 'class-transformer';
import { IsBoolean } from 'class-validator';
import { SkipIfAbsent } from '../../common/validation/skip-if-absent.decorator';

export class SkipDuplicatesQuery {
  /**
   * true: when the vendor already has a request with the same email or phone, nothing is created or
   * sent and the answer is 200 with a message saying so.
   * @example true
   */
  @SkipIfAbsent()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  skipDuplicates?: boolean;
}
