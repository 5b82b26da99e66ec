import type { CustomerContact, ErasedValues } from './customer-contact';

/**
 * A kind of record a person's data is found in (`leads`, `messages`), each declared by the one provider
 * that finds it (`@CustomerDataProvider({kinds})`). A provider may look up the ids of a kind another
 * module found (the outbox, the messages sent for a feedback request), so the names are shared.
 */
export type CustomerRecordKind = string;

type Identified = { id: number | string };

/** What a provider adds with the records it found. */
export interface FoundWith {
  /** The person's contacts written on these records: followed when linked contacts are included. */
  contacts?: Partial<CustomerContact>[];
  /** The person's values these records hold, which any copy elsewhere (a payload, a kept answer) must lose. */
  values?: (string | null | undefined)[];
}

/**
 * A person as the customer-data providers find them (docs/contract.md#data-rights): the contacts asked about, the
 * records of every kind reached from them so far, and the values to redact in copies. Providers add
 * to it until a round finds nothing new. With `includeLinked`, a contact written on a record found
 * (the phone of a lead found by its e-mail) is searched for too.
 */
export class PersonFinding {
  private readonly mails = new Set<string>();
  private readonly phoneNumbers = new Set<string>();
  private readonly found = new Map<CustomerRecordKind, Map<string, Identified>>();
  private readonly held = new Set<string>();
  private readonly given: number;

  constructor(
    contacts: CustomerContact[],
    readonly includeLinked: boolean,
  ) {
    for (const contact of contacts) this.addContact(contact);
    this.given = this.mails.size + this.phoneNumbers.size;
  }

  /** The e-mails (lower-cased) to search for. */
  get emails(): string[] {
    return [...this.mails];
  }

  /** The phones (`xxx-xxx-xxxx`) to search for. */
  get phones(): string[] {
    return [...this.phoneNumbers];
  }

  /** Every contact searched for, e-mails first. */
  get contacts(): string[] {
    return [...this.mails, ...this.phoneNumbers];
  }

  /** How many contacts were added from the records found (the erasure answer's `linkedContacts`). */
  get linkedContacts(): number {
    return this.mails.size + this.phoneNumbers.size - this.given;
  }

  /** The values any copy of the person's data must lose: every contact and every value the records hold. */
  get values(): ErasedValues {
    return [...new Set([...this.contacts, ...this.held])];
  }

  /** A count that grows whenever anything new is found: the search stops when a round leaves it still. */
  get size(): number {
    let records = 0;
    for (const byId of this.found.values()) records += byId.size;
    return records + this.mails.size + this.phoneNumbers.size;
  }

  /** The kinds of which records were found. */
  get kinds(): CustomerRecordKind[] {
    return [...this.found.keys()];
  }

  /** The records of `kind` found so far, by id (oldest first where ids are numbers). */
  records<T extends Identified>(kind: CustomerRecordKind): T[] {
    const byId = (a: Identified, b: Identified): number => Number(a.id) - Number(b.id) || 0;
    return [...(this.found.get(kind)?.values() ?? [])].sort(byId) as T[];
  }

  ids(kind: CustomerRecordKind): number[] {
    return this.records(kind).map((record) => Number(record.id));
  }

  /** Records of `kind` found by a provider (a record found again replaces the first: a seed holds only its id). */
  add(kind: CustomerRecordKind, records: Identified[], { contacts = [], values = [] }: FoundWith = {}): void {
    let byId = this.found.get(kind);
    if (!byId) this.found.set(kind, (byId = new Map<string, Identified>()));
    for (const record of records) byId.set(String(record.id), record);
    for (const value of values) if (value) this.held.add(value);
    if (this.includeLinked) for (const contact of contacts) this.addContact(contact);
  }

  private addContact({ email, phone }: Partial<CustomerContact>): void {
    if (email) this.mails.add(email.toLowerCase());
    if (phone) this.phoneNumbers.add(phone);
  }
}
