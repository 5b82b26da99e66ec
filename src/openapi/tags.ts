import { webhooksDescription } from '../webhooks/event-examples';

/** The document's tags in reading order: the vendor API first, then the manager API, then public routes. */
export const API_TAGS: { name: string; description: string }[] = [
  {
    name: 'Leads',
    description:
      'The leads assigned to the vendor: list and count them, accept or decline each, report where an accepted lead stands, and write to its customer (the conversation both ways).',
  },
  {
    name: 'Reputation',
    description:
      "Review and feedback requests sent to the vendor's customers, their reputation processes, and the KPIs they add up to.",
  },
  {
    name: 'Lead alerts',
    description: "Who hears of the vendor's new leads at once, by e-mail and SMS, and when again.",
  },
  {
    name: 'Vendor profile',
    description:
      "The language the vendor's customers are written to in, and how its messages and pages name and reach the vendor.",
  },
  { name: 'Automation', description: 'When reminders and review requests for won jobs are sent automatically.' },
  {
    name: 'Events',
    description: 'The feed of what happened to the account, oldest first, to read after a given event (30 days kept).',
  },
  { name: 'Webhooks', description: webhooksDescription() },
  {
    name: 'Consent',
    description:
      "Why the vendor may write to each customer (CASL): each contact's bases of consent with their evidence and end, and the contacts whose basis ends soon.",
  },
  {
    name: 'API keys',
    description:
      "The vendor's API keys: several, each named and scoped, rolled without downtime, revoked one by one. Managing them needs a key with every scope (`*`).",
  },
  {
    name: 'Manager: vendors',
    description: 'Vendor accounts: search, create, update and activate them, their features, and their API tokens.',
  },
  {
    name: 'Manager: vendor profile',
    description: "A vendor's profile as the vendor API shows it, and the vendor's own SMS sender number.",
  },
  {
    name: 'Manager: leads',
    description: "Assigning a lead to a vendor (the operator's team), and reading a lead's conversation.",
  },
  { name: 'Manager: review settings', description: "A vendor's review links, locations and message texts." },
  {
    name: 'Manager: automation settings',
    description: "A vendor's automation settings, as the vendor API shows them.",
  },
  { name: 'Manager: lead alerts', description: "A vendor's lead alert settings, as the vendor API shows them." },
  {
    name: 'Manager: required documents',
    description: 'The document kinds every vendor must provide, and when each vendor provided them and until when.',
  },
  { name: 'Manager: images', description: "A vendor's Google rank image and photo gallery: upload, list and delete." },
  { name: 'Manager: events', description: "The feed of every vendor's events." },
  {
    name: 'Manager: customer data',
    description:
      "A person's right of access and erasure: everything held about an e-mail or phone, across vendors, and its erasure.",
  },
  { name: 'Manager: consent', description: "A vendor's consent ledger, as the vendor API shows it." },
  {
    name: 'Manager: audit log',
    description:
      'Every manager-API write, every token the command line issued and every API key created, rolled or revoked, oldest first; never changed.',
  },
  {
    name: 'Manager: API keys',
    description: "A vendor's API keys (create, list, revoke), and the manager's own (also rolled).",
  },
  {
    name: 'Manager: inbound messages',
    description: 'Texts from customers that match no reputation process, kept for the operator to read.',
  },
  {
    name: 'Manager: webhooks',
    description: "The same routes as the vendor API's; a manager's endpoint hears every vendor.",
  },
  { name: 'Images', description: 'The stored image files, served to anyone with their unguessable url.' },
  {
    name: 'SMS provider',
    description:
      "The SMS provider's incoming-message webhook (Twilio's form fields), authenticated by X-Twilio-Signature.",
  },
  { name: 'Health', description: 'Liveness and readiness probes for the platform running the service.' },
];
