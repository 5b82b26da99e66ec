import { LOCALES } from '../common/locale/locale';
import { LeadSource } from '../leads/entities/lead.entity';
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
    vendorName: 'Rénovations Côté & Fils Québec',
    category: 'Cuisine',
    source: LeadSource.Operator,
    referrerName: null,
    jobDescription: 'Refaire la cuisine au complet : armoires, comptoirs et dosseret. Appelez-moi au 514 555-0199.',
    smsQuotesDescription: true,
    customerContacts: ['514-555-0199'],
    expiresAt: new Date('2026-11-30T19:45:00.000Z'),
    timeZone: 'America/Toronto',
    link: 'https://portal.example.com/leads/4217',
    operatorName: 'Leads Co',
    ...overrides,
  });
  const referral = (jobDescription: string) =>
    facts({ category: 'Referral', source: LeadSource.Referral, referrerName: 'Zoé Côté', jobDescription });

  it('writes the expiry as each language does, in the vendor’s time zone, the hour without a leading zero', () => {
    expect(writtenExpiry('fr', facts().expiresAt, 'America/Toronto', ' ')).toBe('30 nov. 2026 à 14 h 45 HNE');
    expect(writtenExpiry('en', facts().expiresAt, 'America/Toronto', ' ')).toBe('Nov 30, 2026 at 2:45 p.m. EST');
    const morning = new Date('2026-11-30T11:30:00.000Z');
    expect(writtenExpiry('fr', morning, 'America/Toronto', ' ')).toBe('30 nov. 2026 à 6 h 30 HNE');
    expect(writtenExpiry('en', morning, 'America/Toronto', ' ')).toBe('Nov 30, 2026 at 6:30 a.m. EST');
    const afterMidnight = new Date('2026-12-10T05:13:00.000Z');
    expect(writtenExpiry('fr', afterMidnight, 'America/Toronto', ' ')).toBe('10 déc. 2026 à 0 h 13 HNE');
    expect(writtenExpiry('en', afterMidnight, 'America/Toronto', ' ')).toBe('Dec 10, 2026 at 12:13 a.m. EST');
  });

  it('is written in French for a French-speaking vendor: no-break spaces in the e-mail, ordinary ones in the SMS, names as spelled', () => {
    const alert = renderLeadAlert('alert', facts(), 'fr');
    expect(alert.email.subject).toBe('Nouvelle demande de soumission\u00a0: Cuisine (numéro 4217)');
    expect(alert.email.text).toContain('Numéro de la demande\u00a0: 4217');
    expect(alert.email.text).toContain(
      'Expire le 30\u00a0nov.\u00a02026 à 14\u00a0h\u00a045\u00a0HNE si elle n’a pas été acceptée ou refusée d’ici là.',
    );
    expect(alert.email.text).toContain('Travaux\u00a0: Refaire la cuisine au complet : armoires');
    expect(alert.email.text).toContain('[coordonnées masquées]');
    expect(alert.email.text).not.toContain('0199');
    expect(alert.email.text).toContain('Alerte envoyée par Leads Co');
    expect(alert.email.html).toContain('<html lang="fr-CA">');
    expect(alert.sms).toMatch(
      /^Leads Co : nouvelle demande 4217 pour Rénovations Côté & Fils Québec, Cuisine\. "Refaire la cuisine au complet : armoires, [^"]+" Expire le 30 nov\. 2026 à 14 h 45 HNE\. https:\/\/portal\.example\.com\/leads\/4217$/,
    );
    expect(smsSize(alert.sms)).toEqual({ encoding: 'UCS-2', segments: 4 });
  });

  it('says a referral in the vendor’s language, names its referrer and leaves out an empty description', () => {
    const fr = renderLeadAlert('alert', referral(''), 'fr');
    expect(fr.email.subject).toBe('Nouvelle demande de soumission\u00a0: Recommandation (numéro 4217)');
    expect(fr.email.text).toContain('Catégorie\u00a0: Recommandation\nRecommandée par\u00a0: Zoé Côté\nNuméro');
    expect(fr.email.text).not.toContain('Travaux');
    expect(fr.sms).toBe(
      'Leads Co : nouvelle demande 4217 pour Rénovations Côté & Fils Québec, recommandation faite par Zoé Côté. ' +
        'Expire le 30 nov. 2026 à 14 h 45 HNE. https://portal.example.com/leads/4217',
    );
    for (const written of [fr.email.subject, fr.email.text, fr.email.html, fr.sms]) {
      expect(written).not.toContain('Referral');
      expect(written).not.toContain('""');
    }
    const en = renderLeadAlert('reAlert', referral('Deck'), 'en');
    expect(en.email.text).toContain('Category: Referral\nReferred by: Zoé Côté\nJob: Deck');
    expect(en.sms).toContain('for Rénovations Côté & Fils Québec: referral by Zoé Côté. "Deck" Expires');
  });

  it('never quotes in an SMS what a member of the public typed; the e-mail quotes it, hidden and defanged', () => {
    const friendWrote = 'Call me at fred＠example．com, see https://evil。example/x';
    const alert = renderLeadAlert('alert', facts({ jobDescription: friendWrote, smsQuotesDescription: false }), 'en');
    expect(alert.sms).not.toMatch(/Call me|evil|fred|"/);
    expect(alert.email.text).toContain('Call me at [contact hidden], see hxxps://evil[.]example/x');
  });

  it('follows the reader’s dark mode in the e-mail, like the customers’ e-mails', () => {
    const { html } = renderLeadAlert('alert', facts(), 'en').email;
    expect(html).toContain('<meta name="color-scheme" content="light dark">');
    expect(html).toMatch(/@media \(prefers-color-scheme:dark\)/);
    expect(html).toContain('class="page body"');
    expect(html).toContain('class="footer"');
  });

  it.each(LOCALES)(
    'keeps every %s SMS alert within four parts, the vendor’s name whole, however long the words',
    (locale) => {
      const vendorName = 'Entreprises de rénovation générale Côté & Frères inc.';
      const long = facts({
        vendorName,
        category: 'Rénovation de salle de bain, sous-sol et cuisine'.padEnd(100, '.'),
        jobDescription: 'Fenêtres à remplacer, plâtre à refaire, peinture «\u00a0coquille d’œuf\u00a0» — ’'.repeat(20),
      });
      for (const kind of ['alert', 'reAlert'] as const) {
        const { sms } = renderLeadAlert(kind, long, locale);
        expect(smsSize(sms).segments).toBeLessThanOrEqual(4);
        expect(sms).toContain(vendorName);
        expect(sms.endsWith(' https://portal.example.com/leads/4217')).toBe(true);
      }
    },
  );
});
