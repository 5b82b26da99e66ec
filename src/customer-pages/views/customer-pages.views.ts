import type { InvitationPageView } from '../../referrals/referrals.service';
import type { VendorCard } from '../../reputation/vendor-card';
import { JourneyStep } from '../../reputation/entities/reputation-process.entity';
import { customerPaths } from '../../reputation/reputation-links';
import type { ProcessPageView } from '../customer-journey.service';
import { type FieldSpec, type FormState, errorSummary, field, stateOf } from './form-fields';
import { CONTACT_MESSAGE_MAX } from '../dto/customer-forms.dto';
import { type SafeHtml, html } from './html';
import { STEPS, type StepPage } from './journey-steps';
import { layout } from './layout';
import type { PageLanguage, PageText } from './page-texts';
import { referralStep } from './referral-step';

const optedOut = (lang: PageLanguage, vendor: string): StepPage => ({
  title: lang.t('optedOutTitle'),
  body: html`<h1>${lang.t('optedOutHeading')}</h1>
    <p>${lang.t('optedOutBody', { vendor })}</p>`,
});

/** Who the page is from: the vendor, how to reach it, where it is and who sends for it. */
export type PageVendor = VendorCard;

/** The page's part of a view: its vendor, for the header and the footer's identification. */
const vendorOf = ({ vendorName, contact, mailingAddress, operatorName }: PageVendor): PageVendor => ({
  vendorName,
  contact,
  mailingAddress,
  operatorName,
});

/** `/r/{token}`: the step of the customer's journey they are at; `form` when a refused answer is shown again. */
export function processPage(view: ProcessPageView, lang: PageLanguage, form: FormState | null = null): string {
  const { vendorName } = view;
  const page = { lang, ...vendorOf(view), samePage: customerPaths.process(view.token) };
  if (view.closed === 'OPTED_OUT') return layout({ ...page, ...optedOut(lang, vendorName) });
  if (view.closed === 'CANCELLED') {
    return layout({
      ...page,
      unsubscribePath: customerPaths.processUnsubscribe(view.token),
      title: lang.t('cancelledTitle'),
      body: html`<h1>${lang.t('cancelledHeading')}</h1>
        <p>${lang.t('cancelledBody', { vendor: vendorName })}</p>`,
    });
  }
  const step = view.step === JourneyStep.Referral ? referralStep(view, lang, form) : STEPS[view.step](view, lang, form);
  return layout({ ...page, ...step, unsubscribePath: customerPaths.processUnsubscribe(view.token) });
}

/** `GET /r/{token}/unsubscribe` and `/i/{token}/unsubscribe`: confirm before opting out (one-click POST works too). */
export function unsubscribePage(path: string, vendor: PageVendor, alreadyOut: boolean, lang: PageLanguage): string {
  const { vendorName } = vendor;
  const page = { lang, ...vendorOf(vendor), samePage: path };
  if (alreadyOut) return layout({ ...page, ...optedOut(lang, vendorName) });
  return layout({
    ...page,
    title: lang.t('unsubscribeTitle'),
    body: html`<h1>${lang.t('unsubscribeHeading', { vendor: vendorName })}</h1>
      <p>${lang.t('unsubscribeBody', { vendor: vendorName })}</p>
      <form method="post" action="${lang.link(path)}">
        <button type="submit">${lang.t('unsubscribeSubmit')}</button>
      </form>`,
  });
}

/**
 * `/i/{token}`: the referred friend's page; `form` when a refused contact request is shown again. A
 * share link that took its day's requests says so instead of showing the form.
 */
export function invitationPage(
  view: InvitationPageView,
  lang: PageLanguage,
  thanked: boolean,
  sent: FormState | null = null,
): string {
  const vendor = view.vendorName;
  const invitationPath = customerPaths.invitation(view.token);
  const page = {
    lang,
    ...vendorOf(view),
    samePage: thanked ? `${invitationPath}?sent=1` : invitationPath,
  };
  const unsubscribePath = view.messaged ? customerPaths.invitationUnsubscribe(view.token) : null;
  const notice = (title: PageText, heading: PageText, body: PageText, more: SafeHtml | false = false): string =>
    layout({
      ...page,
      unsubscribePath,
      title: lang.t(title),
      body: html`<h1>${lang.t(heading)}</h1>
        <p>${lang.t(body, { vendor })}</p>
        ${more}`,
    });
  // The friend is told who will get in touch, and how to reach them first if they would rather.
  const reach =
    view.contact !== null && html`<p>${lang.withContact('contactThanksReach', { vendor }, view.contact)}</p>`;
  if (thanked || !view.accepting) {
    return notice('contactThanksTitle', 'contactThanksHeading', 'contactThanksBody', reach);
  }
  if (view.fullToday) return notice('shareLinkFullTitle', 'shareLinkFullHeading', 'shareLinkFullBody');
  const form = stateOf(sent, '');
  const referrer = view.referrerName;
  const fields = contactFields(lang);
  const [name, ...rest] = fields;
  return layout({
    ...page,
    unsubscribePath,
    title: lang.t('invitationTitle', { referrer, vendor }),
    body: html`<h1>${lang.t('invitationHeading', { referrer, vendor })}</h1>
      <p>${lang.t('invitationIntro', { vendor })}</p>
      ${errorSummary(lang, form, fields)}
      <form method="post" action="${lang.link(invitationPath)}" novalidate>
        ${field(name, form)}
        <p class="hint" id="contact-hint">${lang.t('contactEitherHint')}</p>
        ${rest.map((spec) => field(spec, form))}
        <button type="submit">${lang.t('contactSubmit')}</button>
      </form>`,
  });
}

/** The friend's contact request: their name, an e-mail or a phone (the hint between says either), the project. */
const contactFields = (lang: PageLanguage): FieldSpec[] => [
  {
    id: 'name',
    name: 'name',
    label: lang.t('contactNameLabel'),
    type: 'text',
    autocomplete: 'name',
    maxlength: 100,
    required: true,
  },
  {
    id: 'email',
    name: 'email',
    label: lang.t('contactEmailLabel'),
    type: 'email',
    autocomplete: 'email',
    inputmode: 'email',
    maxlength: 254,
    describedBy: 'contact-hint',
  },
  {
    id: 'phone',
    name: 'phone',
    label: lang.t('contactPhoneLabel'),
    type: 'tel',
    autocomplete: 'tel',
    inputmode: 'tel',
    maxlength: 25,
    describedBy: 'contact-hint',
  },
  {
    id: 'message',
    name: 'message',
    label: lang.t('contactMessageLabel'),
    type: 'textarea',
    autocomplete: 'off',
    maxlength: CONTACT_MESSAGE_MAX,
  },
];

const ERROR_TEXTS = {
  404: ['notFoundTitle', 'notFoundBody'],
  405: ['notAllowedTitle', 'notAllowedBody'],
  410: ['goneTitle', 'goneBody'],
  429: ['tooManyTitle', 'tooManyBody'],
} as const;

/** An error page: its status, the messages already in the page's language, and where it leads. */
export interface ErrorPageView {
  status: number;
  messages: string[];
  /** The journey's page: the one the refused form was on ("back to the form"), or the link's ("open your page"). */
  back: { path: string; text: Extract<PageText, 'goBack' | 'openPage'> } | null;
  /** This page's own address (a GET), for the switch link; null after a form. */
  samePage: string | null;
  /** The operator's contact, shown when the page names no vendor. */
  contact: string | null;
  /** The operator, named beside its contact. */
  operatorName: string;
  /** The vendor whose link the page is at, when it is known (a refused request on a valid link). */
  vendor?: VendorCard | null;
}

/** The page for an error no form can show next to a field: never JSON, never internals. */
export function errorPage(
  { status, messages, back, samePage, contact, operatorName, vendor = null }: ErrorPageView,
  lang: PageLanguage,
): string {
  const [title, sentence] =
    status === 400
      ? [lang.t('invalidTitle'), null]
      : (ERROR_TEXTS[status as keyof typeof ERROR_TEXTS] ?? ['failedTitle', 'failedBody']).map((name) => lang.t(name));
  return layout({
    lang,
    ...(vendor ?? { vendorName: null, contact, operatorName }),
    samePage,
    title,
    body: html`<h1>${title}</h1>
      ${sentence && html`<p>${sentence}</p>`}
      ${
        status === 400 &&
        html`<ul>
          ${messages.map((m) => html`<li>${m}</li>`)}
        </ul>`
      }
      ${back && html`<p><a href="${lang.link(back.path)}">${lang.t(back.text)}</a></p>`}`,
  });
}
