import { renderLeadMessageEmail, renderLeadMessageSms } from './lead-message';
import { smsSize } from './sms-segments';

const OPERATOR = { name: 'Leads Co', mailingAddress: '100 King St W, Toronto ON', contact: '1-800-555-0100' };
const COTE = 'Rénovations Côté & Fils Québec';
const LINK = 'https://reviews.example.com/l/AbCdEfGhIjKlMnOpQrStUvWx';

describe('a vendor’s message to a lead’s customer', () => {
  it('follows the reader’s dark mode in its e-mail, like every customer e-mail', () => {
    const { html } = renderLeadMessageEmail(
      'Bonjour,\n\nVoici la soumission.',
      { name: COTE, mailingAddress: '12 rue Racine, Québec QC', contact: null, unsubscribeLink: `${LINK}/unsubscribe` },
      OPERATOR,
      'fr',
    );
    expect(html).toContain('<meta name="color-scheme" content="light dark">');
    expect(html).toMatch(/@media \(prefers-color-scheme:dark\)/);
    for (const name of ['page', 'card', 'body', 'footer']) expect(html).toContain(`class="${name}"`);
  });

  it('names the vendor as spelled (a space before ":" in French), links to the page that identifies it, then how to stop', () => {
    const sms = renderLeadMessageSms(COTE, 'Jeudi, 10 h, ça vous va?', LINK, 'fr');
    expect(sms).toBe(`${COTE} : Jeudi, 10 h, ça vous va?\n${LINK}\nRépondez ARRET pour vous désabonner.`);
    expect(smsSize(sms).encoding).toBe('UCS-2');
    expect(renderLeadMessageSms('Maple Renovations', 'Thursday at 10?', LINK, 'en')).toBe(
      `Maple Renovations: Thursday at 10?\n${LINK}\nReply STOP to opt out.`,
    );
  });
});
