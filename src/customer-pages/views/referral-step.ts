import { customerPaths } from '../../reputation/reputation-links';
import type { ProcessPageView } from '../customer-journey.service';
import { type FieldSpec, type FormState, errorSummary, field, stateOf } from './form-fields';
import { html } from './html';
import type { StepPage } from './journey-steps';
import type { PageLanguage } from './page-texts';

/** The customer's own name, asked in each invitation form: the friend's message names who referred them. */
const referrerField = (lang: PageLanguage, prefix: string, firstName: string): FieldSpec => ({
  id: `${prefix}-referrer`,
  name: 'referrerName',
  label: lang.t('yourNameLabel'),
  type: 'text',
  autocomplete: 'name',
  maxlength: 100,
  required: true,
  hint: lang.t('yourNameHint'),
  value: firstName,
});

const friendNameField = (lang: PageLanguage, prefix: string): FieldSpec => ({
  id: `${prefix}-friend-name`,
  name: 'friendName',
  label: lang.t('friendNameLabel'),
  type: 'text',
  autocomplete: 'off',
  maxlength: 100,
});

/** One way to invite a friend: its form's action, heading, the friend's address and the button. */
interface InvitationChannel {
  prefix: string;
  action: string;
  heading: string;
  address: FieldSpec;
  submit: string;
}

const byEmail = (lang: PageLanguage): InvitationChannel => ({
  prefix: 'email',
  action: '/referrals/email',
  heading: lang.t('byEmailHeading'),
  address: {
    id: 'email',
    name: 'email',
    label: lang.t('friendEmailLabel'),
    type: 'email',
    autocomplete: 'off',
    inputmode: 'email',
    maxlength: 254,
    required: true,
  },
  submit: lang.t('byEmailSubmit'),
});

const byText = (lang: PageLanguage): InvitationChannel => ({
  prefix: 'text',
  action: '/referrals/text',
  heading: lang.t('byTextHeading'),
  address: {
    id: 'phone',
    name: 'phone',
    label: lang.t('friendPhoneLabel'),
    type: 'tel',
    autocomplete: 'off',
    inputmode: 'tel',
    maxlength: 25,
    required: true,
    hint: lang.t('friendPhoneHint'),
  },
  submit: lang.t('byTextSubmit'),
});

function invitationForm(
  lang: PageLanguage,
  base: string,
  firstName: string,
  channel: InvitationChannel,
  form: FormState | null,
) {
  const headingId = `by-${channel.prefix}`;
  const fields = [
    referrerField(lang, channel.prefix, firstName),
    friendNameField(lang, channel.prefix),
    channel.address,
  ];
  return html`<h2 id="${headingId}">${channel.heading}</h2>
    ${errorSummary(lang, form, fields)}
    <form method="post" action="${lang.link(`${base}${channel.action}`)}" aria-labelledby="${headingId}" novalidate>
      ${fields.map((spec) => field(spec, form))}
      <button type="submit">${channel.submit}</button>
    </form>`;
}

const SHARE_ACTION = '/referrals/share';

/** The share link's page names the customer as the invitations do: they give their name first. */
function shareForm(lang: PageLanguage, base: string, firstName: string, form: FormState | null) {
  const referrer = referrerField(lang, 'share', firstName);
  return html`${errorSummary(lang, form, [referrer])}
    <form method="post" action="${lang.link(`${base}${SHARE_ACTION}`)}" novalidate>
      ${field(referrer, form)}
      <button type="submit" class="secondary">${lang.t('shareSubmit')}</button>
    </form>`;
}

/** After a confirmed review: invite friends by email or text, or take a link to share. */
export function referralStep(view: ProcessPageView, lang: PageLanguage, sent: FormState | null): StepPage {
  const [email, text] = [byEmail(lang), byText(lang)];
  const vendor = view.vendorName;
  const base = customerPaths.process(view.token);
  const referral = view.referral!;
  const invited =
    referral.invited.length > 0 &&
    html`<p class="notice" role="status">
      ${lang.t('invitedSoFar', { names: referral.invited.map((i) => i.to).join(', ') })}
    </p>`;
  const invitationForms =
    referral.invitationsLeft > 0
      ? html`${invitationForm(lang, base, view.firstName, email, stateOf(sent, email.action))}
        ${invitationForm(lang, base, view.firstName, text, stateOf(sent, text.action))}`
      : html`<p>${lang.t('invitationsUsed')}</p>`;
  const share = referral.shareLink
    ? field(
        {
          id: 'share',
          name: 'share',
          label: lang.t('shareLabel'),
          type: 'text',
          autocomplete: 'off',
          maxlength: 2048,
          readonly: true,
          hint: lang.t('shareHint'),
          copy: lang.copyButton(),
          value: referral.shareLink,
        },
        null,
      )
    : shareForm(lang, base, view.firstName, stateOf(sent, SHARE_ACTION));
  return {
    title: lang.t('referralTitle', { vendor }),
    body: html`<h1>${lang.t('referralHeading', { firstName: view.firstName })}</h1>
      <p>${lang.t('referralIntro', { vendor })}</p>
      ${invited} ${invitationForms}
      <h2>${lang.t('shareHeading')}</h2>
      ${share}`,
  };
}
