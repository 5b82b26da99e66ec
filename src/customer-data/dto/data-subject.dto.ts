import { IsBoolean } from 'class-validator';
import { AtLeastOneOf } from '../../common/validation/at-least-one-of.decorator';
import { SkipIfAbsent } from '../../common/validation/skip-if-absent.decorator';
import { CustomerContactDto } from '../../reputation/dto/customer-contact.dto';

/** The person a data-rights request is about: their e-mail, phone, or both. */
@AtLeastOneOf('email', 'phone')
export class DataSubjectDto extends CustomerContactDto {
  /**
   * Also the contacts written on the records found (the phone of a lead found by its e-mail), until no
   * new one appears; `false`: only the contacts given. @default true
   */
  @SkipIfAbsent()
  @IsBoolean()
  includeLinked?: boolean;
}
