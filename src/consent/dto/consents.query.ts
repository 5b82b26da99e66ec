import { AtLeastOneOf } from '../../common/validation/at-least-one-of.decorator';
import { CustomerContactDto } from '../../reputation/dto/customer-contact.dto';

/** The contact whose consent ledger is read: an e-mail, a phone, or both. */
@AtLeastOneOf('email', 'phone')
export class ConsentsQuery extends CustomerContactDto {}
