import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { notificationsConfig } from '../../src/config/notifications.config';
import type { Vendor } from '../../src/vendors/entities/vendor.entity';
import { CustomerBrowser } from '../support/customer-pages';
import { configureReviewSites, createFeedbackRequest, createReviewRequest, createVendor } from '../support/factories';
import { type TestApp, createTestApp, withConfig } from '../support/test-app';

const OPERATOR = {
  operatorName: 'Leads Co',
  operatorMailingAddress: '100 King St W, Toronto ON M5X 1A9',
  operatorContact: '1-800-555-0100',
};

/**
 * A text names its vendor and identifies the rest of its sender through the page it links to (CASL):
 * every page a text links to, in every state, names the operator sending for the vendor and a mailing
 * address (the vendor's, else the operator's), in the customer's language.
 */
describe('The identification on every page a text links to (e2e)', () => {
  let t: TestApp;
  let withAddress: Vendor;
  let withoutAddress: Vendor;
  let quebec: Vendor;

  beforeAll(async () => {
    t = await createTestApp({ config: [withConfig(notificationsConfig, OPERATOR)] });
    const vendor = (fields: Parameters<typeof createVendor>[1]) =>
      createVendor(t.app, { features: [...VENDOR_FEATURES], ...fields }).then(({ vendor: created }) => created);
    withAddress = await vendor({ vendorName: 'Maple Kitchens', mailingAddress: '12 Queen St E, Toronto ON M5C 1R1' });
    withoutAddress = await vendor({ vendorName: 'Birch Baths' });
    quebec = await vendor({
      vendorName: 'Toitures Boréal',
      provinceName: 'QC',
      mailingAddress: '5 rue Principale, Québec QC',
    });
    for (const v of [withAddress, withoutAddress, quebec]) await configureReviewSites(t.app, v.id);
  });
  afterAll(() => t.close());

  const identified = (html: string, vendorName: string, address: string) => ({
    sentBy: html.includes(`Leads Co sends these pages and messages on behalf of ${vendorName}.`),
    address: html.includes(`Mailing address: ${vendorName}, ${address}`),
  });

  /** Every state of a feedback journey up to the friend's page, and the unsubscribe pages: each page's HTML. */
  async function everyPage(vendor: Vendor): Promise<[string, string][]> {
    const pages: [string, string][] = [];
    const review = new CustomerBrowser(t.http, (await createReviewRequest(t.app, vendor)).link);
    pages.push(['review request', await review.view()]);
    const journey = new CustomerBrowser(t.http, (await createFeedbackRequest(t.app, vendor)).link);
    pages.push(['feedback', await journey.view()]);
    await journey.submit('/feedback', { rating: '5', wouldRefer: 'yes' });
    pages.push(['review sites', await journey.view()]);
    await journey.submit('/review/confirm');
    pages.push(['referral', await journey.view()]);
    await journey.submit('/referrals/share', { referrerName: 'Jane Doe' });
    const [{ token }] = await t.dataSource.query<{ token: string }[]>(
      `SELECT token FROM referrals WHERE vendor_id = $1 ORDER BY id DESC LIMIT 1`,
      [vendor.id],
    );
    const friend = new CustomerBrowser(t.http, `/i/${token}`);
    pages.push(['friend', await friend.view()]);
    await friend.submit('', { name: 'Pat Friend', email: `pat.${vendor.id}@friend.example` }, `${friend.path}?sent=1`);
    pages.push(['friend thanked', await friend.view(`${friend.path}?sent=1`)]);
    pages.push(['unsubscribe', await review.view(`${review.path}/unsubscribe`)]);
    await review.submit('/unsubscribe', {}, `${review.path}/unsubscribe`);
    pages.push(['unsubscribed', await review.view()]);
    return pages;
  }

  it.each([
    ['its own mailing address', () => withAddress, '12 Queen St E, Toronto ON M5C 1R1'],
    ['none: the operator’s', () => withoutAddress, OPERATOR.operatorMailingAddress],
  ])('names the operator and the address of a vendor with %s, in every state', async (_case, vendorOf, address) => {
    const vendor = vendorOf();
    for (const [name, html] of await everyPage(vendor)) {
      expect({ name, ...identified(html, vendor.vendorName, address) }).toEqual({ name, sentBy: true, address: true });
    }
  });

  it('says it in French to a Quebec vendor’s customers', async () => {
    const page = new CustomerBrowser(t.http, (await createReviewRequest(t.app, quebec)).link);
    const html = await page.view();
    expect(html).toContain('Leads Co gère ces pages et envoie ces messages au nom de l’entreprise Toitures Boréal.');
    expect(html).toContain('Adresse postale\u00a0: Toitures Boréal, 5 rue Principale, Québec QC');
  });
});
