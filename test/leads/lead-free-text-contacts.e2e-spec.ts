import request from 'supertest';
import { VENDOR_API as V } from '../support/api-paths';
import { bearer, createVendor } from '../support/factories';
import { useLeadsApi } from '../support/leads-api';

/** A friend's request as people type it: contacts in full-width and written-out spellings, and a link. */
const WRITTEN =
  'Call me …fred@example.com 514 555 0133, or ５１４ ５５５ ０１３３, or fred＠example．com or fred@example[.]com; see https://evil。example/x';
const HIDDEN =
  'Call me ...[contact hidden] [contact hidden], or [contact hidden], or [contact hidden] or [contact hidden]; see hxxps://evil[.]example/x';

describe('A lead not yet accepted shows no contact details in its free text (e2e)', () => {
  const { state, view, accept, assign } = useLeadsApi();

  it('hides them in originalJobDescription, projectDetailsHtml and lead.assigned, until the lead is accepted', async () => {
    const { vendor, token } = await createVendor(state.t.app);
    const assigned = await assign(vendor.id, {
      category: 'Deck',
      customerName: 'Fred',
      customerEmail: 'fred@example.com',
      projectDetailsHtml: `<p>${WRITTEN.replace('&', '&amp;')}</p>`,
      originalJobDescription: WRITTEN,
    }).expect(201);
    const id = (assigned.body as { data: { id: number } }).data.id;

    const before = (await view(token, id).expect(200)).body.data;
    expect(before.originalJobDescription).toBe(HIDDEN);
    expect(before.projectDetailsHtml).toBe(`<p>${HIDDEN}</p>`);
    const listed = await request(state.t.http).get(`${V}/general-leads`).set(bearer(token)).expect(200);
    expect((listed.body.data.content as { originalJobDescription: string }[])[0].originalJobDescription).toBe(HIDDEN);

    const feed = await request(state.t.http).get(`${V}/events?limit=10`).set(bearer(token)).expect(200);
    const [event] = (feed.body.data.content as { type: string; data: Record<string, string> }[]).filter(
      (e) => e.type === 'lead.assigned',
    );
    expect(event.data.originalJobDescription).toBe(HIDDEN);
    expect(event.data.projectDetailsHtml).toBe(`<p>${HIDDEN}</p>`);

    await accept(token, id).expect(200);
    const after = (await view(token, id).expect(200)).body.data;
    expect(after.originalJobDescription).toBe(WRITTEN);
  });
});
