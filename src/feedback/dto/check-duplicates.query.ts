import { CustomerContactDto } from './customer-contact.dto';

/** At least one of email (compared case-insensitively) and phone (compared normalized). */
export class CheckDuplicatesQuery extends CustomerContactDto {}
