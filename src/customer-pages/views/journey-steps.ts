import { JourneyStep } from '../../reputation/entities/reputation-process.entity';
import { customerPaths } from '../../reputation/reputation-links';
import type { ProcessPageView } from '../customer-journey.service';
import {
  type ChoiceSpec,
  type FieldSpec,
  type FormState,
  choice,
  choiceTarget,
  errorSummary,
  field,
  stateOf,
} from './form-fields';
import { SafeHtml, html } from './html';
import type { PageLanguage } from './page-texts';

/** One step of the customer's page: its title and body. */
export interface StepPage {
  title: string;
  body: SafeHtml;
}

const RATINGS = [1, 2, 3, 4, 5];

function feedbackStep(view: ProcessPageView, lang: PageLanguage, sent: FormState | null): StepPage {
  const vendor = view.vendorName;
  const form = stateOf(sent, '/feedback');
  const rating: ChoiceSpec = {
    name: 'rating',
    legend: lang.t('ratingLegend'),
    options: RATINGS.map((n) => ({
      value: String(n),
      label: html`<span class="visually-hidden">${lang.t('ratingOption', { n })}</span
        ><span aria-hidden="true">${n}<span class="star">★</span></span>`,
    })),
    after: html`<p class="scale" aria-hidden="true">
      <span>${lang.t('ratingLow')}</span><span>${lang.t('ratingHigh')}</span>
    </p>`,
  };
  const wouldRefer: ChoiceSpec = {
    name: 'wouldRefer',
    legend: lang.t('wouldReferLegend', { vendor }),
    options: [
      { value: 'yes', label: lang.t('yes') },
      { value: 'no', label: lang.t('no') },
    ],
  };
  const comment: FieldSpec = {
    id: 'comment',
    name: 'comment',
    label: lang.t('commentLabel'),
    type: 'textarea',
    autocomplete: 'off',
    maxlength: 2000,
  };
  return {
    title: lang.t('feedbackTitle', { vendor }),
    body: html`<h1>${lang.t('feedbackHeading', { firstName: view.firstName, vendor })}</h1>
      ${errorSummary(lang, form, [choiceTarget(rating), choiceTarget(wouldRefer), comment])}
      <form method="post" action="${lang.link(`${customerPaths.process(view.token)}/feedback`)}" novalidate>
        ${choice(rating, form)} ${choice(wouldRefer, form)} ${field(comment, form)}
        <button type="submit">${lang.t('feedbackSubmit')}</button>
      </form>`,
  };
}

function reviewQuestionStep(view: ProcessPageView, lang: PageLanguage): StepPage {
  const vendor = view.vendorName;
  return {
    title: lang.t('reviewQuestionTitle', { vendor }),
    body: html`<h1>${lang.t('reviewQuestionHeading', { firstName: view.firstName, vendor })}</h1>
      <form method="post" action="${lang.link(`${customerPaths.process(view.token)}/review`)}">
        <button type="submit" name="happy" value="yes">${lang.t('reviewQuestionYes')}</button>
        <button type="submit" name="happy" value="no" class="secondary">${lang.t('reviewQuestionNo')}</button>
      </form>`,
  };
}

/**
 * The vendor's review sites, each opening in a new tab (through the link that counts the click), with
 * the customer's own comment ready to copy. Every customer sees them: no review gating.
 */
function reviewSites(view: ProcessPageView, lang: PageLanguage, heading: SafeHtml): SafeHtml | null {
  if (view.reviewLinks.length === 0) return null;
  const base = customerPaths.process(view.token);
  return html`${heading}
    <ul class="sites">
      ${view.reviewLinks.map(
        (link) =>
          html`<li>
            <a class="button" href="${lang.link(`${base}/go/${link.target}`)}" target="_blank" rel="noopener noreferrer"
              >${lang.t('reviewOn', { site: link.labels[lang.locale] })}<span class="visually-hidden">
                ${lang.t('opensInNewTab')}</span
              ></a
            >
          </li>`,
      )}
    </ul>
    ${
      view.comment &&
      field(
        {
          id: 'your-comment',
          name: 'your-comment',
          label: lang.t('yourComment'),
          type: 'textarea',
          autocomplete: 'off',
          maxlength: 2000,
          readonly: true,
          hint: lang.t('yourCommentHint'),
          copy: lang.copyButton(),
          value: view.comment,
        },
        null,
      )
    }`;
}

function reviewLinksStep(view: ProcessPageView, lang: PageLanguage): StepPage {
  const vendor = view.vendorName;
  const title = lang.t('reviewTitle', { vendor });
  if (view.reviewLinks.length === 0) {
    return {
      title,
      body: html`<h1>${lang.t('finishedHeading', { firstName: view.firstName })}</h1>
        <p>${lang.t('noReviewSites', { vendor })}</p>`,
    };
  }
  // Asked only once the customer has been to a review site and come back, never beside the sites.
  const confirm =
    view.reviewClicked &&
    html`<section class="notice" aria-labelledby="confirm-heading">
      <h1 id="confirm-heading">${lang.t('confirmHeading', { firstName: view.firstName })}</h1>
      <p>${lang.t('confirmIntro', { vendor })}</p>
      <form method="post" action="${lang.link(`${customerPaths.process(view.token)}/review/confirm`)}">
        <button type="submit">${lang.t('confirmYes')}</button>
      </form>
      <p class="muted">${lang.t('confirmNotYet')}</p>
    </section>`;
  const heading = view.reviewClicked
    ? html`<h2>${lang.t('reviewHeading', { firstName: view.firstName })}</h2>`
    : html`<h1>${lang.t('reviewHeading', { firstName: view.firstName })}</h1>`;
  return {
    title,
    body: html`${confirm}${reviewSites(
      view,
      lang,
      html`${heading}
        <p>${lang.t('reviewIntro', { vendor })}</p>`,
    )}`,
  };
}

/** After a negative answer the public review sites stay below, second. */
const sitesAfterFeedback = (view: ProcessPageView, lang: PageLanguage) =>
  reviewSites(
    view,
    lang,
    html`<h2>${lang.t('reviewHeadingAfterFeedback', { vendor: view.vendorName })}</h2>
      <p>${lang.t('reviewIntroAfterFeedback')}</p>`,
  );

function privateFeedbackStep(view: ProcessPageView, lang: PageLanguage, sent: FormState | null): StepPage {
  const vendor = view.vendorName;
  const form = stateOf(sent, '/private-feedback');
  const message: FieldSpec = {
    id: 'message',
    name: 'message',
    label: lang.t('privateFeedbackLabel', { vendor }),
    type: 'textarea',
    autocomplete: 'off',
    maxlength: 2000,
    required: true,
  };
  return {
    title: lang.t('privateFeedbackTitle', { vendor }),
    body: html`<h1>${lang.t('privateFeedbackHeading', { firstName: view.firstName, vendor })}</h1>
      <p>${lang.t('privateFeedbackIntro', { vendor })}</p>
      ${errorSummary(lang, form, [message])}
      <form method="post" action="${lang.link(`${customerPaths.process(view.token)}/private-feedback`)}" novalidate>
        ${field(message, form)}
        <button type="submit">${lang.t('privateFeedbackSubmit')}</button>
      </form>
      ${sitesAfterFeedback(view, lang)}`,
  };
}

const finishedStep = (view: ProcessPageView, lang: PageLanguage): StepPage => ({
  title: lang.t('finishedTitle'),
  body: html`<h1>${lang.t('finishedHeading', { firstName: view.firstName })}</h1>
    <p>${lang.t('finishedBody', { vendor: view.vendorName })}</p>
    ${sitesAfterFeedback(view, lang)}`,
});

export type StepRenderer = (view: ProcessPageView, lang: PageLanguage, form: FormState | null) => StepPage;

export const STEPS: Record<Exclude<JourneyStep, JourneyStep.Referral>, StepRenderer> = {
  [JourneyStep.Feedback]: feedbackStep,
  [JourneyStep.ReviewQuestion]: reviewQuestionStep,
  [JourneyStep.ReviewLinks]: reviewLinksStep,
  [JourneyStep.PrivateFeedback]: privateFeedbackStep,
  [JourneyStep.Finished]: finishedStep,
};
