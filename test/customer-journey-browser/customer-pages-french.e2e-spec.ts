import type { Browser, BrowserContext, Page } from 'playwright-core';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { CATALOGUES } from '../../src/common/i18n/catalogue';
import { appConfig } from '../../src/config/app.config';
import { ReputationProcessService } from '../../src/reputation/reputation-process.service';
import type { Vendor } from '../../src/vendors/entities/vendor.entity';
import { chromiumAvailable, consoleErrors, launchChromium, newContext } from '../support/browser';
import { configureReviewSites, createFeedbackRequest, createReviewRequest, createVendor } from '../support/factories';
import { freePort } from '../support/net';
import { messagesTo } from '../support/outbox';
import { referralLead } from '../support/customer-pages';
import { type TestApp, createTestApp, withConfig } from '../support/test-app';

const inBrowser = chromiumAvailable() ? describe : describe.skip;

// What the callbacks of page.evaluate use of the page (this project is typed for Node, not the DOM).
declare const navigator: { clipboard: { readText(): Promise<string> } };

/**
 * The English catalogue's page sentences, as pieces long enough to be English rather than a name: the
 * words between placeholders. None may show on a French page.
 */
const ENGLISH_PIECES = Object.entries(CATALOGUES.en)
  .filter(([key]) => key.startsWith('page.'))
  .flatMap(([, message]) => message.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/))
  .map((piece) => piece.trim())
  .filter((piece) => piece.length >= 12);

/**
 * Every state of the customer pages, read in Chromium as a Quebec customer reads them: each page is
 * `lang="fr-CA"`, shows not one English sentence of the catalogue and keeps French typography (no
 * ordinary space before : ; ! ?). The copy buttons work with scripts and are absent without them.
 */
inBrowser('The customer pages read in French, state by state (e2e)', () => {
  let t: TestApp;
  let browser: Browser;
  let vendor: Vendor;
  let base: string;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const read: Record<string, string> = {};

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ config: [withConfig(appConfig, { publicBaseUrl: base })] });
    await t.app.listen(port, '127.0.0.1');
    browser = await launchChromium();
    ({ vendor } = await createVendor(t.app, {
      vendorName: 'Rénovations Côté',
      provinceName: 'QC',
      features: [...VENDOR_FEATURES],
    }));
    await configureReviewSites(t.app, vendor.id);
    // A Quebec customer's phone, set in French (its Accept-Language is fr-CA).
    context = await newContext(browser, { name: 'phone', width: 390, height: 844, colorScheme: 'light' }, 'fr-CA');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    page = await context.newPage();
    errors = consoleErrors(page);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** The page as it reads now, checked; kept under its name for the assertions on its words. */
  async function french(name: string): Promise<string> {
    await page.waitForLoadState('load');
    const text = await page.locator('body').innerText();
    const lang = await page.locator('html').getAttribute('lang');
    const english = ENGLISH_PIECES.filter((piece) => text.includes(piece));
    const spaced = text.match(/.{0,20} [:;!?]/g) ?? [];
    expect({ name, lang, english, spaced, errors }).toEqual({
      name,
      lang: 'fr-CA',
      english: [],
      spaced: [],
      errors: [],
    });
    read[name] = text;
    return text;
  }

  const click = async (name: string | RegExp): Promise<void> => {
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name }).click()]);
  };

  it('a happy customer: rating, review sites with the comment to copy, "avez-vous publié", referrals, the friend', async () => {
    const { link } = await createFeedbackRequest(t.app, vendor, { customerName: 'Anaïs Roy' });
    await page.goto(link);
    expect(await french('feedback')).toContain(
      'Bonjour Anaïs, comment s’est déroulé votre projet avec Rénovations Côté?',
    );
    await click('Envoyer mon évaluation');
    expect(await french('feedback-errors')).toContain('Veuillez choisir une note de 1 à 5 étoiles.');
    await page.getByRole('radio', { name: '5 étoiles sur 5' }).check();
    await page.getByRole('radio', { name: 'Oui' }).check();
    await page.getByLabel('Voulez-vous ajouter quelque chose? (facultatif)').fill('Travail propre, à l’heure.');
    await click('Envoyer mon évaluation');
    expect(await french('review-sites')).toContain('Merci, Anaïs! Accepteriez-vous de publier un avis?');

    // The comment's copy button: shown by the script, it copies the comment and says so.
    await page.getByRole('button', { name: 'Copier' }).click();
    // The script says so once the clipboard has taken the text (a promise), not within the click.
    const copied = page.getByRole('status').filter({ hasText: 'Texte copié' });
    await copied.waitFor();
    expect(await copied.count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Travail propre, à l’heure.');

    const [reviewTab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: /Donner mon avis sur Google \(Bureau principal\)/ }).click(),
    ]);
    await reviewTab.close();
    await page.reload();
    expect(await french('review-posted-question')).toContain('Anaïs, avez-vous eu le temps de publier votre avis?');
    await click('Oui, j’ai publié mon avis');
    expect(await french('referral')).toContain('Merci pour votre avis, Anaïs!');

    await page.getByLabel('Son adresse courriel').fill('pas une adresse');
    await click('Envoyer l’invitation par courriel');
    expect(await french('referral-errors')).toContain('Veuillez inscrire l’adresse courriel de la personne');
    await page.getByLabel('Son adresse courriel').fill('eloise@ami.example');
    await click('Envoyer l’invitation par courriel');
    await click('Obtenir un lien à partager');
    expect(await french('referral-done')).toContain('Votre lien à partager');
    await page.getByRole('button', { name: 'Copier' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/i\//);

    const [invitation] = await messagesTo(t.app, vendor.id, 'eloise@ami.example');
    await page.goto(/https?:\/\/\S+\/i\/[A-Za-z0-9_-]{24}/.exec(invitation.text)![0]);
    expect(await french('friend-invitation')).toContain('vous recommande Rénovations Côté');
    await click('Demander une soumission');
    expect(await french('friend-invitation-errors')).toContain('Veuillez inscrire votre nom');
    await page.getByLabel('Votre nom', { exact: true }).fill('Éloïse Gagnon');
    await page.getByLabel('Votre adresse courriel').fill('eloise@ami.example');
    await click('Demander une soumission');
    expect(await french('friend-thanks')).toContain('Rénovations Côté a bien reçu votre demande');
    await expect(referralLead(t, 'eloise@ami.example')).resolves.toEqual({
      customerName: 'Éloïse Gagnon',
      customerLocale: 'fr',
      referredByName: 'Anaïs',
    });
  }, 120_000);

  it('without scripts, the comment stays a selectable field and no copy button shows', async () => {
    const { link } = await createFeedbackRequest(t.app, vendor, { customerName: 'Sacha Roy' });
    await page.goto(link);
    await page.getByRole('radio', { name: '5 étoiles sur 5' }).check();
    await page.getByRole('radio', { name: 'Oui' }).check();
    await page.getByLabel('Voulez-vous ajouter quelque chose? (facultatif)').fill('Très bon travail.');
    await click('Envoyer mon évaluation');

    const noScripts = await browser.newContext({ javaScriptEnabled: false, locale: 'fr-CA' });
    const plain = await noScripts.newPage();
    await plain.goto(link);
    const comment = plain.getByLabel('Votre commentaire, à copier dans votre avis');
    expect({
      value: await comment.inputValue(),
      enabled: await comment.isEnabled(),
      readonly: await comment.getAttribute('readonly'),
      button: await plain.getByRole('button', { name: 'Copier' }).count(),
    }).toEqual({ value: 'Très bon travail.', enabled: true, readonly: '', button: 0 });
    await noScripts.close();
  }, 60_000);

  it('an unhappy customer, a review request, unsubscribing, a withdrawn request and an unknown link', async () => {
    const unhappy = await createFeedbackRequest(t.app, vendor, { customerName: 'Alex Roy' });
    await page.goto(unhappy.link);
    await page.getByRole('radio', { name: '1 étoile sur 5' }).check();
    await page.getByRole('radio', { name: 'Non' }).check();
    await click('Envoyer mon évaluation');
    expect(await french('private-feedback')).toContain(
      'Alex, votre expérience avec Rénovations Côté n’a pas été à la hauteur?',
    );
    await page.getByLabel(/Votre message à/).fill('Le chantier est resté en désordre.');
    await click('Envoyer mon message en privé');
    expect(await french('finished')).toContain('Votre évaluation a été transmise à Rénovations Côté.');

    const review = await createReviewRequest(t.app, vendor, { firstName: 'Éloïse' });
    await page.goto(review.link);
    expect(await french('review-question')).toContain(
      'Bonjour Éloïse, votre expérience avec Rénovations Côté a-t-elle répondu à vos attentes?',
    );
    await click('Pas vraiment');
    await french('review-private-feedback');
    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'Se désabonner' }).click()]);
    expect(await french('unsubscribe')).toContain('Ne plus recevoir les messages envoyés par Rénovations Côté?');
    await click('Confirmer mon désabonnement');
    expect(await french('unsubscribed')).toContain('Rénovations Côté ne vous enverra plus aucun courriel ni texto.');

    const withdrawn = await createReviewRequest(t.app, vendor, { firstName: 'Ray' });
    const [{ id }] = await t.dataSource.query('SELECT id FROM reputation_processes WHERE token = $1', [
      withdrawn.link.split('/').pop(),
    ]);
    await t.app.get(ReputationProcessService).cancel(vendor.id, Number(id));
    await page.goto(withdrawn.link);
    expect(await french('withdrawn')).toContain('Rénovations Côté a annulé cette demande.');
    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'Se désabonner' }).click()]);
    await french('withdrawn-unsubscribe');

    await page.setExtraHTTPHeaders({ 'Accept-Language': 'fr-CA,fr;q=0.9' });
    await page.goto(`${base}/r/AAAAAAAAAAAAAAAAAAAAAAAA`);
    expect(await french('unknown-link')).toContain('Ce lien n’est pas valide');
    // Nothing to go back to: the page does not link to itself.
    await expect(page.getByRole('link', { name: /Revenir/ }).count()).resolves.toBe(0);
  }, 120_000);
});
