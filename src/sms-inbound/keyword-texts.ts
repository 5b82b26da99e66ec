/**
 * The texts answered to a customer's keyword, by language (Canadian English and French), with
 * `{placeholders}`. The HELP answer names the operator, says what these messages are, how to stop them
 * and how to reach the operator, as Canadian carriers require.
 */
export const KEYWORD_TEXTS = {
  en: {
    help:
      '{operatorName}: texts about your project with a renovation pro, sent on their behalf ' +
      '(feedback and review requests). Reply STOP to opt out. Help: {operatorContact}',
  },
  fr: {
    help:
      '{operatorName} : textos au sujet de votre projet avec un entrepreneur en rénovation, envoyés en son nom ' +
      "(demandes de commentaires et d'avis). Répondez ARRET pour ne plus recevoir de messages. Aide : {operatorContact}",
  },
} as const;

export type KeywordLocale = keyof typeof KEYWORD_TEXTS;
