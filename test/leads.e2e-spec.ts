import { SchedulerRegistry } from '@nestjs/schedule';
import request from 'supertest';
import { LeadsService } from '../src/leads/leads.service';
import { bearer, createAdmin, createLead, createVendor } from './support/factories';
import { TestApp, createTestApp } from './support/test-app';

const LEADS = '/rest-api-v1/general-leads';
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number): Date => new Date(Date.now() - ms);
/** What the vendor has done with a lead just assigned: nothing yet. */
const UNTOUCHED = {
  actionDate: null,
  vendorNotificationViewed: false,
  vendorLeadAction: 'NONE',
  declineReason: null,
  postLeadStatus: null,
  postLeadRequiresAction: false,
};

describe('Vendor leads (e2e)', () => {
  let t: TestApp;
  let managerToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    managerToken = (await createAdmin(t.app)).token;
  });
  afterAll(() => t.close());

  const list = (token: string, query: Record<string, string | number> = {}) =>
    request(t.http).get(LEADS).query(query).set(bearer(token));
  const counts = (token: string) => request(t.http).get(`${LEADS}/filter-counts`).set(bearer(token));
  const view = (token: string, id: number | string) => request(t.http).get(`${LEADS}/${id}`).set(bearer(token));
  const accept = (token: string, id: number | string) =>
    request(t.http).post(`${LEADS}/${id}/accept`).set(bearer(token));
  const decline = (token: string, id: number | string, body: object = { declineReason: 'Outside our area.' }) =>
    request(t.http).post(`${LEADS}/${id}/decline`).set(bearer(token)).send(body);
  const setStatus = (token: string, id: number | string, body: object) =>
    request(t.http).patch(`${LEADS}/${id}/post-lead-status`).set(bearer(token)).send(body);
  const assign = (vendorId: number | string, body: object) =>
    request(t.http).post(`/rest-manager-api-v1/vendors/${vendorId}/leads`).set(bearer(managerToken)).send(body);

  const idsOf = (res: request.Response): number[] => (res.body.data.content as { id: number }[]).map((lead) => lead.id);
  const stored = async (id: number): Promise<Record<string, unknown>> => {
    const [row]: Record<string, unknown>[] = await t.dataSource.query('SELECT * FROM leads WHERE id = $1', [id]);
    return row;
  };
  /**
   * Runs `action` between two readings of the database's clock, which stamps the leads' dates, and
   * answers a check that a date was stamped during it (no guess at how long a request may take).
   */
  const clockAround = async <T>(action: () => Promise<T>): Promise<[T, (iso: string) => void]> => {
    const now = async (): Promise<number> =>
      ((await t.dataSource.query('SELECT clock_timestamp() AS now'))[0].now as Date).getTime();
    const from = await now();
    const result = await action();
    const to = await now();
    const stampedDuring = (iso: string): void => {
      expect(iso).toMatch(ISO_MS);
      expect(Date.parse(iso)).toBeGreaterThanOrEqual(from);
      expect(Date.parse(iso)).toBeLessThanOrEqual(to);
    };
    return [result, stampedDuring];
  };

  const expectInvalid = (res: request.Response, field: string): void => {
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: expect.stringMatching(/^Invalid request: /),
      details: expect.arrayContaining([expect.objectContaining({ field })]),
    });
  };
  const expectConflict = (res: request.Response, pattern: RegExp): void => {
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, error: expect.stringMatching(pattern) });
  };
  const expectNotFound = (res: request.Response, id: number): void => {
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: `Lead ${id} was not found.` });
  };

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
        projectDetailsHtml: '<p>Full kitchen remodel</p>',
        originalJobDescription: 'We want a new kitchen.',
        ...UNTOUCHED,
      });
      expect(item.dateCreated).toMatch(ISO_MS);
    });
  });

  describe('filters and counts', () => {
    it('filters ACCEPTED and REQUIRES_ATTENTION as the contract defines, and the counts match the lists', async () => {
      const { vendor, token } = await createVendor(t.app);
      const lead = (options = {}) => createLead(t.app, vendor.id, options);
      const setStatusDate = (id: number, date: Date) =>
        t.dataSource.query('UPDATE leads SET post_lead_status_date = $1 WHERE id = $2', [date, id]);

      const pending = await lead();
      const pendingViewed = await lead();
      await view(token, pendingViewed.id).expect(200);
      const acceptedNoStatus = await lead();
      const acceptedFreshStatus = await lead();
      const acceptedStaleStatus = await lead();
      const acceptedStaleFinal = await lead();
      const declined = await lead();
      const expiredStored = await lead({ dateCreated: ago(100 * HOUR) });
      await t.app.get(LeadsService).expireOverdue();
      const overdue = await lead({ dateCreated: ago(80 * HOUR) }); // expired, not yet stored as such
      for (const accepted of [acceptedNoStatus, acceptedFreshStatus, acceptedStaleStatus, acceptedStaleFinal]) {
        await accept(token, accepted.id).expect(200);
      }
      await setStatus(token, acceptedFreshStatus.id, { postLeadStatus: 'QUOTE_SENT' }).expect(200);
      await setStatus(token, acceptedStaleStatus.id, { postLeadStatus: 'MEETUP_SCHEDULED' }).expect(200);
      await setStatus(token, acceptedStaleFinal.id, { postLeadStatus: 'JOB_WON' }).expect(200);
      await setStatusDate(acceptedStaleStatus.id, ago(8 * DAY));
      await setStatusDate(acceptedStaleFinal.id, ago(30 * DAY));
      await decline(token, declined.id).expect(200);

      const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
      const filtered = async (filter: string) => {
        const res = await list(token, { filter, size: 100 });
        expect(res.status).toBe(200);
        expect(res.body.data.totalElements).toBe(res.body.data.content.length);
        return sorted(idsOf(res));
      };
      const all = [
        pending,
        pendingViewed,
        acceptedNoStatus,
        acceptedFreshStatus,
        acceptedStaleStatus,
        acceptedStaleFinal,
        declined,
        overdue,
        expiredStored,
      ].map((l) => l.id);
      const acceptedIds = [acceptedNoStatus, acceptedFreshStatus, acceptedStaleStatus, acceptedStaleFinal].map(
        (l) => l.id,
      );
      const attention = [pending, pendingViewed, acceptedNoStatus, acceptedStaleStatus].map((l) => l.id);

      expect(await filtered('ALL')).toEqual(sorted(all));
      expect(await filtered('ACCEPTED')).toEqual(sorted(acceptedIds));
      expect(await filtered('REQUIRES_ATTENTION')).toEqual(sorted(attention));
      expect((await counts(token)).body).toEqual({
        success: true,
        data: { allLeadsCount: 9, acceptedLeadsCount: 4, requiresAttentionLeadsCount: 4 },
      });

      const content: Record<string, unknown>[] = (await list(token, { size: 100 })).body.data.content;
      const requiresAction = Object.fromEntries(content.map((l) => [l.id, l.postLeadRequiresAction]));
      expect(requiresAction).toEqual({
        [pending.id]: false,
        [pendingViewed.id]: false,
        [acceptedNoStatus.id]: true,
        [acceptedFreshStatus.id]: false,
        [acceptedStaleStatus.id]: true,
        [acceptedStaleFinal.id]: false,
        [declined.id]: false,
        [overdue.id]: false,
        [expiredStored.id]: false,
      });
    });

    it('counts only the vendor’s own leads', async () => {
      const { vendor, token } = await createVendor(t.app);
      const other = await createVendor(t.app);
      await createLead(t.app, vendor.id);
      await createLead(t.app, other.vendor.id);
      await createLead(t.app, other.vendor.id);
      expect((await counts(token)).body.data).toEqual({
        allLeadsCount: 1,
        acceptedLeadsCount: 0,
        requiresAttentionLeadsCount: 1,
      });
      expect((await counts((await createVendor(t.app)).token)).body.data).toEqual({
        allLeadsCount: 0,
        acceptedLeadsCount: 0,
        requiresAttentionLeadsCount: 0,
      });
    });

    it('keeps the stored ALL and ACCEPTED counts equal to the leads, whatever changes them', async () => {
      const vendors = [await createVendor(t.app), await createVendor(t.app)];
      const [first, second] = vendors;
      const leads = [];
      for (let i = 0; i < 4; i++) leads.push(await createLead(t.app, first.vendor.id));
      leads.push(await createLead(t.app, first.vendor.id, { dateCreated: ago(100 * HOUR) }));
      await accept(first.token, leads[0].id).expect(200);
      await accept(first.token, leads[1].id).expect(200);
      await decline(first.token, leads[2].id).expect(200);
      await t.app.get(LeadsService).expireOverdue();
      // Changes no route makes, straight in SQL: several vendors in one statement, a move, a delete.
      await t.dataSource.query(
        `INSERT INTO leads (vendor_id, category, customer_name, project_details_html, original_job_description,
                            vendor_lead_action)
         SELECT v, 'Roofing', 'Bulk', '<p>x</p>', 'x', a::lead_action
           FROM unnest($1::int[]) AS v, unnest(ARRAY['NONE', 'ACCEPT', 'ACCEPT']) AS a`,
        [[first.vendor.id, second.vendor.id]],
      );
      await t.dataSource.query('UPDATE leads SET vendor_id = $1 WHERE id = $2', [second.vendor.id, leads[0].id]);
      await t.dataSource.query('DELETE FROM leads WHERE id = $1', [leads[3].id]);

      for (const { vendor, token } of vendors) {
        const [actual]: { all: number; accepted: number }[] = await t.dataSource.query(
          `SELECT count(*)::int AS all, (count(*) FILTER (WHERE vendor_lead_action = 'ACCEPT'))::int AS accepted
             FROM leads WHERE vendor_id = $1`,
          [vendor.id],
        );
        const { data } = (await counts(token)).body;
        expect({ all: data.allLeadsCount, accepted: data.acceptedLeadsCount }).toEqual(actual);
        expect((await list(token)).body.data.totalElements).toBe(actual.all);
        expect((await list(token, { filter: 'ACCEPTED' })).body.data.totalElements).toBe(actual.accepted);
      }
      // 5 + 3 - 1 moved - 1 deleted; 2 accepted + 2 bulk - 1 moved.
      expect((await counts(first.token)).body.data).toMatchObject({ allLeadsCount: 6, acceptedLeadsCount: 3 });
    });

    it('pages within a filter', async () => {
      const { vendor, token } = await createVendor(t.app);
      const accepted = [];
      for (let i = 0; i < 5; i++) {
        const lead = await createLead(t.app, vendor.id, { dateCreated: ago((10 - i) * HOUR) });
        await createLead(t.app, vendor.id, { dateCreated: ago((10 - i) * HOUR) });
        await accept(token, lead.id).expect(200);
        accepted.unshift(lead.id);
      }
      const second = await list(token, { filter: 'ACCEPTED', page: 1, size: 2 });
      expect(second.body.data).toMatchObject({ page: 1, size: 2, totalElements: 5, totalPages: 3, last: false });
      expect(idsOf(second)).toEqual(accepted.slice(2, 4));
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

  describe('transitions', () => {
    it('accepts a pending lead: action and dates set, contact details shown, status now due', async () => {
      const { vendor, token } = await createVendor(t.app);
      const lead = await createLead(t.app, vendor.id, { dateCreated: ago(HOUR) });

      const [res, stampedDuring] = await clockAround(() => accept(token, lead.id));
      expect(res.status).toBe(200);
      const data = res.body.data;
      expect(data).toMatchObject({
        id: lead.id,
        vendorLeadAction: 'ACCEPT',
        vendorNotificationViewed: true,
        customerEmail: lead.customerEmail,
        customerPhone: lead.customerPhone,
        customerAddress: lead.customerAddress,
        declineReason: null,
        postLeadStatus: null,
        postLeadRequiresAction: true,
      });
      stampedDuring(data.actionDate);
      expect(data.dateModified).toBe(data.actionDate);
      expect((await view(token, lead.id)).body.data).toEqual(data);
    });

    it('declines a pending lead with its reason (trimmed); the contact details stay hidden', async () => {
      const { vendor, token } = await createVendor(t.app);
      const lead = await createLead(t.app, vendor.id);

      const [res, stampedDuring] = await clockAround(() =>
        decline(token, lead.id, { declineReason: '  Outside our service area.  ' }),
      );
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        vendorLeadAction: 'DECLINE',
        declineReason: 'Outside our service area.',
        customerEmail: null,
        customerPhone: null,
        customerAddress: null,
        postLeadRequiresAction: false,
      });
      stampedDuring(res.body.data.actionDate);
      expect(res.body.data.dateModified).toBe(res.body.data.actionDate);
    });

    it.each([
      ['no reason', {}],
      ['an empty reason', { declineReason: '' }],
      ['a blank reason', { declineReason: '   ' }],
      ['a reason over 500 characters', { declineReason: 'x'.repeat(501) }],
      ['a reason that is not a string', { declineReason: 42 }],
      ['a null reason', { declineReason: null }],
    ])('refuses a decline with %s (400) and leaves the lead pending', async (_case, body) => {
      const { vendor, token } = await createVendor(t.app);
      const lead = await createLead(t.app, vendor.id);
      expectInvalid(await decline(token, lead.id, body), 'declineReason');
      expect((await view(token, lead.id)).body.data.vendorLeadAction).toBe('NONE');
    });

    it('takes a 500-character reason', async () => {
      const { vendor, token } = await createVendor(t.app);
      const lead = await createLead(t.app, vendor.id);
      const res = await decline(token, lead.id, { declineReason: 'x'.repeat(500) });
      expect(res.status).toBe(200);
      expect(res.body.data.declineReason).toHaveLength(500);
    });

    it('refuses every transition out of ACCEPT and DECLINE with 409, changing nothing', async () => {
      const { vendor, token } = await createVendor(t.app);
      const accepted = await createLead(t.app, vendor.id);
      const declined = await createLead(t.app, vendor.id);
      const acceptedData = (await accept(token, accepted.id)).body.data;
      const declinedData = (await decline(token, declined.id)).body.data;

      expectConflict(await accept(token, accepted.id), /^Lead \d+ cannot be accepted: it was already accepted\.$/);
      expectConflict(await decline(token, accepted.id), /^Lead \d+ cannot be declined: it was already accepted\.$/);
      expectConflict(await accept(token, declined.id), /^Lead \d+ cannot be accepted: it was declined\.$/);
      expectConflict(await decline(token, declined.id), /^Lead \d+ cannot be declined: it was declined\.$/);
      expectConflict(
        await setStatus(token, declined.id, { postLeadStatus: 'OTHER' }),
        /^Lead \d+ is not accepted \(it was declined\); only an accepted lead takes a post-lead status\.$/,
      );
      expect((await view(token, accepted.id)).body.data).toEqual(acceptedData);
      expect((await view(token, declined.id)).body.data).toEqual(declinedData);
    });

    it('sets the post-lead status of an accepted lead only', async () => {
      const { vendor, token } = await createVendor(t.app);
      const lead = await createLead(t.app, vendor.id);
      expectConflict(
        await setStatus(token, lead.id, { postLeadStatus: 'QUOTE_SENT' }),
        /is not accepted \(it is still waiting to be accepted or declined\)/,
      );
      const accepted = (await accept(token, lead.id)).body.data;

      const res = await setStatus(token, lead.id, { postLeadStatus: 'QUOTE_SENT' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        postLeadStatus: 'QUOTE_SENT',
        postLeadRequiresAction: false,
        vendorLeadAction: 'ACCEPT',
        actionDate: accepted.actionDate,
      });
      expect(Date.parse(res.body.data.dateModified)).toBeGreaterThanOrEqual(Date.parse(accepted.dateModified));

      // A final status may still be corrected; it is one of the sixteen values.
      const won = await setStatus(token, lead.id, { postLeadStatus: 'JOB_WON' });
      expect(won.body.data).toMatchObject({ postLeadStatus: 'JOB_WON', postLeadRequiresAction: false });
      expectInvalid(await setStatus(token, lead.id, { postLeadStatus: 'WON' }), 'postLeadStatus');
      expectInvalid(await setStatus(token, lead.id, {}), 'postLeadStatus');
      expectInvalid(await setStatus(token, lead.id, { postLeadStatus: null }), 'postLeadStatus');
      expectInvalid(await setStatus(token, lead.id, { postLeadStatus: 'OTHER', note: 'x' }), 'note');
      expect((await view(token, lead.id)).body.data.postLeadStatus).toBe('JOB_WON');
    });

    it('takes each of the sixteen statuses; only a stale non-final one requires action', async () => {
      const { vendor, token } = await createVendor(t.app);
      const statuses = [
        'NO_RESPONSE',
        'HOMEOWNER_CONTACTED',
        'MEETUP_SCHEDULED',
        'QUOTE_SENT',
        'JOB_PENDING_DECISION',
        'JOB_WON',
        'JOB_LOST',
        'JOB_POSTPONED_OR_CANCELLED',
        'NO_RESPONSE_FROM_HOMEOWNER',
        'OTHER',
        'REACHED_OUT_TO_HOMEOWNER',
        'MULTIPLE_ATTEMPTS_NO_RESPONSE',
        'CONTACT_MADE',
        'ESTIMATE_PROVIDED',
        'LEAD_WON',
        'LEAD_LOST',
      ];
      const finals = new Set(['JOB_WON', 'JOB_LOST', 'JOB_POSTPONED_OR_CANCELLED', 'LEAD_WON', 'LEAD_LOST']);
      const lead = await createLead(t.app, vendor.id);
      await accept(token, lead.id).expect(200);
      for (const postLeadStatus of statuses) {
        await setStatus(token, lead.id, { postLeadStatus }).expect(200);
        // Just set: never due. Seven days and a minute later: due unless final.
        expect((await view(token, lead.id)).body.data.postLeadRequiresAction).toBe(false);
        await t.dataSource.query('UPDATE leads SET post_lead_status_date = $1 WHERE id = $2', [
          ago(7 * DAY + 60_000),
          lead.id,
        ]);
        const due = (await view(token, lead.id)).body.data.postLeadRequiresAction;
        expect([postLeadStatus, due]).toEqual([postLeadStatus, !finals.has(postLeadStatus)]);
      }
      // Six days: not yet due.
      await setStatus(token, lead.id, { postLeadStatus: 'QUOTE_SENT' }).expect(200);
      await t.dataSource.query('UPDATE leads SET post_lead_status_date = $1 WHERE id = $2', [ago(6 * DAY), lead.id]);
      expect((await view(token, lead.id)).body.data.postLeadRequiresAction).toBe(false);
    });

    it('leaves exactly one winner when accept and decline race', async () => {
      const { vendor, token } = await createVendor(t.app);
      for (let round = 0; round < 5; round++) {
        const lead = await createLead(t.app, vendor.id);
        const [accepted, declined] = await Promise.all([accept(token, lead.id), decline(token, lead.id)]);
        const statuses = [accepted.status, declined.status].sort();
        expect(statuses).toEqual([200, 409]);
        const winner = accepted.status === 200 ? 'ACCEPT' : 'DECLINE';
        const row = await stored(lead.id);
        expect(row.vendor_lead_action).toBe(winner);
        expect(row.decline_reason).toBe(winner === 'DECLINE' ? 'Outside our area.' : null);
      }
    });

    it('leaves exactly one winner when two accepts race', async () => {
      const { vendor, token } = await createVendor(t.app);
      for (let round = 0; round < 5; round++) {
        const lead = await createLead(t.app, vendor.id);
        const results = await Promise.all([accept(token, lead.id), accept(token, lead.id), accept(token, lead.id)]);
        expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
        const winner = results.find((r) => r.status === 200)!;
        expect((await stored(lead.id)).action_date).toEqual(new Date(winner.body.data.actionDate));
      }
    });
  });

  describe('expiry', () => {
    it('shows a lead still NONE past LEAD_EXPIRY_HOURS as EXPIRED and refuses to decide it, before and after the job', async () => {
      const { vendor, token } = await createVendor(t.app);
      const created = ago(72 * HOUR + 60_000);
      const lead = await createLead(t.app, vendor.id, { dateCreated: created });
      const expiredAt = new Date(created.getTime() + 72 * HOUR).toISOString();

      const before = (await list(token)).body.data.content[0];
      expect(before).toMatchObject({
        id: lead.id,
        vendorLeadAction: 'EXPIRED',
        dateModified: expiredAt,
        actionDate: null,
        postLeadRequiresAction: false,
      });
      expect(idsOf(await list(token, { filter: 'REQUIRES_ATTENTION' }))).toEqual([]);
      expectConflict(
        await accept(token, lead.id),
        /^Lead \d+ cannot be accepted: it expired, not accepted or declined within 72 hours\.$/,
      );
      expectConflict(await decline(token, lead.id), /cannot be declined: it expired/);
      expectConflict(await setStatus(token, lead.id, { postLeadStatus: 'OTHER' }), /is not accepted \(it expired/);

      expect(await t.app.get(LeadsService).expireOverdue()).toBeGreaterThanOrEqual(1);
      const row = await stored(lead.id);
      expect(row.vendor_lead_action).toBe('EXPIRED');
      expect((row.date_modified as Date).toISOString()).toBe(expiredAt);
      expect((await list(token)).body.data.content[0]).toEqual(before);
      expectConflict(await accept(token, lead.id), /it expired/);
    });

    it('keeps a lead within LEAD_EXPIRY_HOURS pending and acceptable; the job leaves it alone', async () => {
      const { vendor, token } = await createVendor(t.app);
      const lead = await createLead(t.app, vendor.id, { dateCreated: ago(71 * HOUR) });
      await t.app.get(LeadsService).expireOverdue();
      expect((await stored(lead.id)).vendor_lead_action).toBe('NONE');
      expect(idsOf(await list(token, { filter: 'REQUIRES_ATTENTION' }))).toEqual([lead.id]);
      expect((await accept(token, lead.id)).body.data.vendorLeadAction).toBe('ACCEPT');
    });

    it('keeps the dateModified of a lead viewed after it expired', async () => {
      const { vendor, token } = await createVendor(t.app);
      const lead = await createLead(t.app, vendor.id, { dateCreated: ago(90 * HOUR) });
      const [res, stampedDuring] = await clockAround(() => view(token, lead.id));
      const viewed = res.body.data;
      expect(viewed).toMatchObject({ vendorLeadAction: 'EXPIRED', vendorNotificationViewed: true });
      stampedDuring(viewed.dateModified);
      await t.app.get(LeadsService).expireOverdue();
      expect((await view(token, lead.id)).body.data).toEqual(viewed);
    });

    it('runs the expiry job on a schedule', () => {
      expect(t.app.get(SchedulerRegistry).getIntervals()).toContain('lead-expiry');
    });
  });

  describe('vendor isolation', () => {
    it('answers 404 for another vendor’s lead on every route and changes nothing', async () => {
      const owner = await createVendor(t.app);
      const intruder = await createVendor(t.app);
      const lead = await createLead(t.app, owner.vendor.id);
      const missing = 2 ** 52;

      for (const id of [lead.id, missing]) {
        expectNotFound(await view(intruder.token, id), id);
        expectNotFound(await accept(intruder.token, id), id);
        expectNotFound(await decline(intruder.token, id), id);
        expectNotFound(await setStatus(intruder.token, id, { postLeadStatus: 'OTHER' }), id);
      }
      expect(idsOf(await list(intruder.token))).toEqual([]);
      expect((await counts(intruder.token)).body.data.allLeadsCount).toBe(0);

      const row = await stored(lead.id);
      expect(row).toMatchObject({ vendor_lead_action: 'NONE', vendor_notification_viewed: false, action_date: null });
      expect(row.date_modified).toEqual(lead.dateModified);
      expect((await view(owner.token, lead.id)).status).toBe(200);
    });
  });
});
