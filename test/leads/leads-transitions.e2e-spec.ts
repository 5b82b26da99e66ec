import { SchedulerRegistry } from '@nestjs/schedule';
import { LeadsService } from '../../src/leads/leads.service';
import { createLead, createVendor } from '../support/factories';
import { HOUR, DAY, ago, useLeadsApi } from '../support/leads-api';
import type { TestApp } from '../support/test-app';

describe('Vendor leads: transitions, expiry and isolation (e2e)', () => {
  const {
    state,
    list,
    counts,
    view,
    accept,
    decline,
    setStatus,
    idsOf,
    stored,
    clockAround,
    expectInvalid,
    expectConflict,
    expectNotFound,
  } = useLeadsApi();
  let t: TestApp;
  beforeAll(() => {
    t = state.t;
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
