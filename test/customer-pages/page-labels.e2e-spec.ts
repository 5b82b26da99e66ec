import { TransactionHost } from '@nestjs-cls/transactional';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { VendorsService } from '../../src/vendors/vendors.service';
import type { Vendor } from '../../src/vendors/entities/vendor.entity';
import { CustomerBrowser } from '../support/customer-pages';
import { configureReviewSites, createFeedbackRequest, createVendor } from '../support/factories';
import { type TestApp, createTestApp } from '../support/test-app';

const titleOf = (html: string): string => /<title>([^<]*)<\/title>/.exec(html)![1];
const occurrences = (text: string, part: string): number => text.split(part).length - 1;

/** The error summary of a refused form: its heading, and each link's target and words. */
function summaryOf(html: string) {
  const summary = /<div class="error-summary" tabindex="-1" autofocus[^>]*>([\s\S]*?)<\/div>\s*<\/div>/.exec(html);
  if (!summary) return null;
  return {
    heading: /<h2 id="error-summary-title">([^<]*)<\/h2>/.exec(summary[1])?.[1],
    links: [...summary[1].matchAll(/<a href="#([^"]+)">([^<]*)<\/a>/g)].map(([, id, words]) => ({
      id,
      words,
      target: html.includes(`id="${id}"`),
    })),
  };
}

/**
 * What the pages call things: the tab names the vendor once, a Google listing is named once and in
 * French on French pages, a phone number is one unbreakable link, English pages use typographic
 * apostrophes; a refused form opens on a summary that counts and links the answers to correct.
 */
describe('The pages’ labels and error summaries (e2e)', () => {
  let t: TestApp;
  const vendors: Record<'en' | 'fr', Vendor> = {} as never;

  beforeAll(async () => {
    t = await createTestApp();
    for (const [locale, vendorName, provinceName] of [
      ['en', 'Maple Kitchens', 'Ontario'],
      ['fr', 'Rénovations Côté', 'QC'],
    ] as const) {
      const { vendor } = await createVendor(t.app, { vendorName, provinceName, features: [...VENDOR_FEATURES] });
      await t.app
        .get(TransactionHost)
        .withTransaction(() => t.app.get(VendorsService).replaceProfile(vendor.id, { contactPhone: '514-555-0123' }));
      await configureReviewSites(t.app, vendor.id, {
        primaryGoogleReviewLabel: 'Google (Québec)',
        primaryGoogleReviewLabelFr: '',
      });
      vendors[locale] = vendor;
    }
  });
  afterAll(() => t.close());

  /** A customer of the vendor writing in `locale`, at the review sites after a 5-star answer. */
  async function pagesOf(locale: 'en' | 'fr'): Promise<{ page: CustomerBrowser; seen: string[] }> {
    const page = new CustomerBrowser(t.http, (await createFeedbackRequest(t.app, vendors[locale])).link);
    const seen = [await page.view()];
    await page.submit('/feedback', { rating: '5', wouldRefer: 'yes', comment: '' });
    seen.push(await page.view());
    seen.push(await page.view(`${page.path}/unsubscribe`));
    return { page, seen };
  }

  it.each(['en', 'fr'] as const)('names the vendor once in each tab title (%s)', async (locale) => {
    const { seen } = await pagesOf(locale);
    const name = vendors[locale].vendorName;
    expect(seen.map((html) => ({ title: titleOf(html), vendor: occurrences(titleOf(html), name) }))).toEqual(
      seen.map((html) => ({ title: titleOf(html), vendor: 1 })),
    );
    expect(titleOf(seen[0])).toBe(
      locale === 'fr' ? 'Votre projet avec Rénovations Côté' : 'How did Maple Kitchens do?',
    );
  });

  it('names Google once, each listing in the page’s language', async () => {
    const french = (await pagesOf('fr')).seen[1];
    expect(french).toContain('Donner mon avis sur Google (Québec)');
    expect(french).toContain('Donner mon avis sur Google (Secteur ouest)');
    expect(french).not.toContain('Google (Google');
    const english = (await pagesOf('en')).seen[1];
    expect(english).toContain('Review on Google (Québec)');
    expect(english).toContain('Review on Google (West end)');
  });

  it('shows the vendor’s phone number as one link that does not break, as each language writes it', async () => {
    expect((await pagesOf('fr')).seen[0]).toContain('<a class="phone" href="tel:5145550123">514\u00a0555-0123</a>');
    expect((await pagesOf('en')).seen[0]).toContain('<a class="phone" href="tel:5145550123">514-555-0123</a>');
  });

  it('writes English pages with typographic apostrophes', async () => {
    const { page, seen } = await pagesOf('en');
    await page.submit('/unsubscribe', {}, `${page.path}/unsubscribe`);
    const pages = [...seen, await page.view(`${page.path}/unsubscribe`)];
    expect(pages.map((html) => html.includes('&#39;'))).toEqual(pages.map(() => false));
    expect(pages.at(-1)).toContain('You’re unsubscribed');
  });

  it.each([
    ['en', '2 answers need correcting', 'One answer needs correcting'],
    ['fr', '2 réponses sont à corriger', 'Une réponse est à corriger'],
  ] as const)(
    'opens a refused form on a summary that counts and links each answer to correct (%s)',
    async (locale, two, one) => {
      const page = new CustomerBrowser(t.http, (await createFeedbackRequest(t.app, vendors[locale])).link);
      const none = await page.post('/feedback', {});
      expect(none.status).toBe(400);
      const words =
        locale === 'fr'
          ? ['Veuillez choisir une note', 'Veuillez répondre par oui']
          : ['Please choose a rating', 'Please choose yes or no'];
      expect(summaryOf(none.text)).toEqual({
        heading: two,
        links: [
          { id: 'rating-1', words: expect.stringContaining(words[0]), target: true },
          { id: 'wouldRefer-yes', words: expect.stringContaining(words[1]), target: true },
        ],
      });
      const rated = await page.post('/feedback', { rating: '4' });
      expect(summaryOf(rated.text)).toEqual({
        heading: one,
        links: [{ id: 'wouldRefer-yes', words: expect.stringContaining(words[1]), target: true }],
      });
    },
  );
});
