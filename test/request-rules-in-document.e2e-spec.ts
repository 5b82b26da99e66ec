import { readFileSync } from 'node:fs';
import request from 'supertest';
import { createVendor } from './support/factories';
import { expectError } from './support/envelope-assertions';
import { ManagerTestApp, createManagerTestApp } from './support/manager-app';

interface PropertySchema {
  minLength?: number;
  pattern?: string;
}
interface ObjectSchema {
  properties: Record<string, PropertySchema>;
  anyOf?: { required: string[] }[];
}

/** The built service's document (written by the global setup), which carries the DTOs' properties. */
function schemas(): Record<string, ObjectSchema> {
  const document = JSON.parse(readFileSync(process.env.E2E_OPENAPI_DOCUMENT!, 'utf8')) as {
    components: { schemas: Record<string, ObjectSchema> };
  };
  return document.components.schemas;
}

const LEAD = {
  category: 'Kitchen renovation',
  customerName: 'Jane Homeowner',
  customerEmail: 'jane@customer.example',
  projectDetailsHtml: '<p>Full kitchen remodel</p>',
  originalJobDescription: 'We want a new kitchen.',
};

// A client generated from the document must not be able to send what the server refuses: the rules
// the server applies to request bodies are in the document too.
describe('request rules the document states (e2e)', () => {
  let t: ManagerTestApp;

  beforeAll(async () => {
    t = await createManagerTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('a trimmed required text must hold a non-blank character, in the document and on the server', async () => {
    const category = schemas().CreateLeadDto.properties.category;
    expect(category).toMatchObject({ minLength: 1, pattern: '\\S' });
    const blank = ' \t ';
    expect(new RegExp(category.pattern!, 'u').test(blank)).toBe(false);

    const { vendor } = await createVendor(t.app);
    const leads = `/rest-manager-api-v1/vendors/${vendor.id}/leads`;
    expectError(
      await request(t.http)
        .post(leads)
        .set(t.manager)
        .send({ ...LEAD, category: blank }),
      400,
      /category/,
    );
    const created = await request(t.http).post(leads).set(t.manager).send(LEAD);
    expect(created.body).toMatchObject({ success: true });
    expect(created.status).toBe(201);
  });

  it('a vendor update needs at least one field, in the document (anyOf) and on the server', async () => {
    const update = schemas().UpdateVendorDto;
    const alternatives = update.anyOf?.flatMap(({ required }) => required).sort();
    expect(alternatives).toEqual(Object.keys(update.properties).sort());

    const { vendor } = await createVendor(t.app);
    const path = `/rest-manager-api-v1/vendors/${vendor.id}`;
    expectError(await request(t.http).patch(path).set(t.manager).send({}), 400, /at least one of them is required/);
    const changed = await request(t.http).patch(path).set(t.manager).send({ activated: false });
    expect(changed.body).toMatchObject({ success: true });
    expect(changed.status).toBe(200);
  });
});
