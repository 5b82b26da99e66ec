import type { InvitationPageView } from '../../referrals/referrals.service';
import { JourneyStep } from '../../reputation/entities/reputation-process.entity';
import { customerPaths } from '../../reputation/reputation-links';
import type { ProcessPageView } from '../customer-journey.service';
import { type FormState, errorSummary, field, stateOf } from './form-fields';
import { html } from './html';
import { STEPS, type StepPage } from './journey-steps';
import { layout } from './layout';
import { type PageText, t } from './page-texts';
import { referralStep } from './referral-step';

const optedOut = (vendor: string): StepPage => ({
  title: t('optedOutTitle'),
  body: html`<h1>${t('optedOutHeading')}</h1>
    <p>${t('optedOutBody', { vendor })}</p>`,
});

/** `/r/{token}`: the step of the customer's journey they are at; `form` when a refused answer is shown again. */
export function processPage(view: ProcessPageView, form: FormState | null = null): string {
  const vendorName = view.vendorName;
  if (view.closed === 'OPTED_OUT') return layout({ vendorName, ...optedOut(vendorName) });
  if (view.closed === 'CANCELLED') {
    return layout({
      vendorName,
      title: t('cancelledTitle'),
      body: html`<h1>${t('cancelledHeading')}</h1>
        <p>${t('cancelledBody', { vendor: vendorName })}</p>`,
    });
  }
  const step = view.step === JourneyStep.Referral ? referralStep(view, form) : STEPS[view.step](view, form);
  return layout({ vendorName, ...step, unsubscribePath: customerPaths.processUnsubscribe(view.token) });
}

/** `GET /r/{token}/unsubscribe` and `/i/{token}/unsubscribe`: confirm before opting out (one-click POST works too). */
export function unsubscribePage(path: string, vendorName: string, alreadyOut: boolean): string {
  if (alreadyOut) return layout({ vendorName, ...optedOut(vendorName) });
  return layout({
    vendorName,
    title: t('unsubscribeTitle'),
    body: html`<h1>${t('unsubscribeHeading', { vendor: vendorName })}</h1>
      <p>${t('unsubscribeBody', { vendor: vendorName })}</p>
      <form method="post" action="${path}"><button type="submit">${t('unsubscribeSubmit')}</button></form>`,
  });
}

/**
 * `/i/{token}`: the referred friend's page; `form` when a refused contact request is shown again. A
 * share link that took its day's requests says so instead of showing the form.
 */
export function invitationPage(view: InvitationPageView, thanked: boolean, sent: FormState | null = null): string {
  const vendor = view.vendorName;
  const unsubscribePath = view.messaged ? customerPaths.invitationUnsubscribe(view.token) : null;
  const notice = (title: PageText, heading: PageText, body: PageText): string =>
    layout({
      vendorName: vendor,
      unsubscribePath,
      title: t(title),
      body: html`<h1>${t(heading)}</h1>
        <p>${t(body, { vendor })}</p>`,
    });
  if (thanked || !view.accepting) return notice('contactThanksTitle', 'contactThanksHeading', 'contactThanksBody');
  if (view.fullToday) return notice('shareLinkFullTitle', 'shareLinkFullHeading', 'shareLinkFullBody');
  const form = stateOf(sent, '');
  const referrer = view.referrerName;
  return layout({
    vendorName: vendor,
    unsubscribePath,
    title: t('invitationTitle', { referrer, vendor }),
    body: html`<h1>${t('invitationHeading', { referrer, vendor })}</h1>
      <p>${t('invitationIntro', { vendor })}</p>
      ${errorSummary(form)}
      <form method="post" action="${customerPaths.invitation(view.token)}" novalidate>
        ${field(
          {
            id: 'name',
            name: 'name',
            label: t('contactNameLabel'),
            type: 'text',
            autocomplete: 'name',
            maxlength: 100,
            required: true,
          },
          form,
        )}
        <p class="hint" id="contact-hint">${t('contactEitherHint')}</p>
        ${field(
          {
            id: 'email',
            name: 'email',
            label: t('contactEmailLabel'),
            type: 'email',
            autocomplete: 'email',
            inputmode: 'email',
            maxlength: 254,
          },
          form,
        )}
        ${field(
          {
            id: 'phone',
            name: 'phone',
            label: t('contactPhoneLabel'),
            type: 'tel',
            autocomplete: 'tel',
            inputmode: 'tel',
            maxlength: 25,
          },
          form,
        )}
        ${field(
          {
            id: 'message',
            name: 'message',
            label: t('contactMessageLabel'),
            type: 'textarea',
            autocomplete: 'off',
            maxlength: 2000,
          },
          form,
        )}
        <button type="submit">${t('contactSubmit')}</button>
      </form>`,
  });
}

const ERROR_TEXTS = {
  404: ['notFoundTitle', 'notFoundBody'],
  429: ['tooManyTitle', 'tooManyBody'],
} as const;

/** The page for an error no form can show next to a field: never JSON, never internals. */
export function errorPage(status: number, messages: string[], back: string | null): string {
  const [title, sentence] =
    status === 400
      ? [t('invalidTitle'), null]
      : (ERROR_TEXTS[status as keyof typeof ERROR_TEXTS] ?? ['failedTitle', 'failedBody']).map((name) => t(name));
  return layout({
    vendorName: null,
    title,
    body: html`<h1>${title}</h1>
      ${sentence && html`<p>${sentence}</p>`}
      ${
        status === 400 &&
        html`<ul>
          ${messages.map((m) => html`<li>${m}</li>`)}
        </ul>`
      }
      ${back && html`<p><a href="${back}">${t('goBack')}</a></p>`}`,
  });
}
