import type { Browser, BrowserContext, Page } from 'playwright-core';
import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { appConfig } from '../../src/config/app.config';
import { ReputationProcessService } from '../../src/reputation/reputation-process.service';
import type { Vendor } from '../../src/vendors/entities/vendor.entity';
import {
  VIEWPORTS,
  accessibilityViolations,
  chromiumAvailable,
  consoleErrors,
  launchChromium,
  newContext,
  overflowsSideways,
  pageStyle,
  screenshot,
  tabTo,
} from '../support/browser';
import { configureReviewSites, createFeedbackRequest, createReviewRequest, createVendor } from '../support/factories';
import { freePort } from '../support/net';
import { messagesTo } from '../support/outbox';
import { referralLead } from '../support/customer-pages';
import { type TestApp, createTestApp, withConfig } from '../support/test-app';

const inBrowser = chromiumAvailable() ? describe : describe.skip;

/** A whole journey, every state checked by axe, on a shared two-core machine. */
const JOURNEY_TIMEOUT = 180_000;

/**
 * Both journeys as a customer lives them in Chromium, on a phone and on a laptop: every page and state
 * is reached with the keyboard alone, shows its stylesheet, logs no error (no CSP violation), does not
 * scroll sideways and passes axe's WCAG 2.2 A/AA rules; so do the e-mails, rendered at 390 px.
 * Screenshots of each go to test-output/screenshots/.
 */
inBrowser('Customer journeys in a real browser (e2e)', () => {
  let t: TestApp;
  let browser: Browser;
  let vendor: Vendor;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // Links in the messages point at this server, so the browser follows them as a customer would.
    t = await createTestApp({ config: [withConfig(appConfig, { publicBaseUrl: base })] });
    await t.app.listen(port, '127.0.0.1');
    browser = await launchChromium();
    ({ vendor } = await createVendor(t.app, {
      vendorName: 'Maple & Sons "Renovations"',
      features: [...VENDOR_FEATURES],
    }));
    await configureReviewSites(t.app, vendor.id);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  describe.each(VIEWPORTS)('on a $name ($width x $height, $colorScheme)', (viewport) => {
    let context: BrowserContext;
    let page: Page;
    let errors: string[];

    beforeEach(async () => {
      context = await newContext(browser, viewport);
      page = await context.newPage();
      errors = consoleErrors(page);
    });
    afterEach(() => context.close());

    /** What a person sees of the page as it is now, checked; a screenshot for people to look at. */
    async function seen(name: string): Promise<void> {
      await page.waitForLoadState('load');
      const style = await pageStyle(page);
      expect({ name, ...style }).toEqual({ name, radius: '14px', font: expect.stringContaining('system-ui') });
      expect({ name, errors }).toEqual({ name, errors: [] });
      expect({ name, overflow: await overflowsSideways(page) }).toEqual({ name, overflow: false });
      expect({ name, violations: await accessibilityViolations(page) }).toEqual({ name, violations: [] });
      await screenshot(page, `${viewport.name}-${name}`);
    }

    /** An e-mail as a phone's mail app shows it: one 390 px column, no sideways scrolling, accessible. */
    async function seenEmail(html: string, name: string): Promise<void> {
      const mail = await context.newPage();
      await mail.setViewportSize({ width: 390, height: 844 });
      await mail.setContent(html);
      expect({ name, overflow: await overflowsSideways(mail) }).toEqual({ name, overflow: false });
      expect({ name, violations: await accessibilityViolations(mail) }).toEqual({ name, violations: [] });
      await screenshot(mail, `email-${viewport.name}-${name}`);
      await mail.close();
    }

    const button = (name: string | RegExp) => page.getByRole('button', { name });

    /** Types into a field reached with Tab. */
    async function typeInto(label: string | RegExp, text: string): Promise<void> {
      const field = page.getByLabel(label, { exact: typeof label === 'string' });
      await tabTo(page, field);
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(text);
    }

    /** Picks the option of a row of tiles with the arrow keys, as a keyboard user does. */
    async function choose(first: string, steps: number): Promise<void> {
      await tabTo(page, page.getByRole('radio', { name: first }));
      for (let i = 0; i < steps; i++) await page.keyboard.press('ArrowRight');
      if (steps === 0) await page.keyboard.press('Space');
    }

    async function press(name: string | RegExp): Promise<void> {
      await tabTo(page, button(name));
      await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    }

    it(
      'feedback journey, happy customer: rating, review sites, "did you post it?", referrals, the friend',
      async () => {
        const email = `happy-${viewport.name}@customer.example`;
        const { link } = await createFeedbackRequest(t.app, vendor, { customerName: 'Jane Doe', email });
        const [request] = await messagesTo(t.app, vendor.id, email);
        await seenEmail(request.html!, 'feedback-request');

        await page.goto(link);
        await seen('feedback');
        await press('Send my feedback');
        // In the error summary, as a link to the field, and next to the field.
        await expect(page.getByText('Please choose a rating from 1 to 5 stars.').count()).resolves.toBe(2);
        await seen('feedback-errors');

        await choose('1 out of 5 stars', 4);
        await choose('Yes', 0);
        await typeInto('Anything you would like to add? (optional)', 'Tidy, on time, great work.');
        await press('Send my feedback');
        expect(await page.getByLabel('Your comment, ready to copy into your review').inputValue()).toBe(
          'Tidy, on time, great work.',
        );
        await expect(page.getByText('Did you post your review?').count()).resolves.toBe(0);
        await seen('review-sites');

        const google = page.getByRole('link', { name: /Review on Google \(Main office\)/ });
        expect(await google.getAttribute('target')).toBe('_blank');
        await tabTo(page, google);
        // A new tab goes through the link that counts the click to the review site (which this machine's
        // browser cannot reach: every other host fails to resolve), the page stays where it was.
        const [reviewTab, handOff] = await Promise.all([
          context.waitForEvent('page'),
          context.waitForEvent('response', (response) => response.url().endsWith('/go/google')),
          page.keyboard.press('Enter'),
        ]);
        expect({ status: handOff.status(), location: handOff.headers().location }).toEqual({
          status: 302,
          location: 'https://g.page/r/main/review',
        });
        await reviewTab.close();
        expect(page.url()).toBe(link);

        await page.reload();
        await expect(page.getByRole('heading', { name: /Did you post your review\?/ }).count()).resolves.toBe(1);
        await seen('review-posted-question');
        await press('Yes, I posted my review');
        await seen('referral');

        await typeInto('Your friend’s email address', 'not an email');
        await press('Send email invitation');
        expect(await page.getByLabel('Your friend’s email address').inputValue()).toBe('not an email');
        await expect(page.getByText('Please enter your friend’s email address').count()).resolves.toBe(2);
        await seen('referral-errors');
        await typeInto('Your friend’s email address', `friend-${viewport.name}@example.com`);
        await press('Send email invitation');
        await typeInto(/Your friend’s mobile number/, 'not a phone');
        await press('Send text invitation');
        await seen('referral-text-errors');
        await typeInto(/Your friend’s mobile number/, viewport.name === 'phone' ? '416 555 0101' : '416 555 0102');
        await press('Send text invitation');
        await press('Get a link to share');
        await expect(page.getByText(/Invited so far/).count()).resolves.toBe(1);
        await seen('referral-done');

        const [invitation] = await messagesTo(t.app, vendor.id, `friend-${viewport.name}@example.com`);
        expect(invitation.subject).toBe('Jane recommends Maple & Sons "Renovations"');
        await seenEmail(invitation.html!, 'referral-invitation');
        const friendLink = /https?:\/\/\S+\/i\/[A-Za-z0-9_-]{24}/.exec(invitation.text)![0];

        await page.goto(friendLink);
        await expect(page.getByRole('heading', { name: /Jane recommends/ }).count()).resolves.toBe(1);
        await seen('friend-invitation');
        await typeInto('Your name', 'Pat Friend');
        await press('Ask for a quote');
        expect(await page.getByLabel('Your name', { exact: true }).inputValue()).toBe('Pat Friend');
        await seen('friend-invitation-errors');
        await typeInto('Your email address', `friend-${viewport.name}@example.com`);
        await press('Ask for a quote');
        await seen('friend-thanks');
        await expect(page.getByText('Maple & Sons "Renovations" has your request').count()).resolves.toBe(1);
        // The request is the vendor's lead at once, in the friend's language, naming who referred them (as
        // the referral form had it: the first name it offers).
        await expect(referralLead(t, `friend-${viewport.name}@example.com`)).resolves.toEqual({
          customerName: 'Pat Friend',
          customerLocale: 'en',
          referredByName: 'Jane',
        });

        await tabTo(page, page.getByRole('link', { name: 'Unsubscribe' }));
        await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
        await seen('friend-unsubscribe');
        await press('Unsubscribe me');
        await seen('friend-unsubscribed');
      },
      JOURNEY_TIMEOUT,
    );

    it(
      'feedback journey, unhappy customer: private feedback first, the review sites still below',
      async () => {
        const { link } = await createFeedbackRequest(t.app, vendor, { customerName: 'Lee Unhappy' });
        await page.goto(link);
        await choose('1 out of 5 stars', 1);
        await choose('Yes', 1);
        await press('Send my feedback');
        await expect(page.getByRole('link', { name: /Review on Facebook/ }).count()).resolves.toBe(1);
        await seen('private-feedback');
        await press('Send my message privately');
        await seen('private-feedback-errors');
        await typeInto(/Your message to/, 'The crew left a mess.');
        await press('Send my message privately');
        await expect(page.getByRole('link', { name: /Review on BBB/ }).count()).resolves.toBe(1);
        await seen('finished');
      },
      JOURNEY_TIMEOUT,
    );

    it(
      'review request journey: the question, both answers, unsubscribing, and a withdrawn request',
      async () => {
        const email = `review-${viewport.name}@customer.example`;
        const happy = await createReviewRequest(t.app, vendor, { firstName: 'Sam', emailTo: email });
        const [request] = await messagesTo(t.app, vendor.id, email);
        await seenEmail(request.html!, 'review-request');

        await page.goto(happy.link);
        await seen('review-question');
        await press('Yes, I am');
        await expect(page.getByRole('link', { name: /Review on HomeStars/ }).count()).resolves.toBe(1);
        await seen('review-request-sites');

        const unhappy = await createReviewRequest(t.app, vendor, { firstName: 'Kim' });
        await page.goto(unhappy.link);
        await press('Not really');
        await expect(page.getByRole('link', { name: /Review on Google/ }).count()).resolves.toBe(2);
        await seen('review-request-private-feedback');

        await tabTo(page, page.getByRole('link', { name: 'Unsubscribe' }));
        await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
        await seen('unsubscribe');
        await press('Unsubscribe me');
        await seen('unsubscribed');

        const withdrawn = await createReviewRequest(t.app, vendor, { firstName: 'Ray' });
        const [{ id }] = await t.dataSource.query('SELECT id FROM reputation_processes WHERE token = $1', [
          withdrawn.link.split('/').pop(),
        ]);
        await t.app.get(ReputationProcessService).cancel(vendor.id, Number(id));
        await page.goto(withdrawn.link);
        await seen('withdrawn');

        await page.goto(`${base}/r/AAAAAAAAAAAAAAAAAAAAAAAA`);
        await seen('unknown-link');
      },
      JOURNEY_TIMEOUT,
    );
  });
});
