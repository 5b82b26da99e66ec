import { Foundation1795304814377 } from './1795304814377-Foundation';
import { VendorSearchIndexes1795306221867 } from './1795306221867-VendorSearchIndexes';
import { Leads1795306200488 } from './1795306200488-Leads';
import { NotificationOutbox1795306364585 } from './1795306364585-NotificationOutbox';
import { ReviewSettings1795306366592 } from './1795306366592-ReviewSettings';
import { RequiredDocuments1795306366593 } from './1795306366593-RequiredDocuments';
import { VendorImages1795306549361 } from './1795306549361-VendorImages';
import { Reputation1795306899787 } from './1795306899787-Reputation';
import { ReferralInvitationPurpose1795308735544 } from './1795308735544-ReferralInvitationPurpose';
import { VendorLeadCounts1795400000000 } from './1795400000000-VendorLeadCounts';
import { NotificationHandover1795410000000 } from './1795410000000-NotificationHandover';
import { IdempotencyKeys1795429451096 } from './1795429451096-IdempotencyKeys';
import { EventsAndWebhooks1795430977730 } from './1795430977730-EventsAndWebhooks';
import { AutomationSettings1795500000000 } from './1795500000000-AutomationSettings';
import { ProcessReminders1795500000001 } from './1795500000001-ProcessReminders';
import { JobWonReviewRequests1795500000002 } from './1795500000002-JobWonReviewRequests';
import { ImageFiles1795520000000 } from './1795520000000-ImageFiles';
import { KpiRollups1795530000000 } from './1795530000000-KpiRollups';
import { KpiCountsAtCommit1795730000000 } from './1795730000000-KpiCountsAtCommit';
import { LeadAttentionCounts1795740000000 } from './1795740000000-LeadAttentionCounts';
import { MessageFailureChanges1795750000000 } from './1795750000000-MessageFailureChanges';
import { LeadDayCounts1795760000000 } from './1795760000000-LeadDayCounts';
import { VendorRemoval1795770000000 } from './1795770000000-VendorRemoval';
import { AuditRetentionDeleteOnly1795800000000 } from './1795800000000-AuditRetentionDeleteOnly';
import { SmsOptOutLifts1795810000000 } from './1795810000000-SmsOptOutLifts';
import { LeadAlertConfirmations1795811000000 } from './1795811000000-LeadAlertConfirmations';
import { MetricsAndTraces1795820000000 } from './1795820000000-MetricsAndTraces';
import { ApiKeys1795830000000 } from './1795830000000-ApiKeys';
import { TextsWaitForQuietHours1795840000000 } from './1795840000000-TextsWaitForQuietHours';
import { ReviewLabelsInFrench1795850000000 } from './1795850000000-ReviewLabelsInFrench';
import { LeadAlertSettings1795638500000 } from './1795638500000-LeadAlertSettings';
import { QuietHoursAtNight1795638536062 } from './1795638536062-QuietHoursAtNight';
import { AuditLog1795639090289 } from './1795639090289-AuditLog';
import { LeadAlertMessages1795640021486 } from './1795640021486-LeadAlertMessages';
import { LeadReAlerts1795640460625 } from './1795640460625-LeadReAlerts';
import { IdempotencyAnswerText1795640946921 } from './1795640946921-IdempotencyAnswerText';
import { JourneyIdentity1795642090478 } from './1795642090478-JourneyIdentity';
import { WebhookSecretsSealed1795643295926 } from './1795643295926-WebhookSecretsSealed';
import { WebhookDeliveriesFinishedIndex1795643779721 } from './1795643779721-WebhookDeliveriesFinishedIndex';
import { WebhookPausedVendors1795643824306 } from './1795643824306-WebhookPausedVendors';
import { LeadResponseTimesIndex1795644628661 } from './1795644628661-LeadResponseTimesIndex';
import { CustomerDataRights1795645096149 } from './1795645096149-CustomerDataRights';
import { VendorProfile1795650000000 } from './1795650000000-VendorProfile';
import { SmsInbound1795650100000 } from './1795650100000-SmsInbound';
import { CustomerLanguage1795652000000 } from './1795652000000-CustomerLanguage';
import { SmsConversations1795653459225 } from './1795653459225-SmsConversations';
import { VendorSmsNumberUnique1795655000000 } from './1795655000000-VendorSmsNumberUnique';
import { LeadTimingChanges1795660000000 } from './1795660000000-LeadTimingChanges';
import { KpiChanges1795670000000 } from './1795670000000-KpiChanges';
import { SmsSenderPool1795680043000 } from './1795680043000-SmsSenderPool';
import { IdempotencyHoldByLock1795690390000 } from './1795690390000-IdempotencyHoldByLock';
import { MessageFailedEventsIndex1795690400000 } from './1795690400000-MessageFailedEventsIndex';
import { ReferralLeads1795694400000 } from './1795694400000-ReferralLeads';
import { LeadConversations1795700000000 } from './1795700000000-LeadConversations';
import { ReferredLeadsIndex1795710000000 } from './1795710000000-ReferredLeadsIndex';
import { IdempotencyTouchedRecords1795720500000 } from './1795720500000-IdempotencyTouchedRecords';
import { ConsentLedger1795860000000 } from './1795860000000-ConsentLedger';
import { SuppressedMessages1795890000000 } from './1795890000000-SuppressedMessages';
import { KpiFoldOncePerCommit1795900000000 } from './1795900000000-KpiFoldOncePerCommit';
import { NoConsentFailuresSuppressed1795920000000 } from './1795920000000-NoConsentFailuresSuppressed';
import { SmsSenderUsesLocked1795930000000 } from './1795930000000-SmsSenderUsesLocked';
import { IdempotencyKeyHeld1795940000000 } from './1795940000000-IdempotencyKeyHeld';

// Every migration, in order. Listed rather than globbed so one list serves the compiled build,
// the TypeScript sources under Jest, and the Docker image alike.
export const MIGRATIONS = [
  Foundation1795304814377,
  Leads1795306200488,
  VendorSearchIndexes1795306221867,
  NotificationOutbox1795306364585,
  ReviewSettings1795306366592,
  RequiredDocuments1795306366593,
  VendorImages1795306549361,
  Reputation1795306899787,
  ReferralInvitationPurpose1795308735544,
  VendorLeadCounts1795400000000,
  NotificationHandover1795410000000,
  IdempotencyKeys1795429451096,
  EventsAndWebhooks1795430977730,
  AutomationSettings1795500000000,
  ProcessReminders1795500000001,
  JobWonReviewRequests1795500000002,
  ImageFiles1795520000000,
  KpiRollups1795530000000,
  LeadAlertSettings1795638500000,
  QuietHoursAtNight1795638536062,
  AuditLog1795639090289,
  LeadAlertMessages1795640021486,
  LeadReAlerts1795640460625,
  IdempotencyAnswerText1795640946921,
  JourneyIdentity1795642090478,
  WebhookSecretsSealed1795643295926,
  WebhookDeliveriesFinishedIndex1795643779721,
  WebhookPausedVendors1795643824306,
  LeadResponseTimesIndex1795644628661,
  CustomerDataRights1795645096149,
  VendorProfile1795650000000,
  SmsInbound1795650100000,
  CustomerLanguage1795652000000,
  SmsConversations1795653459225,
  VendorSmsNumberUnique1795655000000,
  LeadTimingChanges1795660000000,
  KpiChanges1795670000000,
  SmsSenderPool1795680043000,
  IdempotencyHoldByLock1795690390000,
  MessageFailedEventsIndex1795690400000,
  ReferralLeads1795694400000,
  LeadConversations1795700000000,
  ReferredLeadsIndex1795710000000,
  IdempotencyTouchedRecords1795720500000,
  KpiCountsAtCommit1795730000000,
  LeadAttentionCounts1795740000000,
  MessageFailureChanges1795750000000,
  LeadDayCounts1795760000000,
  VendorRemoval1795770000000,
  AuditRetentionDeleteOnly1795800000000,
  SmsOptOutLifts1795810000000,
  LeadAlertConfirmations1795811000000,
  MetricsAndTraces1795820000000,
  ApiKeys1795830000000,
  TextsWaitForQuietHours1795840000000,
  ReviewLabelsInFrench1795850000000,
  ConsentLedger1795860000000,
  SuppressedMessages1795890000000,
  KpiFoldOncePerCommit1795900000000,
  NoConsentFailuresSuppressed1795920000000,
  SmsSenderUsesLocked1795930000000,
  IdempotencyKeyHeld1795940000000,
];
