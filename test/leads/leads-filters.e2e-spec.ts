import { LeadsService } from '../../src/leads/leads.service';
import { createLead, createVendor } from '../support/factories';
import { HOUR, DAY, ago, useLeadsApi } from '../support/leads-api';
import type { TestApp } from '../support/test-app';

describe('Vendor leads: filters and counts (e2e)', () => {
  const { state, list, counts, view, accept, decline, setStatus, idsOf } = useLeadsApi();
  let t: TestApp;
  beforeAll(() => {
    t = state.t;
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
});
