import { JourneyStep } from '../../reputation/entities/reputation-process.entity';
import { customerPaths } from '../../reputation/reputation-links';
import type { ProcessPageView } from '../customer-journey.service';
import { type FormState, choice, errorSummary, field, stateOf } from './form-fields';
import { SafeHtml, html } from './html';
import { t } from './page-texts';

/** One step of the customer's page: its title and body. */
export interface StepPage {
  title: string;
  body: SafeHtml;
}

const RATINGS = [1, 2, 3, 4, 5];

function feedbackStep(view: ProcessPageView, sent: FormState | null): StepPage {
  const vendor = view.vendorName;
  const form = stateOf(sent, '/feedback');
  return {
    title: t('feedbackTitle', { vendor }),
    body: html`<h1>${t('feedbackHeading', { firstName: view.firstName, vendor })}</h1>
      ${errorSummary(form)}
      <form method="post" action="${customerPaths.process(view.token)}/feedback" novalidate>
        ${choice(
          {
            name: 'rating',
            legend: t('ratingLegend'),
            options: RATINGS.map((n) => ({
              value: String(n),
              label: html`<span class="visually-hidden">${t('ratingOption', { n })}</span
                ><span aria-hidden="true">${n}<span class="star">★</span></span>`,
            })),
            after: html`<p class="scale" aria-hidden="true">
              <span>${t('ratingLow')}</span><span>${t('ratingHigh')}</span>
            </p>`,
          },
          form,
        )}
        ${choice(
          {
            name: 'wouldRefer',
            legend: t('wouldReferLegend', { vendor }),
            options: [
              { value: 'yes', label: t('yes') },
              { value: 'no', label: t('no') },
            ],
          },
          form,
        )}
        ${field(
          {
            id: 'comment',
            name: 'comment',
            label: t('commentLabel'),
            type: 'textarea',
            autocomplete: 'off',
            maxlength: 2000,
          },
          form,
        )}
        <button type="submit">${t('feedbackSubmit')}</button>
      </form>`,
  };
}

function reviewQuestionStep(view: ProcessPageView): StepPage {
  const vendor = view.vendorName;
  return {
    title: t('reviewQuestionTitle', { vendor }),
    body: html`<h1>${t('reviewQuestionHeading', { firstName: view.firstName, vendor })}</h1>
      <form method="post" action="${customerPaths.process(view.token)}/review">
        <button type="submit" name="happy" value="yes">${t('reviewQuestionYes')}</button>
        <button type="submit" name="happy" value="no" class="secondary">${t('reviewQuestionNo')}</button>
      </form>`,
  };
}

/**
 * The vendor's review sites, each opening in a new tab (through the link that counts the click), with
 * the customer's own comment ready to copy. Every customer sees them: no review gating.
 */
function reviewSites(view: ProcessPageView, heading: SafeHtml): SafeHtml | null {
  if (view.reviewLinks.length === 0) return null;
  const base = customerPaths.process(view.token);
  return html`${heading}
    <ul class="sites">
      ${view.reviewLinks.map(
        (link) =>
          html`<li>
            <a class="button" href="${base}/go/${link.target}" target="_blank" rel="noopener noreferrer"
              >${t('reviewOn', { site: link.label })}<span class="visually-hidden"> ${t('opensInNewTab')}</span></a
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
          label: t('yourComment'),
          type: 'textarea',
          autocomplete: 'off',
          maxlength: 2000,
          readonly: true,
          hint: t('yourCommentHint'),
          value: view.comment,
        },
        null,
      )
    }`;
}

function reviewLinksStep(view: ProcessPageView): StepPage {
  const vendor = view.vendorName;
  const title = t('reviewTitle', { vendor });
  if (view.reviewLinks.length === 0) {
    return {
      title,
      body: html`<h1>${t('finishedHeading', { firstName: view.firstName })}</h1>
        <p>${t('noReviewSites', { vendor })}</p>`,
    };
  }
  // Asked only once the customer has been to a review site and come back, never beside the sites.
  const confirm =
    view.reviewClicked &&
    html`<section class="notice" aria-labelledby="confirm-heading">
      <h1 id="confirm-heading">${t('confirmHeading', { firstName: view.firstName })}</h1>
      <p>${t('confirmIntro', { vendor })}</p>
      <form method="post" action="${customerPaths.process(view.token)}/review/confirm">
        <button type="submit">${t('confirmYes')}</button>
      </form>
      <p class="muted">${t('confirmNotYet')}</p>
    </section>`;
  const heading = view.reviewClicked
    ? html`<h2>${t('reviewHeading', { firstName: view.firstName })}</h2>`
    : html`<h1>${t('reviewHeading', { firstName: view.firstName })}</h1>`;
  return {
    title,
    body: html`${confirm}${reviewSites(
      view,
      html`${heading}
        <p>${t('reviewIntro', { vendor })}</p>`,
    )}`,
  };
}

/** After a negative answer the public review sites stay below, second. */
const sitesAfterFeedback = (view: ProcessPageView) =>
  reviewSites(
    view,
    html`<h2>${t('reviewHeadingAfterFeedback', { vendor: view.vendorName })}</h2>
      <p>${t('reviewIntroAfterFeedback')}</p>`,
  );

function privateFeedbackStep(view: ProcessPageView, sent: FormState | null): StepPage {
  const vendor = view.vendorName;
  const form = stateOf(sent, '/private-feedback');
  return {
    title: t('privateFeedbackTitle', { vendor }),
    body: html`<h1>${t('privateFeedbackHeading', { firstName: view.firstName })}</h1>
      <p>${t('privateFeedbackIntro', { vendor })}</p>
      ${errorSummary(form)}
      <form method="post" action="${customerPaths.process(view.token)}/private-feedback" novalidate>
        ${field(
          {
            id: 'message',
            name: 'message',
            label: t('privateFeedbackLabel', { vendor }),
            type: 'textarea',
            autocomplete: 'off',
            maxlength: 2000,
            required: true,
          },
          form,
        )}
        <button type="submit">${t('privateFeedbackSubmit')}</button>
      </form>
      ${sitesAfterFeedback(view)}`,
  };
}

const finishedStep = (view: ProcessPageView): StepPage => ({
  title: t('finishedTitle'),
  body: html`<h1>${t('finishedHeading', { firstName: view.firstName })}</h1>
    <p>${t('finishedBody', { vendor: view.vendorName })}</p>
    ${sitesAfterFeedback(view)}`,
});

export type StepRenderer = (view: ProcessPageView, form: FormState | null) => StepPage;

export const STEPS: Record<Exclude<JourneyStep, JourneyStep.Referral>, StepRenderer> = {
  [JourneyStep.Feedback]: feedbackStep,
  [JourneyStep.ReviewQuestion]: reviewQuestionStep,
  [JourneyStep.ReviewLinks]: reviewLinksStep,
  [JourneyStep.PrivateFeedback]: privateFeedbackStep,
  [JourneyStep.Finished]: finishedStep,
};
