import request from 'supertest';
import { bearer, createLead, createVendor } from '../support/factories';
import { LEADS, ISO_MS, HOUR, ago, UNTOUCHED, useLeadsApi } from '../support/leads-api';
import type { TestApp } from '../support/test-app';

describe('Vendor leads: assignment and reads (e2e)', () => {
  const { state, list, view, accept, decline, setStatus, assign, idsOf, clockAround, expectInvalid } = useLeadsApi();
  let t: TestApp;
  let managerToken: string;
  beforeAll(() => {
    t = state.t;
    managerToken = state.managerToken;
  });

  describe('assignment by the operator', () => {
    const body = {
      category: '  Kitchen renovation ',
      customerName: 'Jane Homeowner',
      customerEmail: 'jane@customer.example',
      customerPhone: '+1 (416) 555-0199',
      customerAddress: '12 Queen St W, Toronto, ON',
      projectDetailsHtml: '<p>Full kitchen remodel</p>',
      originalJobDescription: 'We want a new kitchen.',
    };

    it('creates the lead and answers it with the contact details (201)', async () => {
      const { vendor } = await createVendor(t.app);
      const [res, stampedDuring] = await clockAround(() => assign(vendor.id, body));

      expect(res.status).toBe(201);
      const lead = res.body.data;
      expect(lead).toEqual({
        id: expect.any(Number),
        vendorId: vendor.id,
        dateCreated: expect.stringMatching(ISO_MS),
        dateModified: lead.dateCreated,
        category: 'Kitchen renovation',
        customerName: 'Jane Homeowner',
        customerEmail: 'jane@customer.example',
        customerPhone: '416-555-0199',
        customerAddress: '12 Queen St W, Toronto, ON',
        customerLocale: null,
        // Assigned by the operator's team, not referred by a customer.
        source: 'OPERATOR',
        referredBy: null,
        projectDetailsHtml: '<p>Full kitchen remodel</p>',
        originalJobDescription: 'We want a new kitchen.',
        ...UNTOUCHED,
      });
      stampedDuring(lead.dateCreated);
      expect(idsOf(await list((await createVendor(t.app)).token))).not.toContain(lead.id);
    });

    it('takes the optional contact fields as optional', async () => {
      const { vendor } = await createVendor(t.app);
      const { customerEmail: _e, customerPhone: _p, customerAddress: _a, ...required } = body;
      const res = await assign(vendor.id, required);
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ customerEmail: null, customerPhone: null, customerAddress: null });
    });

    it('answers 404 for an unknown vendor and 400 for a vendor id that is not one', async () => {
      const res = await assign(2_147_483_000, body);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: 'Vendor 2147483000 was not found.' });
      expectInvalid(await assign('abc', body), 'vendorId');
    });

    it.each([
      ['a missing category', { category: undefined }, 'category'],
      ['a blank customer name', { customerName: '   ' }, 'customerName'],
      ['a customer name over 200 characters', { customerName: 'x'.repeat(201) }, 'customerName'],
      ['an invalid e-mail', { customerEmail: 'not-an-email' }, 'customerEmail'],
      ['a null e-mail', { customerEmail: null }, 'customerEmail'],
      ['a phone that is not North American', { customerPhone: '+44 20 7946 0958' }, 'customerPhone'],
      ['a phone that is a number', { customerPhone: 4165550199 }, 'customerPhone'],
      ['missing project details', { projectDetailsHtml: undefined }, 'projectDetailsHtml'],
      [
        'a job description over 10,000 characters',
        { originalJobDescription: 'x'.repeat(10_001) },
        'originalJobDescription',
      ],
      ['an unknown property', { vendorLeadAction: 'ACCEPT' }, 'vendorLeadAction'],
    ])('refuses %s with 400', async (_case, change, field) => {
      const { vendor } = await createVendor(t.app);
      expectInvalid(await assign(vendor.id, { ...body, ...change }), field);
    });

    it('is for managers only', async () => {
      const { vendor, token } = await createVendor(t.app);
      const res = await request(t.http)
        .post(`/rest-manager-api-v1/vendors/${vendor.id}/leads`)
        .set(bearer(token))
        .send(body);
      expect(res.status).toBe(403);
      expect((await request(t.http).get(LEADS).set(bearer(managerToken))).status).toBe(403);
      expect((await request(t.http).get(LEADS)).status).toBe(401);
    });
  });

  describe('GET /general-leads', () => {
    it('pages newest first (dateCreated, then id) with correct totals at every edge', async () => {
      const { vendor, token } = await createVendor(t.app);
      // Same-minute ties are broken by id, newest first.
      const tie = ago(5 * HOUR);
      const leads = [];
      for (let i = 0; i < 25; i++) {
        leads.push(await createLead(t.app, vendor.id, { dateCreated: i < 3 ? tie : ago((30 - i) * HOUR) }));
      }
      const newestFirst = [...leads]
        .sort((a, b) => b.dateCreated.getTime() - a.dateCreated.getTime() || b.id - a.id)
        .map((lead) => lead.id);

      const first = await list(token, { size: 10 });
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({ page: 0, size: 10, totalElements: 25, totalPages: 3, last: false });
      const middle = await list(token, { page: 1, size: 10 });
      expect(middle.body.data).toMatchObject({ page: 1, totalElements: 25, totalPages: 3, last: false });
      const final = await list(token, { page: 2, size: 10 });
      expect(final.body.data).toMatchObject({ page: 2, totalElements: 25, totalPages: 3, last: true });
      expect(final.body.data.content).toHaveLength(5);
      expect([...idsOf(first), ...idsOf(middle), ...idsOf(final)]).toEqual(newestFirst);

      const beyond = await list(token, { page: 7, size: 10 });
      expect(beyond.body.data).toEqual({
        content: [],
        page: 7,
        size: 10,
        totalElements: 25,
        totalPages: 3,
        last: true,
      });
      const whole = await list(token, { size: 100 });
      expect(whole.body.data).toMatchObject({ totalPages: 1, last: true });
      expect(idsOf(whole)).toEqual(newestFirst);
      const single = await list(token, { page: 24, size: 1 });
      expect(single.body.data).toMatchObject({ totalPages: 25, last: true });
      expect(idsOf(single)).toEqual([newestFirst[24]]);
    });

    it('answers every page of every size in the same order, whichever end of the list a page is read from', async () => {
      const { vendor, token } = await createVendor(t.app);
      const tie = ago(2 * HOUR);
      const leads = [];
      for (let i = 0; i < 13; i++) {
        leads.push(await createLead(t.app, vendor.id, { dateCreated: i % 4 === 0 ? tie : ago((20 - i) * HOUR) }));
      }
      for (const lead of leads.filter((_, i) => i % 2 === 0)) await accept(token, lead.id).expect(200);
      for (const filter of ['ALL', 'ACCEPTED', 'REQUIRES_ATTENTION']) {
        const whole = idsOf(await list(token, { filter, size: 100 }));
        for (const size of [1, 2, 3, 4, 5, 6, 7, 12, 13, 14]) {
          const pages: number[] = [];
          for (let page = 0; page * size < whole.length + size; page++) {
            const res = await list(token, { filter, page, size });
            expect(res.body.data).toMatchObject({ page, size, totalElements: whole.length });
            pages.push(...idsOf(res));
          }
          expect({ filter, size, pages }).toEqual({ filter, size, pages: whole });
        }
      }
    });

    it('defaults to page 0, size 10, filter ALL', async () => {
      const { vendor, token } = await createVendor(t.app);
      for (let i = 0; i < 11; i++) await createLead(t.app, vendor.id);
      const res = await list(token);
      expect(res.body.data).toMatchObject({ page: 0, size: 10, totalElements: 11, totalPages: 2, last: false });
      expect(res.body.data.content).toHaveLength(10);
    });

    it('answers an empty first page for a vendor with no leads', async () => {
      const { token } = await createVendor(t.app);
      expect((await list(token)).body).toEqual({
        success: true,
        data: { content: [], page: 0, size: 10, totalElements: 0, totalPages: 0, last: true },
      });
    });

    it.each([
      ['page=abc', { page: 'abc' }, 'page'],
      ['page=-1', { page: -1 }, 'page'],
      ['page=1.5', { page: '1.5' }, 'page'],
      ['size=0', { size: 0 }, 'size'],
      ['size=101', { size: 101 }, 'size'],
      ['size=ten', { size: 'ten' }, 'size'],
      ['filter=FOO', { filter: 'FOO' }, 'filter'],
      ['filter=accepted (case matters)', { filter: 'accepted' }, 'filter'],
      ['an unknown parameter', { sort: 'id' }, 'sort'],
    ])('refuses %s with a 400 naming the field', async (_case, query, field) => {
      const { token } = await createVendor(t.app);
      expectInvalid(await list(token, query), field);
    });

    it('refuses a repeated parameter with 400', async () => {
      const { token } = await createVendor(t.app);
      expectInvalid(await request(t.http).get(`${LEADS}?size=10&size=20`).set(bearer(token)), 'size');
    });

    it('hides the contact details of every lead that is not accepted, in the list and the detail', async () => {
      const { vendor, token } = await createVendor(t.app);
      const pending = await createLead(t.app, vendor.id);
      const accepted = await createLead(t.app, vendor.id);
      const declined = await createLead(t.app, vendor.id);
      const expired = await createLead(t.app, vendor.id, { dateCreated: ago(73 * HOUR) });
      await accept(token, accepted.id).expect(200);
      await decline(token, declined.id).expect(200);

      const content: Record<string, unknown>[] = (await list(token)).body.data.content;
      const byId = new Map(content.map((lead) => [lead.id, lead]));
      for (const hidden of [pending, declined, expired]) {
        expect(byId.get(hidden.id)).toMatchObject({ customerEmail: null, customerPhone: null, customerAddress: null });
        expect((await view(token, hidden.id)).body.data).toMatchObject({
          customerEmail: null,
          customerPhone: null,
          customerAddress: null,
        });
      }
      const shown = {
        customerEmail: accepted.customerEmail,
        customerPhone: '416-555-0199',
        customerAddress: '12 Queen St W, Toronto, ON',
      };
      expect(byId.get(accepted.id)).toMatchObject(shown);
      expect((await view(token, accepted.id)).body.data).toMatchObject(shown);
      expect(byId.get(expired.id)).toMatchObject({ vendorLeadAction: 'EXPIRED' });
    });

    it('answers every Lead field of the spec, times in ISO 8601 UTC with milliseconds', async () => {
      const { vendor, token } = await createVendor(t.app);
      const lead = await createLead(t.app, vendor.id, { category: 'Roofing', customerName: 'Sam Roof' });
      const [item] = (await list(token)).body.data.content;
      expect(item).toEqual({
        id: lead.id,
        dateCreated: lead.dateCreated.toISOString(),
        dateModified: lead.dateModified.toISOString(),
        category: 'Roofing',
        customerName: 'Sam Roof',
        customerEmail: null,
        customerPhone: null,
        customerAddress: null,
        // Assigned by the operator's team, not referred by a customer.
        source: 'OPERATOR',
        referredBy: null,
        projectDetailsHtml: '<p>Full kitchen remodel</p>',
        originalJobDescription: 'We want a new kitchen.',
        ...UNTOUCHED,
      });
      expect(item.dateCreated).toMatch(ISO_MS);
    });
  });

  describe('GET /general-leads/{id}', () => {
    it('answers the lead and marks it viewed (dateModified set once)', async () => {
      const { vendor, token } = await createVendor(t.app);
      const lead = await createLead(t.app, vendor.id, { dateCreated: ago(HOUR) });

      const [first, stampedDuring] = await clockAround(() => view(token, lead.id));
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({ id: lead.id, vendorNotificationViewed: true, vendorLeadAction: 'NONE' });
      stampedDuring(first.body.data.dateModified);

      const again = await view(token, lead.id);
      expect(again.body.data.dateModified).toBe(first.body.data.dateModified);
      const [listed] = (await list(token)).body.data.content;
      expect(listed).toEqual(first.body.data);
    });

    it.each([
      ['a word', 'abc'],
      ['zero', '0'],
      ['a fraction', '1.5'],
      ['a negative id', '-3'],
      ['a number beyond int64 precision', '99999999999999999999'],
    ])('refuses %s as id with 400 on every route', async (_case, id) => {
      const { token } = await createVendor(t.app);
      for (const res of [
        await view(token, id),
        await accept(token, id),
        await decline(token, id),
        await setStatus(token, id, { postLeadStatus: 'OTHER' }),
      ]) {
        expectInvalid(res, 'id');
      }
    });
  });
});
