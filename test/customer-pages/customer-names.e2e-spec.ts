import { VENDOR_FEATURES } from '../../src/auth/vendor-account';
import { EN } from '../../src/common/i18n/catalogues/en';
import { FR } from '../../src/common/i18n/catalogues/fr';
import { Vendor } from '../../src/vendors/entities/vendor.entity';
import { CustomerBrowser, fieldErrors } from '../support/customer-pages';
import { configureReviewSites, createReviewRequest, createVendor } from '../support/factories';
import { TestApp, createTestApp } from '../support/test-app';

/** People's names, as they write them: every name field takes each of these. */
const ACCEPTED = [
  'Marie-Ève O’Neil',
  "Marie-Ève O'Neil",
  '李小龙',
  'Jean-François Côté',
  'Nguyễn Văn Anh',
  'محمد الأمين',
  'J.R. Tolkien',
  'Sam & Kim Lee',
  'Zoë',
];

/** What a name field must never carry (docs/contract.md#reputation-kpis): addresses, phone numbers, hidden characters, length. */
const REFUSED = [
  'https://evil.example/login',
  'URGENT: your bank account is locked, verify at https://evil.example/x now',
  'evil.example',
  'www.evil',
  'joe@example.com',
  '416 555 0123',
  '+1 (416) 555-0123',
  'Bob\u202Egnp.exe',
  'Bob\u0007',
  'Bob\u200BSmith',
];

/** Each customer form with a name field: where it posts, what else it sends, and its name fields. */
const FORMS = [
  {
    form: 'email invitation',
    action: '/referrals/email',
    rest: { email: 'not an address' },
    names: ['referrerName', 'friendName'],
  },
  { form: 'text invitation', action: '/referrals/text', rest: { phone: '12' }, names: ['referrerName', 'friendName'] },
  { form: 'share link', action: '/referrals/share', rest: {}, names: ['referrerName'] },
  { form: "friend's contact request", action: '', rest: { email: '', phone: '' }, names: ['name'] },
] as const;

const escaped = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

describe('Name fields of the customer forms (e2e)', () => {
  let t: TestApp;
  let vendor: Vendor;
  let friend: CustomerBrowser;

  beforeAll(async () => {
    t = await createTestApp();
    ({ vendor } = await createVendor(t.app, { features: [...VENDOR_FEATURES] }));
    await configureReviewSites(t.app, vendor.id);
    const sharer = await atReferralStep();
    await sharer.submit('/referrals/share', { referrerName: 'Marie-Ève O’Neil' });
    friend = new CustomerBrowser(
      t.http,
      /id="share" name="share" type="text" value="([^"]+)"/.exec(await sharer.view())![1],
    );
  });
  afterAll(() => t.close());

  /** A customer at the referral step (review confirmed), with every invitation and the share form open. */
  async function atReferralStep(): Promise<CustomerBrowser> {
    const customer = new CustomerBrowser(t.http, (await createReviewRequest(t.app, vendor)).link);
    await customer.submit('/review', { happy: 'yes' });
    await customer.submit('/review/confirm');
    return customer;
  }

  it.each(FORMS.flatMap(({ form, action, rest, names }) => names.map((name) => ({ form, action, rest, name }))))(
    'the $form takes every name in $name',
    async ({ action, rest, name }) => {
      const taken: Record<string, Record<string, string>> = {};
      for (const value of ACCEPTED) {
        // Each post is refused for its other field (or, for the share link, made): the name is never the reason.
        const page = action === '' ? friend : await atReferralStep();
        const res = await page.post(action, { referrerName: 'Sam', ...rest, [name]: value });
        const errors = fieldErrors(res.text);
        if (name in errors) taken[value] = errors;
      }
      expect(taken).toEqual({});
    },
  );

  it.each(FORMS.flatMap(({ form, action, rest, names }) => names.map((name) => ({ form, action, rest, name }))))(
    'the $form refuses what is not a name in $name, in the page language, keeping what was typed',
    async ({ action, rest, name }) => {
      const page = action === '' ? friend : await atReferralStep();
      const wrong: string[] = [];
      for (const [lang, catalogue] of [
        ['en', EN],
        ['fr', FR],
      ] as const) {
        for (const value of REFUSED) {
          const res = await page.post(`${action}?lang=${lang}`, { referrerName: 'Sam', ...rest, [name]: value });
          const said = fieldErrors(res.text)[name];
          const kept = res.text.includes(`value="${escaped(value)}"`);
          if (res.status !== 400 || said !== catalogue['page.errorNotAName'] || !kept) {
            wrong.push(`${lang} ${JSON.stringify(value)}: ${res.status} ${said} kept=${kept}`);
          }
        }
      }
      expect(wrong).toEqual([]);
    },
  );

  it('the share page names the customer by the full name they gave', async () => {
    expect(await friend.view()).toContain('<h1>Marie-Ève O’Neil recommends');
  });

  it("refuses a friend's message over 1000 characters, and takes one of 1000", async () => {
    const long = await friend.post('', { name: 'Ann Lee', email: 'ann@friend.example', message: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(fieldErrors(long.text)).toEqual({ message: EN['page.errorProject'] });
    await friend.submit(
      '',
      { name: 'Ann Lee', email: 'ann@friend.example', message: 'x'.repeat(1000) },
      `${friend.path}?sent=1`,
    );
  });
});
