import { LOCALES } from '../common/locale/locale';
import { smsSize } from '../notifications/rendering/sms-segments';
import { type LeadAlertFacts, excerpt, renderLeadAlert, writtenExpiry } from './lead-alert-message';

describe('excerpt', () => {
  it('keeps a text that fits, and cuts a longer one at a word within the limit, ellipsis included', () => {
    expect(excerpt('short text', 160)).toBe('short text');
    const cut = excerpt('word '.repeat(100).trim(), 160);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut).toMatch(/^(word )+word…$/);
    expect(excerpt('x'.repeat(300), 160)).toHaveLength(160);
  });
});

describe('renderLeadAlert', () => {
  const facts = (overrides: Partial<LeadAlertFacts> = {}): LeadAlertFacts => ({
    leadId: 4217,
    vendorName: 'Rénovations Côté',
    category: 'Cuisine',
    jobDescription: 'Refaire la cuisine au complet : armoires, comptoirs et dosseret. Appelez-moi au 514 555-0199.',
    smsQuotesDescription: true,
    customerContacts: ['514-555-0199'],
    expiresAt: new Date('2026-11-30T19:45:00.000Z'),
    timeZone: 'America/Toronto',
    link: 'https://portal.example.com/leads/4217',
    operatorName: 'Leads Co',
    ...overrides,
  });

  it('writes the expiry as each language does, in the vendor’s time zone', () => {
    expect(writtenExpiry('fr', facts().expiresAt, 'America/Toronto', ' ')).toBe('30 nov. 2026 à 14 h 45 HNE');
    expect(writtenExpiry('en', facts().expiresAt, 'America/Toronto', ' ')).toBe('Nov 30, 2026 at 2:45 p.m. EST');
  });

  it('is written in French for a French-speaking vendor: no-break spaces in the e-mail, ordinary ones in the SMS', () => {
    const alert = renderLeadAlert('alert', facts(), 'fr');
    expect(alert.email.subject).toBe('Nouvelle demande 4217\u00a0: Cuisine');
    expect(alert.email.text).toContain(
      'Expiration\u00a0: 30\u00a0nov.\u00a02026 à 14\u00a0h\u00a045\u00a0HNE, si elle',
    );
    expect(alert.email.text).toContain('Travaux\u00a0: Refaire la cuisine au complet : armoires');
    expect(alert.email.text).toContain('[coordonnées masquées]');
    expect(alert.email.text).not.toContain('0199');
    expect(alert.email.text).toContain('Alerte envoyée par Leads Co');
    expect(alert.email.html).toContain('<html lang="fr-CA">');
    expect(alert.sms).toBe(
      'Leads Co : nouvelle demande 4217 pour Rénovations Coté, Cuisine. "Refaire la cuisine au complet : armoires, ' +
        'comptoirs et dosseret. Appelez-moi au [coordonnées masquées]." Expiration : 30 nov. 2026 à 14 h 45 HNE. ' +
        'https://portal.example.com/leads/4217',
    );
  });

  it.each(LOCALES)('keeps every %s SMS alert within two GSM-7 parts, however long the words', (locale) => {
    const long = facts({
      vendorName: 'Entreprises de rénovation générale Côté & Frères inc.'.padEnd(200, ' x'),
      category: 'Rénovation de salle de bain, sous-sol et cuisine'.padEnd(100, '.'),
      jobDescription: 'Fenêtres à remplacer, plâtre à refaire, peinture «\u00a0coquille d’œuf\u00a0» — ’'.repeat(20),
    });
    for (const kind of ['alert', 'reAlert'] as const) {
      const { sms } = renderLeadAlert(kind, long, locale);
      expect(smsSize(sms).encoding).toBe('GSM-7');
      expect(smsSize(sms).segments).toBeLessThanOrEqual(2);
      expect(sms).toContain('Entreprises de r');
      expect(sms.endsWith(' https://portal.example.com/leads/4217')).toBe(true);
    }
  });

  it('never quotes in an SMS what a member of the public typed; the e-mail quotes it, hidden and defanged', () => {
    const friendWrote = 'Call me at fred＠example．com, see https://evil。example/x';
    const alert = renderLeadAlert('alert', facts({ jobDescription: friendWrote, smsQuotesDescription: false }), 'en');
    expect(alert.sms).not.toMatch(/Call me|evil|fred|"/);
    expect(alert.email.text).toContain('Call me at [contact hidden], see hxxps://evil[.]example/x');
  });
});
