import { renderEmail, renderSms } from './render-notification';

const fields = {
  firstName: 'Jane',
  vendorName: 'Acme Renovations',
  link: 'https://app.example/r/tok123',
  unsubscribeLink: 'https://app.example/r/tok123/unsubscribe',
};

describe('renderEmail', () => {
  it('fills the default template of the purpose, with the link and the unsubscribe link in both parts', () => {
    const email = renderEmail('REVIEW_REQUEST', fields);
    expect(email.subject).toBe('Would you review Acme Renovations?');
    expect(email.text).toMatch(/^Hi Jane,\n\nThank you for choosing Acme Renovations!/);
    expect(email.text).toContain('\nhttps://app.example/r/tok123\n');
    expect(email.text).toContain('To stop receiving these messages: https://app.example/r/tok123/unsubscribe');
    expect(email.html).toContain(
      '<a href="https://app.example/r/tok123" style="color:#1a5fb4">https://app.example/r/tok123</a>',
    );
    expect(email.html).toContain(
      '<a href="https://app.example/r/tok123/unsubscribe" style="color:#1a5fb4">Unsubscribe</a>',
    );
  });

  it('uses the custom message with its merge fields, and appends the link when the message has none', () => {
    const email = renderEmail('FEEDBACK_REQUEST', fields, 'Dear {firstName},\r\nplease rate {vendorName}.');
    expect(email.subject).toBe('How did Acme Renovations do?');
    expect(email.text).toMatch(
      /^Dear Jane,\nplease rate Acme Renovations\.\n\nhttps:\/\/app\.example\/r\/tok123\n\n--\n/,
    );
    expect(email.html).toContain('<p style="margin:0 0 16px">Dear Jane,<br>please rate Acme Renovations.</p>');
  });

  it('escapes merge fields and the custom message in the HTML part, never in the text part', () => {
    const email = renderEmail(
      'REVIEW_REQUEST',
      { ...fields, firstName: '<script>alert("x")</script>', vendorName: 'Bob & Sons' },
      '<b>Hi</b> {firstName} from {vendorName}: {link}',
    );
    expect(email.html).toContain(
      '&lt;b&gt;Hi&lt;/b&gt; &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; from Bob &amp; Sons',
    );
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<b>');
    expect(email.text).toContain('<b>Hi</b> <script>alert("x")</script> from Bob & Sons: https://app.example/r/tok123');
  });

  it('keeps line breaks and control characters of merge values out of the subject and greets "there" without a name', () => {
    const email = renderEmail('REFERRAL_INVITATION', {
      ...fields,
      firstName: ' ',
      vendorName: 'Acme\r\nBcc: x@evil.example',
    });
    expect(email.subject).toBe('Acme Bcc: x@evil.example was recommended to you');
    expect(email.text).toMatch(/^Hi there,/);
  });

  it('leaves unknown placeholders as they are', () => {
    expect(renderEmail('REVIEW_REQUEST', fields, 'Hello {lastName} {link}').text).toMatch(/^Hello \{lastName\} https/);
  });
});

describe('renderSms', () => {
  it('is the text with the link, then the opt-out line', () => {
    expect(renderSms('REVIEW_REQUEST', fields)).toBe(
      'Hi Jane, thanks for choosing Acme Renovations! Would you leave us a quick review? https://app.example/r/tok123\n' +
        'Reply STOP or visit https://app.example/r/tok123/unsubscribe to opt out.',
    );
  });

  it('uses the custom message and adds the link when it is missing', () => {
    expect(renderSms('FEEDBACK_REQUEST', fields, '{vendorName} here, {firstName}: how did we do?')).toBe(
      'Acme Renovations here, Jane: how did we do? https://app.example/r/tok123\n' +
        'Reply STOP or visit https://app.example/r/tok123/unsubscribe to opt out.',
    );
  });
});

describe('reminders', () => {
  it('say they are a reminder in their default wording, with the same link', () => {
    const email = renderEmail('REVIEW_REMINDER', fields);
    expect(email.subject).toBe('A quick reminder: would you review Acme Renovations?');
    expect(email.text).toMatch(/^Hi Jane,\n\nJust a friendly reminder/);
    expect(email.text).toContain('\nhttps://app.example/r/tok123\n');
    expect(renderSms('FEEDBACK_REMINDER', fields)).toMatch(/^Reminder from Acme Renovations: Hi Jane, how did we do\?/);
  });

  it("put a first line saying so before the vendor's custom message", () => {
    const email = renderEmail('REVIEW_REMINDER', fields, 'Dear {firstName}, please review us: {link}');
    expect(email.text).toMatch(
      /^A friendly reminder from Acme Renovations:\nDear Jane, please review us: https:\/\/app\.example\/r\/tok123\n/,
    );
    expect(email.html).toContain('A friendly reminder from Acme Renovations:<br>Dear Jane');
    const sms = renderSms('REVIEW_REMINDER', fields, 'Review {vendorName}?');
    expect(sms).toMatch(
      /^Reminder from Acme Renovations:\nReview Acme Renovations\? https:\/\/app\.example\/r\/tok123\n/,
    );
  });
});
