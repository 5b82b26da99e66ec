import { TransactionHost } from '@nestjs-cls/transactional';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { appConfig } from '../../src/config/app.config';
import { VendorsService } from '../../src/vendors/vendors.service';
import type { Vendor } from '../../src/vendors/entities/vendor.entity';
import {
  type Viewport,
  accessibilityViolations,
  chromiumAvailable,
  consoleErrors,
  launchChromium,
  newContext,
  overflowsSideways,
  screenshot,
} from '../support/browser';
import { CustomerBrowser } from '../support/customer-pages';
import { configureReviewSites, createFeedbackRequest, createVendor } from '../support/factories';
import { freePort } from '../support/net';
import { type TestApp, createTestApp, withConfig } from '../support/test-app';

const inBrowser = chromiumAvailable() ? describe : describe.skip;

const PHONE: Viewport = { name: 'phone', width: 390, height: 844, colorScheme: 'light' };

/** The focused element as the page shows it: its class or id, and whether all of it is in the viewport. */
const FOCUSED = `(() => {
  const element = document.activeElement;
  const box = element.getBoundingClientRect();
  return {
    focused: element.id || element.className,
    inView: box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0,
  };
})()`;

/** Whether every `.phone` link sits on one line, kept whole by the stylesheet. */
const PHONES_WHOLE = `[...document.querySelectorAll('.phone')].map((phone) => ({
  lines: phone.getClientRects().length,
  wrap: getComputedStyle(phone).whiteSpace,
}))`;

/** What each language's pages say where these tests look. */
const WORDS = {
  en: {
    tag: 'en-CA',
    vendorName: 'Maple Kitchens of Etobicoke and Mississauga',
    provinceName: 'Ontario',
    submit: 'Send my feedback',
    summary: '2 answers need correcting',
    rating: 'Please choose a rating from 1 to 5 stars.',
    contactSubmit: 'Ask for a quote',
    one: 'One answer needs correcting',
    notAllowed: 'This page cannot be opened this way',
    openPage: 'Open your page',
  },
  fr: {
    tag: 'fr-CA',
    vendorName: 'Rénovations Côté & Fils de Québec',
    provinceName: 'QC',
    submit: 'Envoyer mon évaluation',
    summary: '2 réponses sont à corriger',
    rating: 'Veuillez choisir une note de 1 à 5 étoiles.',
    contactSubmit: 'Demander une soumission',
    one: 'Une réponse est à corriger',
    notAllowed: 'Cette page ne peut pas être ouverte de cette façon',
    openPage: 'Ouvrir votre page',
  },
} as const;

/**
 * On a phone (390 x 844), in English and in French: a refused form opens on its error summary, focused
 * and in view, whose links lead to each field; a page follows the browser's language; a form's address
 * opened as a link is a page in the customer's language; the tab names the vendor once and a phone
 * number never breaks. Every state passes axe's WCAG 2.2 rules and logs no error (no CSP violation).
 */
inBrowser('Refused forms, languages and labels on a phone (e2e)', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  const vendors = {} as Record<keyof typeof WORDS, Vendor>;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ config: [withConfig(appConfig, { publicBaseUrl: base })] });
    await t.app.listen(port, '127.0.0.1');
    browser = await launchChromium();
    for (const locale of ['en', 'fr'] as const) {
      const { vendorName, provinceName } = WORDS[locale];
      const { vendor } = await createVendor(t.app, { vendorName, provinceName, features: [...VENDOR_FEATURES] });
      await t.app
        .get(TransactionHost)
        .withTransaction(() => t.app.get(VendorsService).replaceProfile(vendor.id, { contactPhone: '514-555-0123' }));
      await configureReviewSites(t.app, vendor.id);
      vendors[locale] = vendor;
    }
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  /** A phone whose browser speaks `locale` (its Accept-Language), `en-CA` or `fr-CA`. */
  async function phone(locale: string): Promise<void> {
    context = await newContext(browser, PHONE, locale);
    page = await context.newPage();
    errors = consoleErrors(page);
  }
  afterEach(() => context?.close());

  /** The page as it is now: its language, no console error, no sideways scrolling, no axe violation. */
  async function seen(name: string, lang: string): Promise<void> {
    await page.waitForLoadState('load');
    expect({
      name,
      lang: await page.locator('html').getAttribute('lang'),
      errors,
      overflow: await overflowsSideways(page),
      violations: await accessibilityViolations(page),
    }).toEqual({ name, lang, errors: [], overflow: false, violations: [] });
    await screenshot(page, `phone-${name}`);
  }

  const submit = (name: string) =>
    Promise.all([page.waitForNavigation(), page.getByRole('button', { name, exact: true }).click()]);

  /** Where focus is once the page has loaded and rendered (autofocus applies at a rendering update). */
  async function focusAfterLoad(): Promise<{ focused: string; inView: boolean }> {
    await page.waitForLoadState('load');
    // Evaluated by the DevTools protocol, which the pages' CSP does not govern (a polled predicate would be).
    await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
    return page.evaluate(FOCUSED);
  }

  describe.each(['en', 'fr'] as const)('in %s', (locale) => {
    const words = WORDS[locale];

    it('opens a refused form on its summary, focused and in view, whose links lead to each field', async () => {
      await phone(words.tag);
      const { link } = await createFeedbackRequest(t.app, vendors[locale], { customerName: 'Anaïs Roy' });
      await page.goto(link);
      await submit(words.submit);
      expect(await focusAfterLoad()).toEqual({ focused: 'error-summary', inView: true });
      const summary = page.locator('.error-summary');
      expect(await summary.getByRole('heading').innerText()).toBe(words.summary);
      await seen(`${locale}-feedback-summary`, words.tag);

      await summary.getByRole('link', { name: words.rating }).click();
      expect(await page.evaluate(FOCUSED)).toEqual({ focused: 'rating-1', inView: true });
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      expect(await page.getByRole('radio', { checked: true }).count()).toBe(1);
    }, 60_000);

    it('focuses the summary of the share form, at the foot of a long page, and counts one answer', async () => {
      await phone(words.tag);
      const { link } = await createFeedbackRequest(t.app, vendors[locale], { customerName: 'Luc Roy' });
      await page.goto(link);
      await page.locator('#rating-5').check();
      await page.locator('#wouldRefer-yes').check();
      await submit(words.submit);
      // 5 stars: the review sites; the referral step once the review is confirmed.
      const token = new URL(link).pathname.split('/')[2];
      const confirm = await page.request.post(`${base}/r/${token}/review/confirm`, {
        headers: { Origin: base },
        maxRedirects: 0,
      });
      expect(confirm.status()).toBe(303);
      await page.reload();
      const share = page.locator('#share-referrer');
      await share.fill('');
      await Promise.all([page.waitForNavigation(), share.press('Enter')]);
      expect(await focusAfterLoad()).toEqual({ focused: 'error-summary', inView: true });
      expect(await page.locator('.error-summary h2').innerText()).toBe(words.one);
      await seen(`${locale}-share-summary`, words.tag);
      await page.locator('.error-summary a').click();
      expect(await page.evaluate(FOCUSED)).toEqual({ focused: 'share-referrer', inView: true });
    }, 60_000);

    it('answers a form’s address opened as a link with a page in the customer’s language', async () => {
      await phone(words.tag);
      const { link } = await createFeedbackRequest(t.app, vendors[locale]);
      const response = await page.goto(`${link}/feedback`);
      expect(response?.status()).toBe(405);
      expect(await page.title()).toBe(words.notAllowed);
      await seen(`${locale}-not-allowed`, words.tag);
      await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: words.openPage }).click()]);
      expect(new URL(page.url()).pathname).toBe(new URL(link).pathname);
    }, 60_000);

    it('names the vendor once in the tab and keeps its phone number whole', async () => {
      await phone(words.tag);
      await page.goto((await createFeedbackRequest(t.app, vendors[locale])).link);
      expect((await page.title()).split(words.vendorName).length - 1).toBe(1);
      expect(await page.evaluate(PHONES_WHOLE)).toEqual([{ lines: 1, wrap: 'nowrap' }]);
      if (locale === 'en') expect(await page.locator('body').innerText()).not.toContain("'");
      await seen(`${locale}-title-phone`, words.tag);
    }, 60_000);
  });

  /** A customer of `vendor` who took a share link on their page (answered without a browser): the link. */
  async function shareLinkOf(vendor: Vendor): Promise<string> {
    const customer = new CustomerBrowser(t.http, (await createFeedbackRequest(t.app, vendor)).link);
    await customer.submit('/feedback', { rating: '5', wouldRefer: 'yes', comment: '' });
    await customer.submit('/review/confirm');
    await customer.submit('/referrals/share', { referrerName: 'Anaïs' });
    return /id="share" name="share" type="text" value="([^"]+)"/.exec(await customer.view())![1];
  }

  it('shows a French customer’s page and share link to an English browser in English, and the reverse', async () => {
    await phone('en-CA');
    await page.goto((await createFeedbackRequest(t.app, vendors.fr)).link);
    await seen('fr-customer-en-browser', 'en-CA');
    await page.goto(await shareLinkOf(vendors.fr));
    await seen('fr-share-link-en-browser', 'en-CA');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(`Anaïs recommends ${WORDS.fr.vendorName}`);
    await context.close();

    await phone('fr-CA');
    await page.goto((await createFeedbackRequest(t.app, vendors.en)).link);
    await seen('en-customer-fr-browser', 'fr-CA');
    // The switch link's choice wins over the browser's, for the rest of the journey.
    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'English' }).click()]);
    await submit('Send my feedback');
    await seen('en-choice-kept', 'en-CA');
  }, 60_000);
});
