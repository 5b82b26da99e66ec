import type { InvitationPageView } from '../../referrals/referrals.service';
import { ReferralChannel, ReviewPlatform } from '../../reputation/entities/reputation-event.entity';
import { JourneyStep } from '../../reputation/entities/reputation-process.entity';
import type { ProcessPageView } from '../customer-journey.service';
import * as views from './customer-pages.views';
import { PageLanguage } from './page-texts';
import { FORM_ERROR, type FormState } from './form-fields';

/** A vendor name that would run a script, close an attribute or start an entity if it were not escaped. */
const HOSTILE = `<img src=x onerror=alert(1)>"'&amp;`;
const ESCAPED = '&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;amp;';

const TOKEN = 'AAAAAAAAAAAAAAAAAAAAAAAA';
const links = [
  {
    platform: ReviewPlatform.Google,
    target: 'google',
    labels: { en: `Google (${HOSTILE})`, fr: `Google (${HOSTILE})` },
    url: 'https://g.page/r/x',
  },
  {
    platform: ReviewPlatform.Other,
    target: 'other',
    labels: { en: HOSTILE, fr: HOSTILE },
    url: 'https://other.example/x',
  },
];

/** A visitor who picked no language and whose browser prefers none. */
const NO_CHOICE = { picked: undefined, preferred: undefined };

/** The language the pages below are rendered in (each suite sets it). */
let lang = PageLanguage.of(NO_CHOICE, 'en');
const processPage = (page: ProcessPageView, form: FormState | null = null) => views.processPage(page, lang, form);
const unsubscribePage = (path: string, vendorName: string, alreadyOut: boolean) =>
  views.unsubscribePage(
    path,
    { vendorName, contact: HOSTILE, mailingAddress: HOSTILE, operatorName: HOSTILE },
    alreadyOut,
    lang,
  );
const invitationPage = (page: InvitationPageView, thanked: boolean, form: FormState | null = null) =>
  views.invitationPage(page, lang, thanked, form);
const errorPage = (status: number, messages: string[], back: string | null) =>
  views.errorPage(
    {
      status,
      messages,
      back: back === null ? null : { path: back, text: 'goBack' },
      samePage: null,
      contact: HOSTILE,
      operatorName: HOSTILE,
    },
    lang,
  );

function view(step: JourneyStep, changes: Partial<ProcessPageView> = {}): ProcessPageView {
  return {
    token: TOKEN,
    vendorName: HOSTILE,
    contact: HOSTILE,
    mailingAddress: HOSTILE,
    operatorName: HOSTILE,
    locale: 'en',
    firstName: HOSTILE,
    closed: null,
    step,
    reviewLinks: [],
    comment: null,
    reviewClicked: false,
    referral: null,
    ...changes,
  };
}

const referral = (invitationsLeft: number, shareLink: string | null) => ({
  invited: [{ channel: ReferralChannel.Email, to: HOSTILE }],
  invitationsLeft,
  shareLink,
});

const invitation = (changes: Partial<InvitationPageView> = {}): InvitationPageView => ({
  token: TOKEN,
  vendorName: HOSTILE,
  contact: HOSTILE,
  mailingAddress: HOSTILE,
  operatorName: HOSTILE,
  locale: 'en',
  referrerName: HOSTILE,
  accepting: true,
  messaged: true,
  optedOut: false,
  fullToday: false,
  ...changes,
});

/** A refused form shown again with what was typed (hostile too) and its errors. */
const refused = (action: string, fields: string[]): FormState => ({
  action,
  values: Object.fromEntries(fields.map((field) => [field, HOSTILE])),
  errors: { ...Object.fromEntries(fields.map((field) => [field, HOSTILE])), [FORM_ERROR]: HOSTILE },
});

/** Every page and state a customer or a friend can see, each rendered with the hostile name. */
const PAGES: [string, () => string][] = [
  ['feedback', () => processPage(view(JourneyStep.Feedback))],
  [
    'feedback refused',
    () => processPage(view(JourneyStep.Feedback), refused('/feedback', ['rating', 'wouldRefer', 'comment'])),
  ],
  ['review question', () => processPage(view(JourneyStep.ReviewQuestion))],
  ['review sites', () => processPage(view(JourneyStep.ReviewLinks, { reviewLinks: links, comment: HOSTILE }))],
  ['review sites, none configured', () => processPage(view(JourneyStep.ReviewLinks))],
  [
    'did you post your review?',
    () => processPage(view(JourneyStep.ReviewLinks, { reviewLinks: links, reviewClicked: true })),
  ],
  ['private feedback', () => processPage(view(JourneyStep.PrivateFeedback, { reviewLinks: links }))],
  [
    'private feedback refused',
    () => processPage(view(JourneyStep.PrivateFeedback), refused('/private-feedback', ['message'])),
  ],
  ['referral', () => processPage(view(JourneyStep.Referral, { referral: referral(4, null) }))],
  [
    'referral by email refused',
    () =>
      processPage(
        view(JourneyStep.Referral, { referral: referral(4, null) }),
        refused('/referrals/email', ['referrerName', 'friendName', 'email']),
      ),
  ],
  [
    'referral by text refused',
    () =>
      processPage(
        view(JourneyStep.Referral, { referral: referral(4, null) }),
        refused('/referrals/text', ['referrerName', 'friendName', 'phone']),
      ),
  ],
  [
    'referral, all invitations sent, share link',
    () => processPage(view(JourneyStep.Referral, { referral: referral(0, `https://x.example/i/${HOSTILE}`) })),
  ],
  ['finished', () => processPage(view(JourneyStep.Finished, { reviewLinks: links }))],
  ['opted out', () => processPage(view(JourneyStep.Feedback, { closed: 'OPTED_OUT' }))],
  ['cancelled', () => processPage(view(JourneyStep.ReviewQuestion, { closed: 'CANCELLED' }))],
  ['unsubscribe confirmation', () => unsubscribePage(`/r/${TOKEN}/unsubscribe`, HOSTILE, false)],
  ['unsubscribed', () => unsubscribePage(`/r/${TOKEN}/unsubscribe`, HOSTILE, true)],
  ["the friend's invitation", () => invitationPage(invitation(), false)],
  [
    "the friend's invitation refused",
    () => invitationPage(invitation(), false, refused('', ['name', 'email', 'phone', 'message'])),
  ],
  ["the friend's thank-you", () => invitationPage(invitation(), true)],
  ['a share link already used', () => invitationPage(invitation({ accepting: false, messaged: false }), false)],
  [
    'a share link full for today',
    () => invitationPage(invitation({ messaged: false, fullToday: true }), false, refused('', ['name', 'email'])),
  ],
  ['an error page', () => errorPage(400, [HOSTILE], `/r/${TOKEN}`)],
];

describe('customer pages with a hostile vendor name, customer name and input', () => {
  it.each(PAGES)('%s: shows every value as text, never as markup', (_page, render) => {
    const html = render();
    expect(html).not.toContain('<img');
    expect(html).not.toMatch(/"'/);
    expect(html).toContain(ESCAPED);
  });

  it('names the vendor on every page that belongs to one (the error page shows the message)', () => {
    for (const [page, render] of PAGES) {
      const html = render();
      expect({ page, named: html.includes(`<header class="brand">${ESCAPED}</header>`) }).toEqual({
        page,
        named: page !== 'an error page',
      });
    }
  });
});

describe.each(['en', 'fr'] as const)('every page in %s', (locale) => {
  const other = locale === 'en' ? 'fr' : 'en';
  beforeAll(() => {
    lang = PageLanguage.of(NO_CHOICE, locale);
  });
  afterAll(() => {
    lang = PageLanguage.of(NO_CHOICE, 'en');
  });

  it.each(PAGES)(
    '%s: is marked with its language, says how to reach the vendor, links to itself in the other',
    (page, render) => {
      const html = render();
      expect(html).toContain(`<html lang="${locale}-CA">`);
      expect(html).toContain(locale === 'en' ? 'Questions? Contact' : 'Des questions?');
      // The error page after a form has no address of its own to switch; every other page has one.
      const switchLink = new RegExp(`(\\?|&amp;)lang=${other}" lang="${other}-CA" hreflang="${other}-CA"`);
      expect(switchLink.test(html)).toBe(page !== 'an error page');
    },
  );
});

describe('a language the customer picked', () => {
  it('is carried by every form and link of the page, so it holds on the next page', () => {
    lang = PageLanguage.of({ picked: 'fr', preferred: 'fr' }, 'en');
    const html = processPage(view(JourneyStep.ReviewLinks, { reviewLinks: links }));
    lang = PageLanguage.of(NO_CHOICE, 'en');
    expect(html).toContain('<html lang="fr-CA">');
    expect(html).toContain(`href="/r/${TOKEN}/go/google?lang=fr"`);
    expect(html).toContain(`href="/r/${TOKEN}/unsubscribe?lang=fr"`);
    expect(html).toContain(`href="/r/${TOKEN}?lang=en"`);
  });

  it("says a form's checks in the page's language; a check with no customer wording as a general sentence", () => {
    const french = PageLanguage.of(NO_CHOICE, 'fr');
    expect(french.say('page.errorRating')).toBe('Veuillez choisir une note de 1 à 5 étoiles.');
    expect(french.say('property x should not exist')).toBe('Veuillez vérifier cette réponse.');
  });
});
