import { createHash } from 'node:crypto';
import type { InvitationPageView } from '../../referrals/referrals.service';
import { JourneyStep } from '../../reputation/entities/reputation-process.entity';
import { customerPaths } from '../../reputation/reputation-links';
import type { ProcessPageView } from '../customer-journey.service';
import { SafeHtml, html } from './html';

const STYLE = `
body{margin:0;background:#f4f5f7;color:#1f2328;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
main{max-width:34rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002}
h1{font-size:1.4rem;margin:0 0 1rem}h2{font-size:1.1rem;margin:1.5rem 0 .5rem}
form{margin:1rem 0}label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input[type=text],input[type=email],input[type=tel],textarea{box-sizing:border-box;width:100%;padding:.5rem;border:1px solid #bbb;border-radius:6px;font:inherit}
textarea{min-height:6rem}fieldset{border:0;padding:0;margin:.75rem 0}legend{font-weight:600;margin-bottom:.25rem}
.choices label{display:inline-block;font-weight:400;margin:0 1rem 0 0}
button,.button{display:inline-block;margin:.5rem .5rem 0 0;padding:.6rem 1.2rem;border:0;border-radius:6px;background:#1a5fb4;color:#fff;font:inherit;text-decoration:none;cursor:pointer}
button.secondary{background:#6e7781}
ul.sites{list-style:none;padding:0}ul.sites li{margin:.5rem 0}
.muted{color:#59636e;font-size:.9rem}footer{margin-top:2rem}footer a{color:#59636e}
`;

/** Strict policy for every customer page: no scripts at all, only this page's own stylesheet. */
export const PAGE_SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': [
    "default-src 'none'",
    `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; '),
  // The token in the address must not travel to the review sites in a Referer header.
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'X-Robots-Tag': 'noindex, nofollow',
  'Cache-Control': 'no-store',
};

function layout(title: string, body: SafeHtml): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>${title}</title>
        <style>
          ${new SafeHtml(STYLE)}
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html> `.value;
}

const unsubscribeFooter = (path: string, vendorName: string) =>
  html`<footer class="muted">Don't want messages from ${vendorName}? <a href="${path}">Unsubscribe</a></footer>`;

const stars = (n: number) => '★'.repeat(n) + '☆'.repeat(5 - n);

function feedbackStep(view: ProcessPageView): SafeHtml {
  const action = `${customerPaths.process(view.token)}/feedback`;
  return html`<h1>Hi ${view.firstName}, how did ${view.vendorName} do?</h1>
    <form method="post" action="${action}">
      <fieldset>
        <legend>Your rating</legend>
        ${[5, 4, 3, 2, 1].map(
          (n) =>
            html`<label
              ><input type="radio" name="rating" value="${n}" required />
              <span aria-hidden="true">${stars(n)}</span> ${n} star${n > 1 && 's'}</label
            >`,
        )}
      </fieldset>
      <fieldset class="choices">
        <legend>Would you refer ${view.vendorName} to a friend?</legend>
        <label><input type="radio" name="wouldRefer" value="yes" required /> Yes</label>
        <label><input type="radio" name="wouldRefer" value="no" /> No</label>
      </fieldset>
      <label for="comment">Anything you'd like to add? (optional)</label>
      <textarea id="comment" name="comment" maxlength="2000"></textarea>
      <button type="submit">Send</button>
    </form>`;
}

function reviewQuestionStep(view: ProcessPageView): SafeHtml {
  const action = `${customerPaths.process(view.token)}/review`;
  return html`<h1>Hi ${view.firstName}, are you happy with ${view.vendorName}?</h1>
    <form method="post" action="${action}">
      <button type="submit" name="happy" value="yes">Yes, I am</button>
      <button type="submit" name="happy" value="no" class="secondary">Not really</button>
    </form>`;
}

function reviewLinksStep(view: ProcessPageView): SafeHtml {
  const base = customerPaths.process(view.token);
  if (view.reviewLinks.length === 0) {
    return html`<h1>Thank you, ${view.firstName}!</h1>
      <p>We're glad you are happy with ${view.vendorName}.</p>`;
  }
  return html`<h1>Thank you, ${view.firstName}! Would you leave a review?</h1>
    <p>A few words from you help other homeowners find ${view.vendorName}. Choose a site:</p>
    <ul class="sites">
      ${view.reviewLinks.map((link) => html`<li><a class="button" href="${base}/go/${link.target}" rel="noopener noreferrer">Review on ${link.label}</a></li>`)}
    </ul>
    <form method="post" action="${base}/review/confirm">
      <p>Once your review is up:</p>
      <button type="submit">I posted my review</button>
    </form>`;
}

function privateFeedbackStep(view: ProcessPageView): SafeHtml {
  const action = `${customerPaths.process(view.token)}/private-feedback`;
  return html`<h1>We're sorry to hear that, ${view.firstName}.</h1>
    <p>Tell ${view.vendorName} what went wrong. Your message goes to them privately and is not published.</p>
    <form method="post" action="${action}">
      <label for="message">Your message</label>
      <textarea id="message" name="message" maxlength="2000" required></textarea>
      <button type="submit">Send privately</button>
    </form>`;
}

function referralStep(view: ProcessPageView): SafeHtml {
  const base = customerPaths.process(view.token);
  const referral = view.referral!;
  const invited = referral.invited.length
    ? html`<p class="muted">Invited so far: ${referral.invited.map((i) => i.to).join(', ')}.</p>`
    : null;
  const invitationForms = referral.invitationsLeft
    ? html`<h2>Invite a friend by email</h2>
        <form method="post" action="${base}/referrals/email">
          <label for="email-name">Friend's name (optional)</label
          ><input type="text" id="email-name" name="friendName" maxlength="100" />
          <label for="email">Friend's email</label
          ><input type="email" id="email" name="email" maxlength="254" required />
          <button type="submit">Send invitation</button>
        </form>
        <h2>Invite a friend by text message</h2>
        <form method="post" action="${base}/referrals/text">
          <label for="text-name">Friend's name (optional)</label
          ><input type="text" id="text-name" name="friendName" maxlength="100" />
          <label for="phone">Friend's mobile number</label
          ><input type="tel" id="phone" name="phone" maxlength="20" required />
          <button type="submit">Send invitation</button>
        </form>`
    : html`<p>You have sent all your invitations. Thank you!</p>`;
  const share = referral.shareLink
    ? html`<label for="share">Your link to share</label
        ><input type="text" id="share" readonly value="${referral.shareLink}" />`
    : html`<form method="post" action="${base}/referrals/share">
        <button type="submit">Get a link to share</button>
      </form>`;
  return html`<h1>Thank you for your review, ${view.firstName}!</h1>
    <p>Know someone who could use ${view.vendorName}? Refer a friend:</p>
    ${invited} ${invitationForms}
    <h2>Or share a link</h2>
    ${share}`;
}

const finishedStep = (view: ProcessPageView) =>
  html`<h1>Thank you, ${view.firstName}!</h1>
    <p>Your feedback has been sent to ${view.vendorName}.</p>`;

const STEPS: Record<JourneyStep, (view: ProcessPageView) => SafeHtml> = {
  [JourneyStep.Feedback]: feedbackStep,
  [JourneyStep.ReviewQuestion]: reviewQuestionStep,
  [JourneyStep.ReviewLinks]: reviewLinksStep,
  [JourneyStep.PrivateFeedback]: privateFeedbackStep,
  [JourneyStep.Referral]: referralStep,
  [JourneyStep.Finished]: finishedStep,
};

const optedOutNotice = (vendorName: string) =>
  html`<h1>You're unsubscribed</h1>
    <p>${vendorName} will not send you any more messages.</p>`;

/** `/r/{token}`: the step of the customer's journey they are at. */
export function processPage(view: ProcessPageView): string {
  if (view.closed === 'OPTED_OUT') return layout(view.vendorName, optedOutNotice(view.vendorName));
  if (view.closed === 'CANCELLED') {
    return layout(
      view.vendorName,
      html`<h1>This request was withdrawn</h1>
        <p>${view.vendorName} has closed this request. Thank you for your time.</p>`,
    );
  }
  const footer = unsubscribeFooter(customerPaths.processUnsubscribe(view.token), view.vendorName);
  return layout(view.vendorName, html`${STEPS[view.step](view)}${footer}`);
}

/** `GET /r/{token}/unsubscribe` and `/i/{token}/unsubscribe`: confirm before opting out (one-click POST works too). */
export function unsubscribePage(path: string, vendorName: string, alreadyOut: boolean): string {
  if (alreadyOut) return layout(vendorName, optedOutNotice(vendorName));
  return layout(
    vendorName,
    html`<h1>Unsubscribe from ${vendorName}?</h1>
      <p>You will not receive any more emails or text messages from ${vendorName}.</p>
      <form method="post" action="${path}"><button type="submit">Unsubscribe</button></form>`,
  );
}

/** `/i/{token}`: the referred friend's page. */
export function invitationPage(view: InvitationPageView, thanked: boolean): string {
  const footer = view.messaged && unsubscribeFooter(customerPaths.invitationUnsubscribe(view.token), view.vendorName);
  if (thanked || !view.accepting) {
    return layout(
      view.vendorName,
      html`<h1>Thank you!</h1>
        <p>${view.vendorName} has your request and will be in touch soon.</p>
        ${footer}`,
    );
  }
  return layout(
    view.vendorName,
    html`<h1>${view.referrerFirstName} recommends ${view.vendorName}</h1>
      <p>Leave your details and ${view.vendorName} will contact you about your project.</p>
      <form method="post" action="${customerPaths.invitation(view.token)}">
        <label for="name">Your name</label><input type="text" id="name" name="name" maxlength="100" required />
        <label for="email">Email</label><input type="email" id="email" name="email" maxlength="254" />
        <label for="phone">Phone</label><input type="tel" id="phone" name="phone" maxlength="20" />
        <p class="muted">Give us an email address, a phone number, or both.</p>
        <label for="message">Your project (optional)</label
        ><textarea id="message" name="message" maxlength="2000"></textarea>
        <button type="submit">Ask for a quote</button>
      </form>
      ${footer}`,
  );
}

const ERROR_TITLES: Partial<Record<number, [string, string]>> = {
  404: ['This link is not valid', 'Please check that you opened the whole link from your message.'],
  429: ['Too many requests', 'Please wait a few minutes and try again.'],
};

/** The customer-facing page for any error of a customer page: never JSON, never internals. */
export function errorPage(status: number, messages: string[], back: string | null): string {
  const [title, sentence] =
    status === 400
      ? ['Please check your answer', null]
      : (ERROR_TITLES[status] ?? ['Something went wrong', 'Please try again in a moment.']);
  const list =
    status === 400
      ? html`<ul>
          ${messages.map((m) => html`<li>${m}</li>`)}
        </ul>`
      : null;
  return layout(
    title,
    html`<h1>${title}</h1>
      ${sentence && html`<p>${sentence}</p>`}${list}${back && html`<p><a href="${back}">Go back</a></p>`}`,
  );
}
