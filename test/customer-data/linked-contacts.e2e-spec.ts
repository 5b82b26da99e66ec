import request from 'supertest';
import { type Person, useCustomerDataBed } from '../support/customer-data-bed';
import { MANAGER_API as M, VENDOR_API as V } from '../support/api-paths';

jest.setTimeout(90_000);

/**
 * `includeLinked` (docs/contract.md#data-rights): an erasure by e-mail also erases and suppresses the
 * phone written on the records it finds, unless `includeLinked: false`, when only the e-mail goes.
 */
describe('Customer data erasure: linked contacts (e2e)', () => {
  const { state, person, assignLead } = useCustomerDataBed('linked_contacts');

  /** Vendor A's lead with the e-mail and phone, vendor B's with the phone alone. */
  async function leadsOf(p: Person): Promise<{ phoneOnlyLeadId: number }> {
    const { a, b } = state;
    await assignLead(a.id, { customerName: p.name, customerEmail: p.email, customerPhone: p.phone });
    const phoneOnly = await assignLead(b.id, { customerName: p.name, customerPhone: p.phone });
    return { phoneOnlyLeadId: phoneOnly.body.data.id as number };
  }
  const phoneOnlyLead = async (id: number) =>
    (
      await state.bed.t.dataSource.query<{ name: string; phone: string | null }[]>(
        'SELECT customer_name AS name, customer_phone AS phone FROM leads WHERE id = $1',
        [id],
      )
    )[0];
  const askByPhone = (p: Person) =>
    request(state.bed.t.http).post(`${V}/review-requests`).set(state.b.auth).send({ firstName: 'Zoé', phone: p.phone });

  it('by default erases and suppresses the phone found on the e-mail’s lead, at every vendor', async () => {
    const p = person();
    const { phoneOnlyLeadId } = await leadsOf(p);
    const erased = await request(state.bed.t.http)
      .post(`${M}/customer-data/erase`)
      .set(state.bed.manager)
      .send({ email: p.email })
      .expect(200);
    expect(erased.body.data).toMatchObject({ leads: 2, linkedContacts: 1 });
    expect(await phoneOnlyLead(phoneOnlyLeadId)).toEqual({ name: '[erased]', phone: null });
    expect((await askByPhone(p)).status).toBe(409);
  });

  it('with includeLinked false erases only what holds the e-mail given', async () => {
    const p = person();
    const { phoneOnlyLeadId } = await leadsOf(p);
    const erased = await request(state.bed.t.http)
      .post(`${M}/customer-data/erase`)
      .set(state.bed.manager)
      .send({ email: p.email, includeLinked: false })
      .expect(200);
    expect(erased.body.data).toMatchObject({ leads: 1, linkedContacts: 0 });
    expect(await phoneOnlyLead(phoneOnlyLeadId)).toEqual({ name: p.name, phone: p.phone });
    expect((await askByPhone(p)).status).toBe(201);
  });
});
