import { TIME_ZONES, isIanaTimeZone } from '../../src/automation-settings/automation-settings';
import { TEXT_PATTERN, TEXT_RULE } from '../../src/common/validation/text-pattern';
import { type JsonSchema, ValidValues } from '../support/valid-values';
import { operationsOf, servedDocument } from '../support/valid-walk';

const document = servedDocument();
const schemas = document.components.schemas;
const values = new ValidValues(schemas);
const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** Every string field under the node, named by its path (references followed once; the object rules' alternatives are no fields). */
function strings(node: unknown, path: string, seen = new Set<unknown>()): { path: string; schema: JsonSchema }[] {
  if (!node || typeof node !== 'object' || seen.has(node)) return [];
  seen.add(node);
  const schema = node as JsonSchema;
  if (schema.$ref) return strings(values.resolve(schema), path, seen);
  const own = schema.type === 'string' ? [{ path, schema }] : [];
  return [
    ...own,
    ...Object.entries(schema.properties ?? {}).flatMap(([name, child]) => strings(child, `${path}.${name}`, seen)),
    ...strings(schema.items, path, seen),
  ];
}

// What the server checks of a request's values, in the document where a generator sees it; the walk of
// test/http/valid-requests.e2e-spec.ts sends what these schemas admit.
describe('rules over a whole request, in the document (e2e)', () => {
  it('every string a request carries has a pattern (no NUL, no lone surrogate at least) or an enum', () => {
    const unruled = operationsOf(document).flatMap((op) => [
      ...(op.raw.parameters ?? [])
        .filter((p) => p.in !== 'header')
        .flatMap((p) => strings(p.schema, `${op.raw.operationId} ${p.name}`)),
      ...Object.values(op.raw.requestBody?.content ?? {}).flatMap(({ schema }) =>
        strings(schema, `${op.raw.operationId} body`),
      ),
    ]);
    expect(unruled.length).toBeGreaterThan(60);
    const missing = unruled.filter(({ schema }) => !schema.pattern && !schema.enum && schema.format !== 'binary');
    expect(missing.map(({ path }) => path)).toEqual([]);
    expect(values.admits(ref('DeclineLeadDto'), { declineReason: 'Too far\u0000' })).toBe(false);
    expect(
      values.admits(ref('CreateWebhookEndpointDto'), {
        url: 'https://crm.example.com/h',
        events: ['*'],
        description: 'a\u0000',
      }),
    ).toBe(false);
    expect(schemas.CreateWebhookEndpointDto.properties!.description.pattern).toBe(TEXT_PATTERN);
  });

  it('states its patterns in a form every generator keeps: no surrogate in a pattern, the surrogate rule in prose', () => {
    const patterns = [...JSON.stringify(document).matchAll(/"pattern":("(?:[^"\\]|\\.)*")/g)].map(
      ([, text]) => JSON.parse(text) as string,
    );
    expect(patterns.length).toBeGreaterThan(60);
    // Rust's regex (Schemathesis, and other generators built on it) refuses a class naming a surrogate.
    expect(patterns.filter((pattern) => /\\u[dD][89a-fA-F][0-9a-fA-F]{2}|[\uD800-\uDFFF]/.test(pattern))).toEqual([]);
    expect(schemas.CreateWebhookEndpointDto.properties!.description.pattern).toBe('^[^\\u0000]*$');
    expect((document as unknown as { info: { description: string } }).info.description).toContain(TEXT_RULE);
  });

  it('quiet hours: both null or both times, and a PATCH names both or neither', () => {
    for (const name of ['AutomationSettingsDto', 'AutomationSettingsPatchDto']) {
      const settings = (bounds: object) => ({
        reminderEnabled: true,
        reminderDelayMinutes: 60,
        timeZone: 'America/Toronto',
        autoReviewRequestOnJobWon: false,
        autoReviewRequestDelayMinutes: 0,
        ...bounds,
      });
      expect(values.admits(ref(name), settings({ quietHoursStart: '20:00', quietHoursEnd: '09:00' }))).toBe(true);
      expect(values.admits(ref(name), settings({ quietHoursStart: null, quietHoursEnd: null }))).toBe(true);
      expect(values.admits(ref(name), settings({ quietHoursStart: '20:00', quietHoursEnd: null }))).toBe(false);
    }
    const patch = ref('AutomationSettingsPatchDto');
    expect(values.admits(patch, { reminderEnabled: false })).toBe(true);
    expect(values.admits(patch, { quietHoursStart: '22:00' })).toBe(false);
    expect(values.admits(patch, { quietHoursEnd: '07:00' })).toBe(false);
    expect(schemas.AutomationSettingsDto.properties!.quietHoursEnd.description).toMatch(/not the start's time/);
  });

  it("time zones: the document lists the runtime's canonical names, each one the server takes", () => {
    expect(schemas.TimeZone.enum).toEqual([...TIME_ZONES]);
    expect(TIME_ZONES.filter((zone) => !isIanaTimeZone(zone))).toEqual([]);
    expect(values.admits(ref('AutomationSettingsPatchDto'), { timeZone: 'Mars/Olympus_Mons' })).toBe(false);
  });

  it('webhook events: ["*"] alone, or distinct event types', () => {
    const endpoint = (events: string[]) => ({ url: 'https://crm.example.com/hooks', events });
    expect(values.admits(ref('CreateWebhookEndpointDto'), endpoint(['*']))).toBe(true);
    expect(values.admits(ref('CreateWebhookEndpointDto'), endpoint(['lead.assigned', 'lead.expired']))).toBe(true);
    for (const events of [['*', 'lead.assigned'], [], ['lead.assigned', 'lead.assigned'], ['*', '*']])
      expect([events, values.admits(ref('CreateWebhookEndpointDto'), endpoint(events))]).toEqual([events, false]);
  });

  it('lead alerts by SMS need a phone; required documents are dated 1900-9999', () => {
    const alerts = ref('LeadAlertSettingsDto');
    expect(values.admits(alerts, { smsEnabled: true, phone: '416-555-0142' })).toBe(true);
    expect(values.admits(alerts, { smsEnabled: true })).toBe(false);
    expect(values.admits(alerts, { smsEnabled: true, phone: null })).toBe(false);
    const doc = ref('RecordRequiredDocDto');
    expect(values.admits(doc, { dateReceived: '2024-02-29', expiryDate: null })).toBe(true);
    for (const date of ['1899-12-31', '2026-02-29', '2026-04-31', '0000-01-01'])
      expect([date, values.admits(doc, { dateReceived: date })]).toEqual([date, false]);
    expect(schemas.RecordRequiredDocDto.properties!.expiryDate.description).toMatch(/not before dateReceived/);
  });

  it('check-duplicates takes email or phone: one object parameter, each property its own query parameter', () => {
    const query = ref('CheckDuplicatesQuery');
    expect(values.admits(query, {})).toBe(false);
    expect(values.admits(query, { phone: '416-555-0142' })).toBe(true);
    expect(values.admits(query, { email: 'jane@example.com' })).toBe(true);
  });

  it('declares the Idempotency-Key header on every write of both APIs (docs/contract.md#idempotency)', () => {
    const writes = operationsOf(document).filter(
      ({ method, access }) => ['post', 'put', 'patch', 'delete'].includes(method) && access !== 'public',
    );
    expect(writes.length).toBeGreaterThan(30);
    const without = writes.filter(
      ({ raw }) => !raw.parameters?.some((p) => p.name === 'Idempotency-Key' && p.in === 'header'),
    );
    expect(without.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
  });
});
