import { customerPaths } from '../../reputation/reputation-links';
import type { ProcessPageView } from '../customer-journey.service';
import { type FieldSpec, type FormState, errorSummary, field, stateOf } from './form-fields';
import { html } from './html';
import type { StepPage } from './journey-steps';
import { t } from './page-texts';

/** The customer's own name, asked in each invitation form: the friend's message names who referred them. */
const referrerField = (prefix: string, firstName: string): FieldSpec => ({
  id: `${prefix}-referrer`,
  name: 'referrerName',
  label: t('yourNameLabel'),
  type: 'text',
  autocomplete: 'name',
  maxlength: 100,
  required: true,
  hint: t('yourNameHint'),
  value: firstName,
});

const friendNameField = (prefix: string): FieldSpec => ({
  id: `${prefix}-friend-name`,
  name: 'friendName',
  label: t('friendNameLabel'),
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

const BY_EMAIL: InvitationChannel = {
  prefix: 'email',
  action: '/referrals/email',
  heading: t('byEmailHeading'),
  address: {
    id: 'email',
    name: 'email',
    label: t('friendEmailLabel'),
    type: 'email',
    autocomplete: 'off',
    inputmode: 'email',
    maxlength: 254,
    required: true,
  },
  submit: t('byEmailSubmit'),
};

const BY_TEXT: InvitationChannel = {
  prefix: 'text',
  action: '/referrals/text',
  heading: t('byTextHeading'),
  address: {
    id: 'phone',
    name: 'phone',
    label: t('friendPhoneLabel'),
    type: 'tel',
    autocomplete: 'off',
    inputmode: 'tel',
    maxlength: 25,
    required: true,
    hint: t('friendPhoneHint'),
  },
  submit: t('byTextSubmit'),
};

function invitationForm(base: string, firstName: string, channel: InvitationChannel, form: FormState | null) {
  const headingId = `by-${channel.prefix}`;
  return html`<h2 id="${headingId}">${channel.heading}</h2>
    ${errorSummary(form)}
    <form method="post" action="${base}${channel.action}" aria-labelledby="${headingId}" novalidate>
      ${field(referrerField(channel.prefix, firstName), form)} ${field(friendNameField(channel.prefix), form)}
      ${field(channel.address, form)}
      <button type="submit">${channel.submit}</button>
    </form>`;
}

/** After a confirmed review: invite friends by email or text, or take a link to share. */
export function referralStep(view: ProcessPageView, sent: FormState | null): StepPage {
  const vendor = view.vendorName;
  const base = customerPaths.process(view.token);
  const referral = view.referral!;
  const invited =
    referral.invited.length > 0 &&
    html`<p class="notice" role="status">
      ${t('invitedSoFar', { names: referral.invited.map((i) => i.to).join(', ') })}
    </p>`;
  const invitationForms =
    referral.invitationsLeft > 0
      ? html`${invitationForm(base, view.firstName, BY_EMAIL, stateOf(sent, BY_EMAIL.action))}
        ${invitationForm(base, view.firstName, BY_TEXT, stateOf(sent, BY_TEXT.action))}`
      : html`<p>${t('invitationsUsed')}</p>`;
  const share = referral.shareLink
    ? field(
        {
          id: 'share',
          name: 'share',
          label: t('shareLabel'),
          type: 'text',
          autocomplete: 'off',
          maxlength: 2048,
          readonly: true,
          hint: t('shareHint'),
          value: referral.shareLink,
        },
        null,
      )
    : html`<form method="post" action="${base}/referrals/share">
        <button type="submit" class="secondary">${t('shareSubmit')}</button>
      </form>`;
  return {
    title: t('referralTitle', { vendor }),
    body: html`<h1>${t('referralHeading', { firstName: view.firstName })}</h1>
      <p>${t('referralIntro', { vendor })}</p>
      ${invited} ${invitationForms}
      <h2>${t('shareHeading')}</h2>
      ${share}`,
  };
}
