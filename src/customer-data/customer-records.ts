import { mentions } from '../common/privacy/customer-contact';
import type { PersonFinding } from '../common/privacy/person-finding';
import type { EventRecord } from '../events/event-customer-records';
import type { EventRecipient } from '../events/event-subscribers';
import type { FeedbackRequestRecord } from '../feedback/feedback-customer-records';
import type { LeadMessageRecord } from '../lead-conversations/lead-message-customer-records';
import type { LeadRecord } from '../leads/lead-customer-records';
import type { MessageRecord } from '../notifications/notification-customer-records';
import type { ConversionRecord, ReferralRecord, ReferralRequestRecord } from '../referrals/referral-customer-records';
import type { OptOutRecord, ProcessEventRecord, ProcessRecord } from '../reputation/process-customer-records';
import type { ReviewRequestRecord } from '../review-requests/review-request-customer-records';
import type { InboundSmsRecord } from '../sms-inbound/inbound-sms.repository';

/** Everything held about one person, each part found by the provider of the module that owns it. */
export interface CustomerRecords {
  leads: LeadRecord[];
  /** The conversations on those leads, both ways. */
  leadMessages: LeadMessageRecord[];
  processes: ProcessRecord[];
  steps: ProcessEventRecord[];
  feedbackRequests: FeedbackRequestRecord[];
  reviewRequests: ReviewRequestRecord[];
  referralRequests: ReferralRequestRecord[];
  referralsMade: ReferralRecord[];
  referralsReceived: ReferralRecord[];
  conversions: ConversionRecord[];
  /** The friends' contact requests the person's referrals brought whose words name the person. */
  referredConversions: ConversionRecord[];
  optOuts: OptOutRecord[];
  messages: MessageRecord[];
  /** What the person's phone texted to a sender number, and the replies stored on their processes. */
  texts: InboundSmsRecord[];
  events: EventRecord[];
  /** The receivers outside the service that were sent those events. */
  recipients: EventRecipient[];
}

/** The finding's records as the export shows them, by kind. */
export const recordsOf = (finding: PersonFinding): CustomerRecords => ({
  leads: finding.records('leads'),
  leadMessages: finding.records('leadMessages'),
  processes: finding.records('reputationProcesses'),
  steps: finding.records('processSteps'),
  feedbackRequests: finding.records('feedbackRequests'),
  reviewRequests: finding.records('reviewRequests'),
  referralRequests: finding.records('referralRequests'),
  referralsMade: finding.records('referralsMade'),
  referralsReceived: finding.records('referralsReceived'),
  conversions: finding.records('referralConversions'),
  referredConversions: finding
    .records<ConversionRecord>('referredConversions')
    .filter((conversion) => mentions(conversion.message ?? '', finding.values)),
  optOuts: finding.records('optOuts'),
  messages: finding.records('messages'),
  texts: finding.records('inboundMessages'),
  events: finding.records('events'),
  recipients: finding.records('recipients'),
});
