/** How many records of each kind were erased; all 0 when nothing was left to erase. */
export class CustomerDataErasureResponse {
  /** Leads whose customer name, contacts, address and texts were removed. @example 2 */
  leads: number;
  /** Messages of the conversations on those leads, either way, whose words were removed. @example 2 */
  leadMessages: number;
  /**
   * Other people's leads that the person's referrals brought, whose referrer's name (and the person's
   * values in the friend's words) were removed. @example 1
   */
  referredLeads: number;
  /** Processes whose name, contacts and private feedback were removed; their links answer 410. @example 1 */
  reputationProcesses: number;
  /** @example 1 */
  feedbackRequests: number;
  /** @example 1 */
  reviewRequests: number;
  /** Referrals the person made or received; their pages answer 410. @example 0 */
  referrals: number;
  /**
   * Contact requests the person sent from a friend's referral page, and the friends' requests their
   * referrals brought whose words named the person (those words removed, the friend's own data kept). @example 0
   */
  referralConversions: number;
  /** Messages whose recipient, subject and bodies were removed (those still waiting are never sent). @example 3 */
  messages: number;
  /**
   * Texts the person's phone sent and replies stored on their processes: words and sender `[erased]`,
   * phone removed. @example 1
   */
  inboundMessages: number;
  /** Opt-outs replaced by the suppression list's keyed hash. @example 1 */
  optOuts: number;
  /** Event payloads redacted. @example 4 */
  events: number;
  /** Kept webhook delivery bodies redacted. @example 4 */
  webhookDeliveries: number;
  /**
   * Of the person's webhook deliveries, how many had reached a receiver (succeeded, or answered with a
   * status): they cannot be recalled. Deliveries that never connected are not counted. @example 3
   */
  webhookDeliveriesAlreadySent: number;
  /** Kept answers of idempotent writes redacted. @example 0 */
  idempotentAnswers: number;
  /** Contacts found on the matched records and erased and suppressed too (`includeLinked`). @example 1 */
  linkedContacts: number;
}
