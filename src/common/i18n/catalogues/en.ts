/**
 * Every text a customer or a vendor's people read, in Canadian English: ICU MessageFormat
 * (`intl-messageformat`), one entry per key. `fr.ts` has the same keys with the same placeholders
 * (`catalogues.spec.ts` checks both, and the typography and alphabet of each kind of text).
 *
 * Who speaks is always named: the e-mails are the vendor's letters, signed with its name; the pages
 * speak of the vendor by name; a page with no vendor names the operator. Keys ending in `.sms` (and
 * `sms.*`, `message.smsOptOut`) are SMS texts: GSM-7 only, ordinary spaces.
 */
export const EN = {
  // Customer pages.
  'page.unsubscribeFooter': 'Don’t want messages from {vendor}?',
  'page.unsubscribeLink': 'Unsubscribe',
  /** The switch link to the same page in this language, written in it (shown on the other language's pages). */
  'page.inThisLanguage': 'English',
  'page.reachVendor': 'Questions? Contact {vendor}: {contact}',
  /** A page with no vendor (an unknown link): the operator, by name, and its contact. */
  'page.reachOperator': 'Questions? Contact {operator}: {contact}',
  'page.sentBy': '{operator} sends these pages and messages on behalf of {vendor}.',
  'page.postalAddress': 'Mailing address: {vendor}, {address}',

  'page.feedbackTitle': 'How did {vendor} do?',
  'page.feedbackHeading': 'Hi {firstName}, how did {vendor} do?',
  'page.ratingLegend': 'Your rating',
  'page.ratingOption': '{n} out of 5 stars',
  'page.ratingLow': '1 star: poor',
  'page.ratingHigh': '5 stars: excellent',
  'page.wouldReferLegend': 'Would you recommend {vendor} to a friend?',
  'page.yes': 'Yes',
  'page.no': 'No',
  'page.commentLabel': 'Anything you would like to add? (optional)',
  'page.feedbackSubmit': 'Send my feedback',

  'page.reviewQuestionTitle': 'Your experience with {vendor}',
  'page.reviewQuestionHeading': 'Hi {firstName}, are you happy with {vendor}?',
  'page.reviewQuestionYes': 'Yes, I am',
  'page.reviewQuestionNo': 'Not really',

  'page.reviewTitle': 'Review {vendor}',
  'page.reviewHeading': 'Thank you, {firstName}! Would you leave a review?',
  'page.reviewIntro': 'A few words from you help other homeowners find {vendor}. Each site opens in a new tab.',
  'page.reviewHeadingAfterFeedback': 'You can also review {vendor} publicly',
  'page.reviewIntroAfterFeedback': 'If you wish, you can leave a public review. Each site opens in a new tab.',
  'page.reviewOn': 'Review on {site}',
  'page.opensInNewTab': '(opens in a new tab)',
  'page.otherReviewSite': 'another review site',
  'page.noReviewSites': 'Thank you for your answer. {vendor} appreciates it.',
  'page.yourComment': 'Your comment, ready to copy into your review',
  'page.yourCommentHint': 'Copy the text, then paste it on the review site.',
  /** The copy buttons beside a read-only field (shown only where the page's script runs). */
  'page.copyButton': 'Copy',
  'page.copied': 'Copied',

  'page.confirmHeading': 'Welcome back, {firstName}. Did you post your review?',
  'page.confirmIntro': 'Let {vendor} know, so they can thank you.',
  'page.confirmYes': 'Yes, I posted my review',
  'page.confirmNotYet': 'Not yet? The review sites are below.',

  'page.privateFeedbackTitle': 'Tell {vendor} what went wrong',
  'page.privateFeedbackHeading': '{vendor} is sorry to hear that, {firstName}.',
  'page.privateFeedbackIntro':
    'Tell {vendor} what went wrong. Your message goes to them privately and is not published.',
  'page.privateFeedbackLabel': 'Your message to {vendor}',
  'page.privateFeedbackSubmit': 'Send my message privately',

  'page.referralTitle': 'Recommend {vendor}',
  'page.referralHeading': 'Thank you for your review, {firstName}!',
  'page.referralIntro': 'Know someone with a project coming up? You can recommend {vendor} to them.',
  'page.invitedSoFar': 'Invited so far: {names}.',
  'page.invitationsUsed': 'You have sent all your invitations. Thank you!',
  'page.yourNameLabel': 'Your name, as your friend knows you',
  'page.yourNameHint': 'Your friend sees this name in the invitation.',
  'page.friendNameLabel': 'Your friend’s name (optional)',
  'page.byEmailHeading': 'Invite a friend by email',
  'page.friendEmailLabel': 'Your friend’s email address',
  'page.byEmailSubmit': 'Send email invitation',
  'page.byTextHeading': 'Invite a friend by text message',
  'page.friendPhoneLabel': 'Your friend’s mobile number',
  'page.friendPhoneHint': 'A Canadian or US number, for example 416 555 0123.',
  'page.byTextSubmit': 'Send text invitation',
  'page.shareHeading': 'Or share a link',
  'page.shareSubmit': 'Get a link to share',
  'page.shareLabel': 'Your link to share',
  'page.shareHint': 'Send it to anyone you like, by text, by email or on social media.',
  'page.invitationSent': 'Invitation sent to {name}.',

  'page.finishedTitle': 'Thank you',
  'page.finishedHeading': 'Thank you, {firstName}!',
  'page.finishedBody': 'Your feedback has been sent to {vendor}.',

  'page.optedOutTitle': 'Unsubscribed',
  'page.optedOutHeading': 'You’re unsubscribed',
  'page.optedOutBody': '{vendor} will not send you any more messages.',
  'page.cancelledTitle': 'Request withdrawn',
  'page.cancelledHeading': 'This request was withdrawn',
  'page.cancelledBody': '{vendor} has withdrawn this request. There is nothing more for you to do.',
  'page.unsubscribeTitle': 'Unsubscribe',
  'page.unsubscribeHeading': 'Unsubscribe from {vendor}?',
  'page.unsubscribeBody': 'You will not receive any more emails or text messages from {vendor}.',
  'page.unsubscribeSubmit': 'Unsubscribe me',

  'page.invitationTitle': '{referrer} recommends {vendor}',
  'page.invitationHeading': '{referrer} recommends {vendor}',
  'page.invitationIntro': 'Leave your details and {vendor} will contact you about your project.',
  'page.contactNameLabel': 'Your name',
  'page.contactEmailLabel': 'Your email address',
  'page.contactPhoneLabel': 'Your phone number',
  'page.contactEitherHint': 'Give an email address, a phone number, or both.',
  'page.contactMessageLabel': 'Describe your project (optional)',
  'page.contactSubmit': 'Ask for a quote',
  'page.contactThanksTitle': 'Thank you',
  'page.contactThanksHeading': 'Thank you!',
  'page.contactThanksBody': '{vendor} has your request and will be in touch soon.',
  'page.contactThanksReach': 'You can also reach {vendor} directly: {contact}',

  'page.shareLinkFullTitle': 'Please come back tomorrow',
  'page.shareLinkFullHeading': 'This link has reached its limit for today',
  'page.shareLinkFullBody':
    'This link has taken as many requests as it can for today. Please try again tomorrow or contact {vendor} directly.',

  'page.errorSummary': '{count, plural, one {One answer needs correcting} other {# answers need correcting}}',
  'page.errorRating': 'Please choose a rating from 1 to 5 stars.',
  'page.errorWouldRefer': 'Please choose yes or no.',
  'page.errorComment': 'Please keep your comment under 2,000 characters.',
  'page.errorYesNo': 'Please answer yes or no.',
  'page.errorMessage': 'Please write your message (up to 2,000 characters).',
  'page.errorReferrerName':
    'Please enter your name (up to 100 characters), so your friend knows who the invitation is from.',
  'page.errorFriendName': 'Please keep your friend’s name under 100 characters.',
  'page.errorFriendEmail': 'Please enter your friend’s email address, for example name@example.com.',
  'page.errorFriendPhone': 'Please enter your friend’s 10-digit mobile number, for example 416 555 0123.',
  'page.errorName': 'Please enter your name (up to 100 characters).',
  'page.errorEmail': 'Please enter a valid email address, for example name@example.com.',
  'page.errorPhone': 'Please enter a 10-digit phone number, for example 416 555 0123.',
  'page.errorEmailOrPhone': 'Please give an email address or a phone number, so you can be contacted.',
  'page.errorProject': 'Please keep your message under 1,000 characters.',
  /** A name field holding more than a name (a web or email address, a phone number, hidden characters). */
  'page.errorNotAName':
    'Please enter a name only, without a web address, email address, phone number or special characters.',
  'page.notFoundTitle': 'This link is not valid',
  'page.notFoundBody': 'Please check that you opened the whole link from your message.',
  'page.tooManyTitle': 'Too many requests',
  'page.tooManyBody': 'Please wait a few minutes and try again.',
  'page.failedTitle': 'Something went wrong',
  'page.failedBody': 'Please try again in a moment.',
  'page.invalidTitle': 'Please check your answer',
  'page.goBack': 'Back to the form',
  'page.goneTitle': 'This link is no longer available',
  'page.goneBody': 'What it led to has been removed.',
  'page.notAllowedTitle': 'This page cannot be opened this way',
  'page.notAllowedBody': 'Please open the link from your message again.',
  'page.openPage': 'Open your page',
  /** A form's check with no customer wording of its own. */
  'page.errorAnswer': 'Please check this answer.',
  'page.errorFriendOptedOut': 'No invitation can be sent to this address. Please invite someone else.',
  'page.errorFriendInvitedRecently': 'This friend was invited recently and will not get another invitation. Thank you!',

  // What every e-mail and SMS says beside the texts of its purpose.
  'message.linkFallback': 'If the button does not work, open this address:',
  'message.sentBy': 'Sent by {operatorName} on behalf of {vendorName}.',
  'message.unsubscribe': 'Unsubscribe',
  /** The e-mail's identification block (CASL): the vendor's address, or the operator's when it has none. */
  'message.postalAddress': '{vendorName}, {mailingAddress}',
  'message.reachVendor': 'Contact {vendorName}: {contact}',
  /** When the vendor's profile has no contact: the operator's, said to be the operator's. */
  'message.reachOperator': 'Contact {operatorName}: {contact}',
  'message.unsubscribeText': 'To stop receiving these messages: {unsubscribeLink}',
  'LEAD_MESSAGE.subject': 'Message from {vendorName}',
  'LEAD_MESSAGE.reason':
    'You received this message because you asked for a quote, and {operatorName} passed your request on to {vendorName}.',
  'message.smsOptOut': 'Reply STOP to opt out.',
  /** A greeting's name when the customer gave none ("Hi there,"). */
  'message.noName': 'there',
  /** When an invitation's referrer gave no name (never from the pages, which ask for it). */
  'message.someone': 'A friend',
  'message.customerReason': 'You received this message because of your recent project with {vendorName}.',
  'message.reminderFirstLine.email': 'A friendly reminder from {vendorName}.',
  'message.reminderFirstLine.sms': 'Reminder:',

  'FEEDBACK_REQUEST.subject': 'How did {vendorName} do?',
  'FEEDBACK_REQUEST.preheader': 'It takes less than a minute, and your answer goes straight to {vendorName}.',
  'FEEDBACK_REQUEST.button': 'Tell us how we did',
  'FEEDBACK_REQUEST.email':
    'Hi {firstName},\n\nThank you for choosing {vendorName}. How did we do? It takes less than a minute to tell us:\n\n{link}\n\nYour answer comes straight to us and helps us do better.\n\nBest regards,\n{vendorName}',
  'FEEDBACK_REQUEST.sms':
    "Hi {firstName}, it's {vendorName}. Thank you for choosing us! How did we do? Tell us in a minute: {link}",
  'FEEDBACK_REQUEST.smsShort': "Hi {firstName}, it's {vendorName}. How did your project go? {link}",

  'REVIEW_REQUEST.subject': 'Would you review {vendorName}?',
  'REVIEW_REQUEST.preheader': 'A few words from you help other homeowners find {vendorName}.',
  'REVIEW_REQUEST.button': 'Share your experience',
  'REVIEW_REQUEST.email':
    'Hi {firstName},\n\nThank you for choosing {vendorName}! Would you take a moment to review your experience with us? It helps other homeowners find us.\n\n{link}\n\nBest regards,\n{vendorName}',
  'REVIEW_REQUEST.sms':
    "Hi {firstName}, it's {vendorName}. Thanks for choosing us! Would you leave us a quick review? {link}",
  'REVIEW_REQUEST.smsShort': "Hi {firstName}, it's {vendorName}. Would you review us? {link}",

  'REFERRAL_REQUEST.subject': 'Know someone who could use {vendorName}?',
  'REFERRAL_REQUEST.preheader': 'Recommend {vendorName} by email, by text or with a link to share.',
  'REFERRAL_REQUEST.button': 'Recommend {vendorName}',
  'REFERRAL_REQUEST.email':
    'Hi {firstName},\n\nThank you for your review of {vendorName}! If you know someone with a project coming up, you can recommend us by email, by text or with a link to share:\n\n{link}\n\nBest regards,\n{vendorName}',
  'REFERRAL_REQUEST.sms':
    "Hi {firstName}, it's {vendorName}. Thanks for your review! Know someone with a project? Refer a friend: {link}",
  'REFERRAL_REQUEST.smsShort': "Hi {firstName}, it's {vendorName}. Recommend us to a friend: {link}",

  'REFERRAL_INVITATION.subject': '{referrerName} recommends {vendorName}',
  'REFERRAL_INVITATION.preheader':
    '{referrerName} worked with {vendorName} and thought you would like to know about them.',
  'REFERRAL_INVITATION.button': 'Ask {vendorName} for a quote',
  'REFERRAL_INVITATION.reason':
    'You received this one-time message because {referrerName} asked {vendorName} to let you know about them.',
  'REFERRAL_INVITATION.email':
    'Hi {firstName},\n\n{referrerName} recently worked with us and asked us to tell you about what we do. Have a look and ask for a quote:\n\n{link}\n\nBest regards,\n{vendorName}',
  'REFERRAL_INVITATION.sms': 'Hi {firstName}, {referrerName} recommends {vendorName} to you. Have a look: {link}',
  'REFERRAL_INVITATION.smsShort': "Hi {firstName}, it's {vendorName}. {referrerName} recommends us: {link}",

  'FEEDBACK_REMINDER.subject': 'A quick reminder: how did {vendorName} do?',
  'FEEDBACK_REMINDER.preheader': 'It takes less than a minute. {vendorName} will not send another reminder.',
  'FEEDBACK_REMINDER.button': 'Tell us how we did',
  'FEEDBACK_REMINDER.email':
    'Hi {firstName},\n\nJust a friendly reminder: we would still like to know how we did. It takes less than a minute:\n\n{link}\n\nThis is the only reminder we will send.\n\nBest regards,\n{vendorName}',
  'FEEDBACK_REMINDER.sms': 'Reminder from {vendorName}: Hi {firstName}, how did we do? Tell us in a minute: {link}',
  'FEEDBACK_REMINDER.smsShort': "Hi {firstName}, it's {vendorName}. A reminder: how did your project go? {link}",

  'REVIEW_REMINDER.subject': 'A quick reminder: would you review {vendorName}?',
  'REVIEW_REMINDER.preheader':
    'A few words from you help other homeowners. {vendorName} will not send another reminder.',
  'REVIEW_REMINDER.button': 'Share your experience',
  'REVIEW_REMINDER.email':
    'Hi {firstName},\n\nJust a friendly reminder: a few words about your experience with us help other homeowners find us.\n\n{link}\n\nThis is the only reminder we will send.\n\nBest regards,\n{vendorName}',
  'REVIEW_REMINDER.sms': 'Reminder from {vendorName}: Hi {firstName}, would you leave us a quick review? {link}',
  'REVIEW_REMINDER.smsShort': "Hi {firstName}, it's {vendorName}. A reminder: would you review us? {link}",

  // The answer to a customer texting HELP or INFO (AIDE: the French one): who, what, how to stop, whom to
  // ask; the vendor named when the phone's conversation on that number is known. GSM-7 only (no ’).
  // The last resort of an SMS too long for its parts: the greeting, the vendor's name and the link.
  'sms.shortest': "Hi {firstName}, it's {vendorName}: {link}",
  /** Before a custom or lead text that does not name the vendor: every SMS names its sender. */
  'sms.signature': '{vendorName}:',
  'sms.help':
    '{operatorName}: texts about your project with a renovation pro. Reply STOP to opt out. Help: {operatorContact}',
  /** The phone's latest conversation is a review or feedback request of this vendor. */
  'sms.helpForVendor':
    '{operatorName}: {vendorName} is asking how your project went. Reply STOP to opt out. Help: {operatorContact}',
  /** The phone's latest conversation is a lead's: the vendor writing about the quote asked for. */
  'sms.helpForLead':
    '{operatorName}: {vendorName} is texting you about your quote. Reply STOP to opt out. Help: {operatorContact}',
  'sms.startNotServed':
    "{operatorName}: no business texted you from this number, so nothing changed. To receive a business's texts again, reply START to the number it texted you from. Help: {operatorContact}",
  // An opt-out the provider does not confirm itself (a short message such as "Stop please"): who, how to come back.
  'sms.optOutConfirmation':
    '{operatorName}: you will receive no more texts from the businesses {operatorName} sends them for. Reply START to receive them again.',

  // Lead alerts: the operator tells the vendor's people of a new lead, in the vendor's language.
  'leadAlert.alert.subject': 'New lead {leadId}: {category}',
  'leadAlert.reAlert.subject': 'Still waiting: lead {leadId} ({category})',
  'leadAlert.alert.intro':
    'A new lead was just assigned to {vendorName}. The first pro to answer usually gets the job.',
  'leadAlert.reAlert.intro': 'Lead {leadId} of {vendorName} has not been opened or answered yet.',
  'leadAlert.category': 'Category: {category}',
  /** A referral lead's source, said in place of its stored category. */
  'leadAlert.referral': 'Referral',
  'leadAlert.referredBy': 'Referred by: {referrerName}',
  /** The source in an SMS alert: the referral and who made it. */
  'leadAlert.referralBy': 'referral by {referrerName}',
  'leadAlert.job': 'Job: {description}',
  'leadAlert.lead': 'Lead: {leadId}',
  'leadAlert.expires': 'Expires: {expiresAt}, unless accepted or declined before.',
  'leadAlert.link': 'Open the lead: {link}',
  'leadAlert.footer':
    'Sent by {operatorName}. You receive this alert because this address hears of new leads for {vendorName} (its lead alert settings).',
  /** `quoted`: yes when there is a description to quote (an empty one is left out). */
  'leadAlert.alert.sms':
    '{operatorName}: new lead {leadId} for {vendorName}: {category}.{quoted, select, yes { "{description}"} other {}} Expires {expiresAt}.',
  'leadAlert.reAlert.sms':
    '{operatorName}: still waiting, lead {leadId} for {vendorName}: {category}.{quoted, select, yes { "{description}"} other {}} Expires {expiresAt}.',
  /** When a lead expires: the date and the time (with its zone) as the language writes them. */
  'leadAlert.dateTime': '{date} at {time}',
  /** Put in place of an e-mail address or phone number the customer wrote into the job description. */
  // The code that confirms a lead alert contact (its e-mail's subject, and the text of both channels).
  'leadAlertCode.subject': 'Your code for the lead alerts of {vendorName}',
  'leadAlertCode.email':
    '{operatorName}: {code} is your code to receive the lead alerts of {vendorName} at this address. Enter it in the lead alert settings within 24 hours. Did not ask for it? Ignore this message: no alert will be sent to you.',
  'leadAlertCode.sms':
    '{operatorName}: {code} is your code to receive the lead alerts of {vendorName} at this number. Enter it in the lead alert settings within 24 hours. Did not ask for it? Ignore this text: no alert will be sent to you.',
  'leadAlert.hiddenContact': '[contact hidden]',
} as const;

export type MessageKey = keyof typeof EN;
/** A language's texts: every key of the English catalogue, each an ICU message. */
export type Catalogue = Record<MessageKey, string>;
