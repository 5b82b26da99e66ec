import { AtLeastOneOf } from '../../common/validation/at-least-one-of.decorator';
import { CustomerContactDto } from '../../feedback/dto/customer-contact.dto';

/** The person a data-rights request is about: their e-mail, phone, or both. */
@AtLeastOneOf('email', 'phone')
export class DataSubjectDto extends CustomerContactDto {}
