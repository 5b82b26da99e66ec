import { readFileSync } from 'node:fs';
import request from 'supertest';
import { bearer, createVendor } from '../support/factories';
import { expectError } from '../support/envelope-assertions';
import { ManagerTestApp, createManagerTestApp } from '../support/manager-app';
import { NOT_BLANK_TEXT_PATTERN } from '../../src/common/validation/text-pattern';
import { EVENT_TYPES } from '../../src/events/event-types';

interface PropertySchema {
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  not?: PropertySchema;
  oneOf?: PropertySchema[];
}
interface ObjectSchema {
  properties: Record<string, PropertySchema>;
  anyOf?: { required: string[] }[];
}
interface Operation {
  description?: string;
  parameters: { name: string; in: string; schema: PropertySchema }[];
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, ObjectSchema> };
}

/** The built service's document (written by the global setup), which carries the DTOs' properties. */
function apiDocument(): Document {
  return JSON.parse(readFileSync(process.env.E2E_OPENAPI_DOCUMENT!, 'utf8')) as Document;
}

function schemas(): Record<string, ObjectSchema> {
  return apiDocument().components.schemas;
}

/** The schemas the request bodies use, directly or nested: what a client sends. */
function requestSchemas(): Record<string, ObjectSchema> {
  const document = apiDocument();
  const all = document.components.schemas;
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      const name = key === '$ref' && typeof value === 'string' ? value.replace('#/components/schemas/', '') : undefined;
      if (name === undefined) visit(value);
      else if (!names.has(name)) {
        names.add(name);
        visit(all[name]);
      }
    }
  };
  for (const operations of Object.values(document.paths))
    for (const operation of Object.values(operations)) visit((operation as { requestBody?: unknown }).requestBody);
  return Object.fromEntries([...names].map((name) => [name, all[name]]));
}

/** The schema of one parameter of GET `path`. */
function parameter(path: string, name: string): PropertySchema {
  return apiDocument().paths[path].get.parameters.find((p) => p.name === name)!.schema;
}

/** Whether the document's pattern admits the value (patterns are ECMA 262 regular expressions, unanchored). */
const admits = (schema: PropertySchema, value: string): boolean => new RegExp(schema.pattern!, 'u').test(value);

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
    expect(category).toMatchObject({ minLength: 1, pattern: NOT_BLANK_TEXT_PATTERN });
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

  it('path and query values carry the patterns the server checks: image key, KPI window, phone', async () => {
    const { token } = await createVendor(t.app, { features: ['enableFullRMS', 'enableStandaloneFeedbackBooster'] });
    const vendor = bearer(token);
    const cases: { schema: PropertySchema; admitted: string[]; refused: string[]; url: (v: string) => string }[] = [
      {
        schema: parameter('/images/{key}', 'key'),
        admitted: ['3f2a9c0d5e8b4a1c9f7e6d5c4b3a2910.jpg'],
        refused: ['3F2A9C0D5E8B4A1C9F7E6D5C4B3A2910.jpg', 'x.jpg', '3f2a9c0d5e8b4a1c9f7e6d5c4b3a2910.gif'],
        url: (v) => `/images/${v}`,
      },
      ...['from', 'to'].map((name) => ({
        schema: parameter('/rest-api-v1/reputation-process/kpi', name),
        admitted: ['2026-01-01', '2026-01-01T12:00', '2026-01-01T12:00:00.5+02:00'],
        refused: [
          '2026-1-1',
          'yesterday',
          '2026-01-01T12',
          '2026-75-01',
          '2026-01-01T32:00',
          '0000-01-01',
          '2026-02-30',
        ],
        url: (v: string) => `/rest-api-v1/reputation-process/kpi?${name}=${encodeURIComponent(v)}`,
      })),
      {
        schema: schemas().CheckDuplicatesQuery.properties.phone,
        admitted: ['416-555-0142', '(416) 555-0142', '+1 416 555 0142', '14165550142'],
        refused: ['416-555-014', '24165550142', '416-555-0142 x1', '416/555/0142'],
        url: (v) => `/rest-api-v1/feedback-requests/check-duplicates?phone=${encodeURIComponent(v)}`,
      },
    ];
    for (const { schema, admitted, refused, url } of cases) {
      expect(admitted.filter((v) => !admits(schema, v))).toEqual([]);
      expect(refused.filter((v) => admits(schema, v))).toEqual([]);
      for (const value of admitted)
        expect([value, (await request(t.http).get(url(value)).set(vendor)).status]).not.toEqual([value, 400]);
      for (const value of refused)
        expect([value, (await request(t.http).get(url(value)).set(vendor)).status]).toEqual([value, 400]);
    }
    // email or phone, one object parameter whose properties are each their own query parameter.
    const checkDuplicates = apiDocument().paths['/rest-api-v1/feedback-requests/check-duplicates'].get;
    expect(checkDuplicates.parameters.filter((p) => p.in === 'query')).toEqual([
      expect.objectContaining({
        style: 'form',
        explode: true,
        schema: { $ref: '#/components/schemas/CheckDuplicatesQuery' },
      }),
    ]);
    expect(schemas().CheckDuplicatesQuery.anyOf).toEqual([{ required: ['email'] }, { required: ['phone'] }]);
    expectError(
      await request(t.http).get('/rest-api-v1/feedback-requests/check-duplicates').set(vendor),
      400,
      /email|phone/,
    );
  });

  it('quiet hours are HH:MM in the document and on the server', async () => {
    const { token } = await createVendor(t.app);
    for (const name of ['quietHoursStart', 'quietHoursEnd']) {
      const schema = schemas().AutomationSettingsDto.properties[name];
      expect(['00:00', '09:30', '23:59'].every((v) => admits(schema, v))).toBe(true);
      expect(['24:00', '9:30', '09:60', '09:30:00'].some((v) => admits(schema, v))).toBe(false);
    }
    expectError(
      await request(t.http)
        .put('/rest-api-v1/automation-settings')
        .set(bearer(token))
        .send({ quietHoursStart: '9:30', quietHoursEnd: '24:00' }),
      400,
      /quietHoursStart.*quietHoursEnd|quietHoursEnd.*quietHoursStart/,
    );
  });

  it('lists carry their bounds: webhook events and review locations, in the document and on the server', async () => {
    const { vendor, token } = await createVendor(t.app);
    const { CreateWebhookEndpointDto: webhook, ReviewSettingsDto: settings } = schemas();
    // ["*"] alone, or at most one of each type of the catalogue.
    expect(webhook.properties.events.oneOf).toEqual([
      expect.objectContaining({ minItems: 1, maxItems: 1 }),
      expect.objectContaining({ minItems: 1, maxItems: EVENT_TYPES.length, uniqueItems: true }),
    ]);
    expect(settings.properties.reviewLocations).toMatchObject({ minItems: 0, maxItems: 5, uniqueItems: true });

    const url = 'https://crm.example.com/hooks';
    for (const events of [[], ['lead.assigned', 'lead.assigned'], ['*', 'lead.assigned']]) {
      const res = await request(t.http).post('/rest-api-v1/webhook-endpoints').set(bearer(token)).send({ url, events });
      expectError(res, 400, /events/);
    }
    const location = { label: 'West end', googleUrl: 'https://g.page/r/west/review' };
    const switches = {
      googleReviewEnabled: true,
      facebookReviewEnabled: false,
      bbbReviewEnabled: false,
      otherReviewEnabled: false,
    };
    const put = (reviewLocations: object[]) =>
      request(t.http)
        .put(`/rest-manager-api-v1/vendors/${vendor.id}/review-settings`)
        .set(t.manager)
        .send({ ...switches, reviewLocations });
    expectError(await put([location, { ...location }]), 400, /reviewLocations must not list the same location twice/);
    expectError(
      await put(Array.from({ length: 6 }, (_, i) => ({ ...location, label: `L${i}` }))),
      400,
      /reviewLocations/,
    );
    expect((await put([location, { ...location, label: 'East end' }])).status).toBe(200);
  });

  it('every URL a request carries is documented with its host rules, not only its scheme', () => {
    const urlFields = Object.entries(requestSchemas()).flatMap(([name, schema]) =>
      Object.entries(schema.properties ?? {})
        .filter(([property]) => /url$/i.test(property))
        .map(([property, field]) => ({ field: `${name}.${property}`, ...field })),
    );
    expect(urlFields.length).toBeGreaterThanOrEqual(7);
    const problems = urlFields.flatMap((field) => {
      const refused = ['https://localhost/x', 'https://10.0.0.1/x', 'https://intranet/x', 'http://example.com/x'];
      if (/google|facebook|bbb/i.test(field.field)) refused.push('https://example.com/x');
      const wrong = refused.filter((url) => admits(field, url) && !(field.not && admits(field.not, url)));
      return field.format === 'uri' && field.pattern?.startsWith('^https://') && wrong.length === 0
        ? []
        : [{ field: field.field, pattern: field.pattern, admitsRefused: wrong }];
    });
    expect(problems).toEqual([]);
  });

  it('a lead whose every field is at its maximum length fits the body limit, whatever its characters', async () => {
    const { vendor } = await createVendor(t.app);
    const fields = schemas().CreateLeadDto.properties;
    const max = (name: string) => fields[name].maxLength!;
    // U+0001 is sent as the JSON escape \u0001 (6 bytes), an emoji as 4 bytes of UTF-8.
    for (const char of ['\u0001', '\u{1F528}']) {
      const fill = (name: string) => char.repeat(max(name));
      const lead = {
        category: fill('category'),
        customerName: fill('customerName'),
        customerEmail: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(max('customerEmail') - 64 - 63 * 2 - 3)}`,
        customerPhone: `+1 (416) 555-0142${' '.repeat(max('customerPhone') - 17)}`,
        customerAddress: fill('customerAddress'),
        projectDetailsHtml: fill('projectDetailsHtml'),
        originalJobDescription: fill('originalJobDescription'),
      };
      expect(lead.customerEmail).toHaveLength(max('customerEmail'));
      const res = await request(t.http)
        .post(`/rest-manager-api-v1/vendors/${vendor.id}/leads`)
        .set(t.manager)
        .send(lead);
      expect([char, res.status]).toEqual([char, 201]);
    }
  });
});
