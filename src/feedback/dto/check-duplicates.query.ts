import { AtLeastOneOf } from '../../common/validation/at-least-one-of.decorator';
import { CustomerContactDto } from '../../reputation/dto/customer-contact.dto';

/** At least one of email (compared case-insensitively) and phone (compared normalized). */
@AtLeastOneOf('email', 'phone')
export class CheckDuplicatesQuery extends CustomerContactDto {}
