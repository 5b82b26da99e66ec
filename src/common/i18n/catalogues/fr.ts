import type { Catalogue } from './en';

/**
 * Every text a customer reads, in Canadian French, written as a Quebec business would write it
 * (courriel, texto, soumission). The SMS texts keep to the GSM-7 alphabet (é, è, à, ù, but no ê, â,
 * î, ô, û or ç), so a text message stays 160 characters a part. Same keys and placeholders as `en.ts`.
 */
export const FR: Catalogue = {
  // Customer pages.
  'page.unsubscribeFooter': 'Vous ne voulez plus recevoir de messages de {vendor}?',
  'page.unsubscribeLink': 'Se désabonner',
  'page.inThisLanguage': 'Français',
  'page.reachVendor': 'Des questions? Joignez {vendor} : {contact}',
  'page.reachUs': 'Des questions? Pour nous joindre : {contact}',

  'page.feedbackTitle': 'Comment s’est passé votre projet avec {vendor}?',
  'page.feedbackHeading': 'Bonjour {firstName}, comment s’est passé votre projet avec {vendor}?',
  'page.ratingLegend': 'Votre note',
  'page.ratingOption': '{n, plural, one {# étoile sur 5} other {# étoiles sur 5}}',
  'page.ratingLow': '1 = mauvais',
  'page.ratingHigh': '5 = excellent',
  'page.wouldReferLegend': 'Recommanderiez-vous {vendor} à un proche?',
  'page.yes': 'Oui',
  'page.no': 'Non',
  'page.commentLabel': 'Avez-vous quelque chose à ajouter? (facultatif)',
  'page.feedbackSubmit': 'Envoyer mon évaluation',

  'page.reviewQuestionTitle': 'Votre expérience avec {vendor}',
  'page.reviewQuestionHeading': 'Bonjour {firstName}, êtes-vous satisfait de {vendor}?',
  'page.reviewQuestionYes': 'Oui, tout à fait',
  'page.reviewQuestionNo': 'Pas vraiment',

  'page.reviewTitle': 'Donner votre avis sur {vendor}',
  'page.reviewHeading': 'Merci, {firstName}! Accepteriez-vous de laisser un avis?',
  'page.reviewIntro':
    'Quelques mots de votre part aident d’autres propriétaires à trouver {vendor}. Chaque site s’ouvre dans un nouvel onglet.',
  'page.reviewHeadingAfterFeedback': 'Vous pouvez aussi donner un avis public sur {vendor}',
  'page.reviewIntroAfterFeedback':
    'Si vous le souhaitez, vous pouvez laisser un avis public. Chaque site s’ouvre dans un nouvel onglet.',
  'page.reviewOn': 'Donner mon avis sur {site}',
  'page.opensInNewTab': '(s’ouvre dans un nouvel onglet)',
  'page.noReviewSites': 'Merci de votre réponse. {vendor} l’apprécie beaucoup.',
  'page.yourComment': 'Votre commentaire, prêt à copier dans votre avis',
  'page.yourCommentHint': 'Sélectionnez le texte et copiez-le, puis collez-le sur le site d’avis.',

  'page.confirmHeading': 'Bon retour, {firstName}. Avez-vous publié votre avis?',
  'page.confirmIntro': 'Dites-le à {vendor} pour qu’on puisse vous remercier.',
  'page.confirmYes': 'Oui, j’ai publié mon avis',
  'page.confirmNotYet': 'Pas encore : montrez-moi les sites d’avis ci-dessous.',

  'page.privateFeedbackTitle': 'Dites à {vendor} ce qui n’a pas fonctionné',
  'page.privateFeedbackHeading': 'Nous sommes désolés de l’apprendre, {firstName}.',
  'page.privateFeedbackIntro':
    'Dites à {vendor} ce qui n’a pas fonctionné. Votre message lui est transmis en privé et n’est pas publié.',
  'page.privateFeedbackLabel': 'Votre message à {vendor}',
  'page.privateFeedbackSubmit': 'Envoyer mon message en privé',

  'page.referralTitle': 'Recommander {vendor}',
  'page.referralHeading': 'Merci pour votre avis, {firstName}!',
  'page.referralIntro': 'Vous connaissez quelqu’un qui prévoit des travaux? Vous pouvez lui recommander {vendor}.',
  'page.invitedSoFar': 'Personnes invitées jusqu’ici : {names}.',
  'page.invitationsUsed': 'Vous avez envoyé toutes vos invitations. Merci!',
  'page.yourNameLabel': 'Votre nom, tel que la personne invitée le connaît',
  'page.yourNameHint': 'La personne invitée verra ce nom dans l’invitation.',
  'page.friendNameLabel': 'Le nom de la personne (facultatif)',
  'page.byEmailHeading': 'Inviter quelqu’un par courriel',
  'page.friendEmailLabel': 'Son adresse courriel',
  'page.byEmailSubmit': 'Envoyer l’invitation par courriel',
  'page.byTextHeading': 'Inviter quelqu’un par texto',
  'page.friendPhoneLabel': 'Son numéro de cellulaire',
  'page.friendPhoneHint': 'Un numéro du Canada ou des États-Unis, par exemple 514 555 0123.',
  'page.byTextSubmit': 'Envoyer l’invitation par texto',
  'page.shareHeading': 'Ou partagez un lien',
  'page.shareSubmit': 'Obtenir un lien à partager',
  'page.shareLabel': 'Votre lien à partager',
  'page.shareHint': 'Copiez-le dans un message à qui vous voulez.',
  'page.invitationSent': 'Invitation envoyée à {name}.',

  'page.finishedTitle': 'Merci',
  'page.finishedHeading': 'Merci, {firstName}!',
  'page.finishedBody': 'Votre évaluation a été transmise à {vendor}.',

  'page.optedOutTitle': 'Désabonnement confirmé',
  'page.optedOutHeading': 'Vous êtes désabonné',
  'page.optedOutBody': '{vendor} ne vous enverra plus de messages.',
  'page.cancelledTitle': 'Demande retirée',
  'page.cancelledHeading': 'Cette demande a été retirée',
  'page.cancelledBody': '{vendor} a fermé cette demande. Merci de votre temps.',
  'page.unsubscribeTitle': 'Se désabonner',
  'page.unsubscribeHeading': 'Vous désabonner des messages de {vendor}?',
  'page.unsubscribeBody': 'Vous ne recevrez plus de courriels ni de textos de {vendor}.',
  'page.unsubscribeSubmit': 'Me désabonner',

  'page.invitationTitle': '{referrer} vous recommande {vendor}',
  'page.invitationHeading': '{referrer} vous recommande {vendor}',
  'page.invitationIntro': 'Laissez vos coordonnées et {vendor} communiquera avec vous au sujet de votre projet.',
  'page.contactNameLabel': 'Votre nom',
  'page.contactEmailLabel': 'Courriel',
  'page.contactPhoneLabel': 'Téléphone',
  'page.contactEitherHint': 'Indiquez une adresse courriel, un numéro de téléphone, ou les deux.',
  'page.contactMessageLabel': 'Votre projet (facultatif)',
  'page.contactSubmit': 'Demander une soumission',
  'page.contactThanksTitle': 'Merci',
  'page.contactThanksHeading': 'Merci!',
  'page.contactThanksBody': '{vendor} a bien reçu votre demande et communiquera avec vous sous peu.',
  'page.contactThanksReach': 'Vous pouvez aussi joindre {vendor} directement : {contact}',

  'page.shareLinkFullTitle': 'Revenez demain',
  'page.shareLinkFullHeading': 'Ce lien a atteint sa limite pour aujourd’hui',
  'page.shareLinkFullBody':
    '{vendor} a reçu aujourd’hui le nombre maximal de demandes que ce lien permet en une journée. Veuillez réessayer demain.',

  'page.errorSummary': 'Veuillez vérifier la réponse indiquée ci-dessous.',
  'page.errorRating': 'Veuillez choisir une note de 1 à 5 étoiles.',
  'page.errorWouldRefer': 'Veuillez choisir oui ou non.',
  'page.errorComment': 'Veuillez limiter votre commentaire à 2000 caractères.',
  'page.errorYesNo': 'Veuillez répondre oui ou non.',
  'page.errorMessage': 'Veuillez écrire votre message (2000 caractères au maximum).',
  'page.errorReferrerName':
    'Veuillez entrer votre nom (100 caractères au maximum) pour que la personne sache de qui vient l’invitation.',
  'page.errorFriendName': 'Veuillez limiter le nom de la personne à 100 caractères.',
  'page.errorFriendEmail': 'Veuillez entrer l’adresse courriel de la personne, par exemple nom@exemple.com.',
  'page.errorFriendPhone': 'Veuillez entrer son numéro de cellulaire à 10 chiffres, par exemple 514 555 0123.',
  'page.errorName': 'Veuillez entrer votre nom (100 caractères au maximum).',
  'page.errorEmail': 'Veuillez entrer une adresse courriel valide, par exemple nom@exemple.com.',
  'page.errorPhone': 'Veuillez entrer un numéro de téléphone à 10 chiffres, par exemple 514 555 0123.',
  'page.errorEmailOrPhone':
    'Veuillez indiquer une adresse courriel ou un numéro de téléphone pour qu’on puisse vous joindre.',
  'page.errorProject': 'Veuillez limiter votre message à 1000 caractères.',
  'page.errorNotAName':
    'Veuillez inscrire un nom seulement, sans adresse Web, adresse courriel, numéro de téléphone ni caractères spéciaux.',
  'page.notFoundTitle': 'Ce lien n’est pas valide',
  'page.notFoundBody': 'Vérifiez que vous avez bien ouvert le lien complet de votre message.',
  'page.tooManyTitle': 'Trop de demandes',
  'page.tooManyBody': 'Veuillez patienter quelques minutes, puis réessayer.',
  'page.failedTitle': 'Une erreur s’est produite',
  'page.failedBody': 'Veuillez réessayer dans un instant.',
  'page.invalidTitle': 'Veuillez vérifier votre réponse',
  'page.goBack': 'Retour',
  'page.goneTitle': 'Ce lien n’est plus disponible',
  'page.goneBody': 'Ce à quoi il menait a été supprimé.',
  'page.errorAnswer': 'Veuillez vérifier cette réponse.',
  'page.errorFriendOptedOut':
    'Nous ne pouvons pas envoyer d’invitation à cette adresse. Veuillez choisir une autre personne.',
  'page.errorFriendInvitedRecently':
    'Cette personne a été invitée récemment : nous ne lui enverrons pas d’autre invitation. Merci!',

  // What every e-mail and SMS says beside the texts of its purpose.
  'message.linkFallback': 'Si le bouton ne fonctionne pas, ouvrez cette adresse :',
  'message.sentBy': 'Envoyé par {operatorName} au nom de {vendorName}.',
  'message.unsubscribe': 'Se désabonner',
  'message.postalAddress': '{vendorName}, {mailingAddress}',
  'message.reachUs': 'Pour nous joindre : {contact}',
  'message.unsubscribeText': 'Pour ne plus recevoir ces messages : {unsubscribeLink}',
  'message.smsOptOut': 'Répondez ARRET pour ne plus recevoir de messages.',
  'message.noName': 'à vous',
  'message.someone': 'Un proche',
  'message.customerReason': 'Vous recevez ce message à la suite de votre projet récent avec {vendorName}.',
  'message.reminderFirstLine.email': 'Petit rappel amical de la part de {vendorName} :',
  'message.reminderFirstLine.sms': 'Rappel de {vendorName} :',

  'FEEDBACK_REQUEST.subject': 'Comment s’est passé votre projet avec {vendorName}?',
  'FEEDBACK_REQUEST.preheader': 'Moins d’une minute, et votre réponse va directement à leur équipe.',
  'FEEDBACK_REQUEST.button': 'Donner mon évaluation',
  'FEEDBACK_REQUEST.email':
    'Bonjour {firstName},\n\nMerci d’avoir choisi {vendorName}. Comment s’est passé votre projet? Il faut moins d’une minute pour nous le dire :\n\n{link}\n\nVotre réponse est transmise directement à notre équipe et nous aide à nous améliorer.',
  'FEEDBACK_REQUEST.sms':
    "Bonjour {firstName}, merci d'avoir choisi {vendorName}! Comment s'est passé votre projet? Dites-le-nous en une minute : {link}",

  'REVIEW_REQUEST.subject': 'Donneriez-vous votre avis sur {vendorName}?',
  'REVIEW_REQUEST.preheader': 'Quelques mots de votre part aident d’autres propriétaires à les trouver.',
  'REVIEW_REQUEST.button': 'Partager mon expérience',
  'REVIEW_REQUEST.email':
    'Bonjour {firstName},\n\nMerci d’avoir choisi {vendorName}! Prendriez-vous un moment pour donner votre avis sur votre expérience avec nous? Cela aide d’autres propriétaires à nous trouver.\n\n{link}',
  'REVIEW_REQUEST.sms':
    "Bonjour {firstName}, merci d'avoir choisi {vendorName}! Pourriez-vous nous laisser un avis rapide? {link}",

  'REFERRAL_REQUEST.subject': 'Vous connaissez quelqu’un qui aurait besoin de {vendorName}?',
  'REFERRAL_REQUEST.preheader': 'Recommandez-nous par courriel, par texto ou avec un lien à partager.',
  'REFERRAL_REQUEST.button': 'Recommander {vendorName}',
  'REFERRAL_REQUEST.email':
    'Bonjour {firstName},\n\nMerci pour votre avis sur {vendorName}! Si vous connaissez quelqu’un qui prévoit des travaux, vous pouvez nous recommander par courriel, par texto ou avec un lien à partager :\n\n{link}',
  'REFERRAL_REQUEST.sms':
    'Bonjour {firstName}, merci pour votre avis sur {vendorName}! Un proche a un projet? Recommandez-nous : {link}',

  'REFERRAL_INVITATION.subject': '{referrerName} vous recommande {vendorName}',
  'REFERRAL_INVITATION.preheader': '{referrerName} a pensé que {vendorName} pourrait vous intéresser.',
  'REFERRAL_INVITATION.button': 'Demander une soumission à {vendorName}',
  'REFERRAL_INVITATION.reason':
    'Vous recevez ce message une seule fois parce que {referrerName} a demandé à {vendorName} de vous présenter ses services.',
  'REFERRAL_INVITATION.email':
    'Bonjour {firstName},\n\n{referrerName} a récemment fait affaire avec {vendorName} et a pensé que cette entreprise pourrait vous intéresser. Jetez-y un coup d’œil et demandez une soumission :\n\n{link}',
  'REFERRAL_INVITATION.sms':
    'Bonjour {firstName}, {referrerName} vous recommande {vendorName}. Pour en savoir plus : {link}',

  'FEEDBACK_REMINDER.subject': 'Petit rappel : comment s’est passé votre projet avec {vendorName}?',
  'FEEDBACK_REMINDER.preheader': 'Moins d’une minute. C’est notre seul rappel.',
  'FEEDBACK_REMINDER.button': 'Donner mon évaluation',
  'FEEDBACK_REMINDER.email':
    'Bonjour {firstName},\n\nPetit rappel amical : {vendorName} aimerait toujours savoir comment s’est passé votre projet. Cela prend moins d’une minute :\n\n{link}\n\nC’est le seul rappel que nous vous enverrons.',
  'FEEDBACK_REMINDER.sms':
    "Rappel de {vendorName} : Bonjour {firstName}, comment s'est passé votre projet? Dites-le-nous en une minute : {link}",

  'REVIEW_REMINDER.subject': 'Petit rappel : donneriez-vous votre avis sur {vendorName}?',
  'REVIEW_REMINDER.preheader': 'Quelques mots de votre part aident d’autres propriétaires. C’est notre seul rappel.',
  'REVIEW_REMINDER.button': 'Partager mon expérience',
  'REVIEW_REMINDER.email':
    'Bonjour {firstName},\n\nPetit rappel amical : quelques mots sur votre expérience avec {vendorName} aident d’autres propriétaires à nous trouver.\n\n{link}\n\nC’est le seul rappel que nous vous enverrons.',
  'REVIEW_REMINDER.sms':
    'Rappel de {vendorName} : Bonjour {firstName}, pourriez-vous nous laisser un avis rapide? {link}',

  'sms.help':
    '{operatorName} : textos au sujet de votre projet avec un entrepreneur en rénovation, envoyés en son nom (demandes de commentaires et d’avis). Répondez ARRET pour ne plus recevoir de messages. Aide : {operatorContact}',
};
