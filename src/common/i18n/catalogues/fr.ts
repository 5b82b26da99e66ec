import type { Catalogue } from './en';

/**
 * Every text a customer or a vendor's people read, in Canadian French, written as a Quebec business
 * writes it (courriel, texto, soumission, communiquer avec), without assuming the reader's gender, and
 * without an elided word before a name (« de », « que »… would need « d’ », « qu’ » before a vowel).
 * Pages and e-mails follow the OQLF's typography: a no-break space before « : » and inside « »,
 * none before « ; », « ! » and « ? », `2 000`, `514 555-0123`. The SMS texts keep ordinary spaces and
 * the GSM-7 alphabet (é, è, à, ù, but no ê, â, î, ô, û, ç or ’), so a text message stays 160
 * characters a part. Same keys and placeholders as `en.ts`.
 */
export const FR: Catalogue = {
  // Customer pages.
  'page.unsubscribeFooter': 'Vous ne souhaitez plus recevoir les messages envoyés par {vendor}?',
  'page.unsubscribeLink': 'Se désabonner',
  'page.inThisLanguage': 'Français',
  'page.reachVendor': 'Des questions? Communiquez avec {vendor}\u00a0: {contact}',
  'page.reachOperator': 'Des questions? Communiquez avec {operator}\u00a0: {contact}',
  'page.sentBy': '{operator} gère ces pages et envoie ces messages au nom de l’entreprise {vendor}.',
  'page.postalAddress': 'Adresse postale\u00a0: {vendor}, {address}',

  'page.feedbackTitle': 'Votre projet avec {vendor}',
  'page.feedbackHeading': 'Bonjour {firstName}, comment s’est déroulé votre projet avec {vendor}?',
  'page.ratingLegend': 'Votre note',
  'page.ratingOption': '{n, plural, one {# étoile sur 5} other {# étoiles sur 5}}',
  'page.ratingLow': '1 étoile\u00a0: décevant',
  'page.ratingHigh': '5 étoiles\u00a0: excellent',
  'page.wouldReferLegend': 'Recommanderiez-vous {vendor} à un proche?',
  'page.yes': 'Oui',
  'page.no': 'Non',
  'page.commentLabel': 'Voulez-vous ajouter quelque chose? (facultatif)',
  'page.feedbackSubmit': 'Envoyer mon évaluation',

  'page.reviewQuestionTitle': 'Votre expérience avec {vendor}',
  'page.reviewQuestionHeading': 'Bonjour {firstName}, votre expérience avec {vendor} a-t-elle répondu à vos attentes?',
  'page.reviewQuestionYes': 'Oui, tout à fait',
  'page.reviewQuestionNo': 'Pas vraiment',

  'page.reviewTitle': 'Un avis sur {vendor}',
  'page.reviewHeading': 'Merci, {firstName}! Accepteriez-vous de publier un avis?',
  'page.reviewIntro':
    'Quelques mots de votre part aident d’autres propriétaires à trouver {vendor}. Chaque site s’ouvre dans un nouvel onglet.',
  'page.reviewHeadingAfterFeedback': 'Vous pouvez aussi publier un avis sur {vendor}',
  'page.reviewIntroAfterFeedback':
    'Si vous le souhaitez, vous pouvez laisser un avis public. Chaque site s’ouvre dans un nouvel onglet.',
  'page.reviewOn': 'Donner mon avis sur {site}',
  'page.opensInNewTab': '(s’ouvre dans un nouvel onglet)',
  'page.otherReviewSite': 'un autre site d’avis',
  'page.noReviewSites': '{vendor} vous remercie de votre réponse.',
  'page.yourComment': 'Votre commentaire, à copier dans votre avis',
  'page.yourCommentHint': 'Copiez le texte, puis collez-le sur le site d’avis.',
  'page.copyButton': 'Copier',
  'page.copied': 'Texte copié',

  'page.confirmHeading': '{firstName}, avez-vous eu le temps de publier votre avis?',
  'page.confirmIntro': 'Dites-le à {vendor}, qui pourra ainsi vous remercier.',
  'page.confirmYes': 'Oui, j’ai publié mon avis',
  'page.confirmNotYet': 'Pas encore? Les sites d’avis sont ci-dessous.',

  'page.privateFeedbackTitle': 'Dites à {vendor} ce qui n’a pas fonctionné',
  'page.privateFeedbackHeading': '{firstName}, votre expérience avec {vendor} n’a pas été à la hauteur?',
  'page.privateFeedbackIntro':
    'Expliquez à {vendor} ce qui n’a pas fonctionné. Votre message lui est transmis en privé; il ne sera pas publié.',
  'page.privateFeedbackLabel': 'Votre message à {vendor}',
  'page.privateFeedbackSubmit': 'Envoyer mon message en privé',

  'page.referralTitle': 'Recommander {vendor}',
  'page.referralHeading': 'Merci pour votre avis, {firstName}!',
  'page.referralIntro': 'Vous connaissez quelqu’un qui prévoit des travaux? Vous pouvez lui recommander {vendor}.',
  'page.invitedSoFar': 'Personnes invitées jusqu’ici\u00a0: {names}.',
  'page.invitationsUsed': 'Vous avez envoyé toutes vos invitations. Merci!',
  'page.yourNameLabel': 'Votre nom, tel que la personne invitée le connaît',
  'page.yourNameHint': 'La personne invitée verra ce nom dans l’invitation.',
  'page.friendNameLabel': 'Nom de la personne (facultatif)',
  'page.byEmailHeading': 'Inviter quelqu’un par courriel',
  'page.friendEmailLabel': 'Son adresse courriel',
  'page.byEmailSubmit': 'Envoyer l’invitation par courriel',
  'page.byTextHeading': 'Inviter quelqu’un par texto',
  'page.friendPhoneLabel': 'Son numéro de cellulaire',
  'page.friendPhoneHint': 'Un numéro du Canada ou des États-Unis, par exemple 514\u00a0555-0123.',
  'page.byTextSubmit': 'Envoyer l’invitation par texto',
  'page.shareHeading': 'Ou partagez un lien',
  'page.shareSubmit': 'Obtenir un lien à partager',
  'page.shareLabel': 'Votre lien à partager',
  'page.shareHint': 'Envoyez-le à qui vous voulez, par texto, par courriel ou sur les réseaux sociaux.',
  'page.invitationSent': 'Invitation envoyée à {name}.',

  'page.finishedTitle': 'Merci',
  'page.finishedHeading': 'Merci, {firstName}!',
  'page.finishedBody': 'Votre évaluation a été transmise à {vendor}.',

  'page.optedOutTitle': 'Désabonnement confirmé',
  'page.optedOutHeading': 'Votre désabonnement est confirmé',
  'page.optedOutBody': '{vendor} ne vous enverra plus aucun courriel ni texto.',
  'page.cancelledTitle': 'Demande annulée',
  'page.cancelledHeading': 'Cette demande a été annulée',
  'page.cancelledBody': '{vendor} a annulé cette demande. Vous n’avez rien d’autre à faire.',
  'page.unsubscribeTitle': 'Désabonnement',
  'page.unsubscribeHeading': 'Ne plus recevoir les messages envoyés par {vendor}?',
  'page.unsubscribeBody': 'Si vous confirmez, {vendor} ne vous enverra plus aucun courriel ni texto.',
  'page.unsubscribeSubmit': 'Confirmer mon désabonnement',

  'page.invitationTitle': '{referrer} vous recommande {vendor}',
  'page.invitationHeading': '{referrer} vous recommande {vendor}',
  'page.invitationIntro': 'Laissez vos coordonnées et {vendor} communiquera avec vous au sujet de votre projet.',
  'page.contactNameLabel': 'Votre nom',
  'page.contactEmailLabel': 'Votre adresse courriel',
  'page.contactPhoneLabel': 'Votre numéro de téléphone',
  'page.contactEitherHint': 'Indiquez une adresse courriel, un numéro de téléphone ou les deux.',
  'page.contactMessageLabel': 'Décrivez votre projet (facultatif)',
  'page.contactSubmit': 'Demander une soumission',
  'page.contactThanksTitle': 'Demande envoyée',
  'page.contactThanksHeading': 'Merci!',
  'page.contactThanksBody': '{vendor} a bien reçu votre demande et communiquera avec vous sous peu.',
  'page.contactThanksReach': 'Vous pouvez aussi joindre {vendor} directement\u00a0: {contact}',

  'page.shareLinkFullTitle': 'Revenez demain',
  'page.shareLinkFullHeading': 'Ce lien a atteint sa limite pour aujourd’hui',
  'page.shareLinkFullBody':
    'Ce lien a atteint le nombre maximal de demandes pour aujourd’hui. Veuillez réessayer demain ou communiquer directement avec {vendor}.',

  'page.errorSummary': '{count, plural, one {Une réponse est à corriger} other {# réponses sont à corriger}}',
  'page.errorRating': 'Veuillez choisir une note de 1 à 5 étoiles.',
  'page.errorWouldRefer': 'Veuillez répondre par oui ou par non.',
  'page.errorComment': 'Veuillez limiter votre commentaire à 2\u00a0000 caractères.',
  'page.errorYesNo': 'Veuillez répondre par oui ou par non.',
  'page.errorMessage': 'Veuillez écrire votre message (2\u00a0000 caractères au maximum).',
  'page.errorReferrerName':
    'Veuillez inscrire votre nom (100 caractères au maximum) pour que la personne sache qui lui envoie l’invitation.',
  'page.errorFriendName': 'Veuillez limiter le nom de la personne à 100 caractères.',
  'page.errorFriendEmail': 'Veuillez inscrire l’adresse courriel de la personne, par exemple nom@exemple.com.',
  'page.errorFriendPhone': 'Veuillez inscrire son numéro de cellulaire à 10 chiffres, par exemple 514\u00a0555-0123.',
  'page.errorName': 'Veuillez inscrire votre nom (100 caractères au maximum).',
  'page.errorEmail': 'Veuillez inscrire une adresse courriel valide, par exemple nom@exemple.com.',
  'page.errorPhone': 'Veuillez inscrire un numéro de téléphone à 10 chiffres, par exemple 514\u00a0555-0123.',
  'page.errorEmailOrPhone': 'Veuillez indiquer une adresse courriel ou un numéro de téléphone où vous joindre.',
  'page.errorProject': 'Veuillez limiter votre message à 1\u00a0000 caractères.',
  'page.errorNotAName':
    'Veuillez inscrire un nom seulement, sans adresse Web, adresse courriel, numéro de téléphone ni caractères spéciaux.',
  'page.notFoundTitle': 'Ce lien n’est pas valide',
  'page.notFoundBody': 'Vérifiez que vous avez ouvert le lien au complet, tel qu’il figure dans votre message.',
  'page.tooManyTitle': 'Trop de demandes',
  'page.tooManyBody': 'Veuillez patienter quelques minutes, puis réessayer.',
  'page.failedTitle': 'Une erreur s’est produite',
  'page.failedBody': 'Veuillez réessayer dans un instant.',
  'page.invalidTitle': 'Veuillez vérifier votre réponse',
  'page.goBack': 'Revenir au formulaire',
  'page.goneTitle': 'Ce lien n’est plus disponible',
  'page.goneBody': 'Le contenu auquel il menait a été supprimé.',
  'page.notAllowedTitle': 'Cette page ne peut pas être ouverte de cette façon',
  'page.notAllowedBody': 'Veuillez rouvrir le lien de votre message.',
  'page.openPage': 'Ouvrir votre page',
  'page.errorAnswer': 'Veuillez vérifier cette réponse.',
  'page.errorFriendOptedOut':
    'Aucune invitation ne peut être envoyée à cette adresse. Veuillez inviter une autre personne.',
  'page.errorFriendInvitedRecently':
    'Cette personne a reçu une invitation récemment; elle n’en recevra pas d’autre. Merci!',

  // What every e-mail and SMS says beside the texts of its purpose.
  'message.linkFallback': 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur\u00a0:',
  'message.sentBy': 'Message envoyé par {operatorName} au nom de l’entreprise {vendorName}.',
  'message.unsubscribe': 'Se désabonner',
  'message.postalAddress': '{vendorName}, {mailingAddress}',
  'message.reachVendor': 'Pour joindre {vendorName}\u00a0: {contact}',
  'message.reachOperator': 'Pour joindre {operatorName}\u00a0: {contact}',
  'message.unsubscribeText': 'Pour ne plus recevoir ces messages\u00a0: {unsubscribeLink}',
  'LEAD_MESSAGE.subject': 'Message de l’entreprise {vendorName}',
  'LEAD_MESSAGE.reason':
    'Vous recevez ce message parce que votre demande de soumission a été transmise à {vendorName} par {operatorName}.',
  'message.smsOptOut': 'Répondez ARRET pour vous désabonner.',
  'message.noName': 'à vous',
  'message.someone': 'Un proche',
  'message.customerReason': 'Vous recevez ce message parce que vous avez récemment fait affaire avec {vendorName}.',
  'message.reminderFirstLine.email': 'Petit rappel amical envoyé par {vendorName}.',
  'message.reminderFirstLine.sms': 'Rappel :',

  'FEEDBACK_REQUEST.subject': 'Comment s’est déroulé votre projet avec {vendorName}?',
  'FEEDBACK_REQUEST.preheader': 'Une minute suffit, et votre réponse va directement à {vendorName}.',
  'FEEDBACK_REQUEST.button': 'Donner mon avis',
  'FEEDBACK_REQUEST.email':
    'Bonjour {firstName},\n\nMerci d’avoir fait confiance à {vendorName}. Comment s’est déroulé votre projet? Une minute suffit pour nous le dire\u00a0:\n\n{link}\n\nVotre réponse nous parvient directement et nous aide à nous améliorer.\n\nAu plaisir,\n{vendorName}',
  'FEEDBACK_REQUEST.sms':
    "Bonjour {firstName}, ici {vendorName}. Merci de nous avoir fait confiance! Comment s'est déroulé votre projet? Dites-le-nous en une minute : {link}",
  'FEEDBACK_REQUEST.smsShort': "Bonjour {firstName}, ici {vendorName}. Votre projet s'est bien passé? {link}",

  'REVIEW_REQUEST.subject': 'Pourriez-vous donner votre avis sur {vendorName}?',
  'REVIEW_REQUEST.preheader': 'Quelques mots de votre part aident d’autres propriétaires à trouver {vendorName}.',
  'REVIEW_REQUEST.button': 'Partager mon expérience',
  'REVIEW_REQUEST.email':
    'Bonjour {firstName},\n\nMerci d’avoir fait confiance à {vendorName}! Auriez-vous un moment pour partager votre expérience en ligne? Votre avis aide d’autres propriétaires à nous trouver.\n\n{link}\n\nAu plaisir,\n{vendorName}',
  'REVIEW_REQUEST.sms':
    'Bonjour {firstName}, ici {vendorName}. Merci de nous avoir fait confiance! Pourriez-vous nous laisser un avis? {link}',
  'REVIEW_REQUEST.smsShort': 'Bonjour {firstName}, ici {vendorName}. Un avis sur nos services? {link}',

  'REFERRAL_REQUEST.subject': 'Recommanderiez-vous {vendorName} à un proche?',
  'REFERRAL_REQUEST.preheader': 'Recommandez {vendorName} par courriel, par texto ou avec un lien à partager.',
  'REFERRAL_REQUEST.button': 'Recommander {vendorName}',
  'REFERRAL_REQUEST.email':
    'Bonjour {firstName},\n\nMerci pour votre avis sur {vendorName}! Si vous connaissez quelqu’un qui prévoit des travaux, vous pouvez nous recommander par courriel, par texto ou avec un lien à partager\u00a0:\n\n{link}\n\nAu plaisir,\n{vendorName}',
  'REFERRAL_REQUEST.sms':
    'Bonjour {firstName}, ici {vendorName}. Merci pour votre avis! Un proche a un projet? Recommandez-nous : {link}',
  'REFERRAL_REQUEST.smsShort': 'Bonjour {firstName}, ici {vendorName}. Recommandez-nous à un proche : {link}',

  'REFERRAL_INVITATION.subject': '{referrerName} vous recommande {vendorName}',
  'REFERRAL_INVITATION.preheader':
    '{referrerName} a fait affaire avec {vendorName} et vous recommande cette entreprise.',
  'REFERRAL_INVITATION.button': 'Demander une soumission à {vendorName}',
  'REFERRAL_INVITATION.reason':
    '{referrerName} a demandé à {vendorName} de vous présenter ses services\u00a0: vous ne recevrez ce message qu’une seule fois.',
  'REFERRAL_INVITATION.email':
    'Bonjour {firstName},\n\n{referrerName} a récemment fait affaire avec nous et nous a demandé de vous présenter nos services. Pour en savoir plus ou demander une soumission\u00a0:\n\n{link}\n\nAu plaisir,\n{vendorName}',
  'REFERRAL_INVITATION.sms':
    'Bonjour {firstName}, {referrerName} vous recommande {vendorName}. Pour en savoir plus : {link}',
  'REFERRAL_INVITATION.smsShort':
    'Bonjour {firstName}, ici {vendorName}. {referrerName} vous recommande nos services : {link}',

  'FEEDBACK_REMINDER.subject': 'Petit rappel\u00a0: comment s’est déroulé votre projet avec {vendorName}?',
  'FEEDBACK_REMINDER.preheader': 'Une minute suffit. {vendorName} ne vous enverra pas d’autre rappel.',
  'FEEDBACK_REMINDER.button': 'Donner mon avis',
  'FEEDBACK_REMINDER.email':
    'Bonjour {firstName},\n\nPetit rappel amical\u00a0: nous aimerions toujours savoir comment s’est déroulé votre projet. Une minute suffit\u00a0:\n\n{link}\n\nC’est le seul rappel que nous vous enverrons.\n\nAu plaisir,\n{vendorName}',
  'FEEDBACK_REMINDER.sms':
    "Bonjour {firstName}, ici {vendorName}. Petit rappel : comment s'est déroulé votre projet? Dites-le-nous en une minute : {link}",
  'FEEDBACK_REMINDER.smsShort':
    "Bonjour {firstName}, ici {vendorName}. Petit rappel : votre projet s'est bien passé? {link}",

  'REVIEW_REMINDER.subject': 'Petit rappel\u00a0: pourriez-vous donner votre avis sur {vendorName}?',
  'REVIEW_REMINDER.preheader':
    'Quelques mots de votre part aident d’autres propriétaires. {vendorName} ne vous enverra pas d’autre rappel.',
  'REVIEW_REMINDER.button': 'Partager mon expérience',
  'REVIEW_REMINDER.email':
    'Bonjour {firstName},\n\nPetit rappel amical\u00a0: quelques mots sur nos services aideraient d’autres propriétaires à nous trouver.\n\n{link}\n\nC’est le seul rappel que nous vous enverrons.\n\nAu plaisir,\n{vendorName}',
  'REVIEW_REMINDER.sms':
    'Bonjour {firstName}, ici {vendorName}. Petit rappel : pourriez-vous nous laisser un avis? {link}',
  'REVIEW_REMINDER.smsShort': 'Bonjour {firstName}, ici {vendorName}. Petit rappel : un avis sur nos services? {link}',

  // The last resort of an SMS too long for its parts: the greeting, the vendor's name and the link.
  'sms.shortest': 'Bonjour {firstName}, ici {vendorName} : {link}',
  'sms.signature': '{vendorName} :',
  'sms.help':
    '{operatorName} : textos au sujet de votre projet avec un entrepreneur en rénovation. Répondez ARRET pour ne plus recevoir de messages. Aide : {operatorContact}',
  'sms.helpForVendor':
    '{operatorName} : {vendorName} vous demande votre avis. Répondez ARRET pour cesser. Aide : {operatorContact}',
  'sms.helpForLead':
    '{operatorName} : {vendorName} vous écrit pour votre soumission. Répondez ARRET pour cesser. Aide : {operatorContact}',
  'sms.startNotServed':
    "{operatorName} : aucune entreprise ne vous a écrit depuis ce numéro, rien n'a donc changé. Pour recevoir de nouveau les textos d'une entreprise, répondez START au numéro d'où elle vous a écrit. Aide : {operatorContact}",
  'sms.optOutConfirmation':
    "{operatorName} : vous ne recevrez plus aucun texto de notre part, quelle que soit l'entreprise. Pour en recevoir de nouveau, répondez START.",

  // Lead alerts, for the vendor's people.
  'leadAlert.alert.subject': 'Nouvelle demande de soumission\u00a0: {category} (numéro {leadId})',
  'leadAlert.reAlert.subject': 'Toujours en attente\u00a0: demande {leadId} ({category})',
  'leadAlert.alert.intro':
    'Une nouvelle demande de soumission vient d’être attribuée à {vendorName}. L’entreprise qui répond en premier obtient souvent le contrat.',
  'leadAlert.reAlert.intro':
    'La demande {leadId} attribuée à {vendorName} n’a encore été ni consultée, ni acceptée, ni refusée.',
  'leadAlert.category': 'Catégorie\u00a0: {category}',
  'leadAlert.referral': 'Recommandation',
  'leadAlert.referredBy': 'Recommandée par\u00a0: {referrerName}',
  'leadAlert.referralBy': 'recommandation faite par {referrerName}',
  'leadAlert.job': 'Travaux\u00a0: {description}',
  'leadAlert.lead': 'Numéro de la demande\u00a0: {leadId}',
  'leadAlert.expires': 'Expire le {expiresAt} si elle n’a pas été acceptée ou refusée d’ici là.',
  'leadAlert.link': 'Ouvrir la demande\u00a0: {link}',
  'leadAlert.footer':
    'Alerte envoyée par {operatorName}\u00a0: cette adresse reçoit les nouvelles demandes attribuées à {vendorName}, selon les paramètres d’alerte de l’entreprise.',
  'leadAlert.alert.sms':
    '{operatorName} : nouvelle demande {leadId} pour {vendorName}, {category}.{quoted, select, yes { "{description}"} other {}} Expire le {expiresAt}.',
  'leadAlert.reAlert.sms':
    '{operatorName} : demande {leadId} toujours en attente pour {vendorName}, {category}.{quoted, select, yes { "{description}"} other {}} Expire le {expiresAt}.',
  'leadAlert.dateTime': '{date} à {time}',
  'leadAlertCode.subject': "Votre code pour les alertes de l'entreprise {vendorName}",
  'leadAlertCode.email':
    "{operatorName} : {code} est votre code pour recevoir à cette adresse les alertes de nouvelles demandes de l'entreprise {vendorName}. Entrez-le dans les réglages des alertes d'ici 24 heures. Vous ne l'avez pas demandé? Ignorez ce message, aucune alerte ne vous sera envoyée.",
  'leadAlertCode.sms':
    "{operatorName} : {code} est votre code pour recevoir à ce numéro les alertes de nouvelles demandes de l'entreprise {vendorName}. Entrez-le dans les réglages des alertes d'ici 24 heures. Vous ne l'avez pas demandé? Ignorez ce texto, aucune alerte ne vous sera envoyée.",
  'leadAlert.hiddenContact': '[coordonnées masquées]',
};
