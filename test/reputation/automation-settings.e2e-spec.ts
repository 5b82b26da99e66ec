import request from 'supertest';
import { QuietHoursAtNight1795638536062 } from '../../migrations/1795638536062-QuietHoursAtNight';
import { bearer, createVendor } from '../support/factories';
import { ManagerTestApp, createManagerTestApp } from '../support/manager-app';

const DEFAULTS = {
  reminderEnabled: true,
  reminderDelayMinutes: 4320,
  // Customers are written to from 09:00 to 20:00: the quiet hours span the night.
  quietHoursStart: '20:00',
  quietHoursEnd: '09:00',
  timeZone: 'America/Toronto',
  autoReviewRequestOnJobWon: false,
  autoReviewRequestDelayMinutes: 120,
};

/** docs/contract.md#automation: the automation settings of both APIs, their defaults, ranges and validation. */
describe('Automation settings (e2e)', () => {
  let t: ManagerTestApp;

  beforeAll(async () => {
    t = await createManagerTestApp();
  });
  afterAll(() => t.close());

  const vendorPath = '/rest-api-v1/automation-settings';
  const managerPath = (vendorId: number | string) => `/rest-manager-api-v1/vendors/${vendorId}/automation-settings`;

  it('answers the defaults to a vendor that never saved any, on both APIs', async () => {
    const { vendor, token } = await createVendor(t.app, { keepDefaultQuietHours: true });
    const own = await request(t.http).get(vendorPath).set(bearer(token));
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ success: true, data: DEFAULTS });
    const managed = await request(t.http).get(managerPath(vendor.id)).set(t.manager);
    expect(managed.body).toEqual({ success: true, data: DEFAULTS });
  });

  it('stores what the vendor puts, answers it, and a manager reads and replaces the same settings', async () => {
    const { vendor, token } = await createVendor(t.app, { keepDefaultQuietHours: true });
    const body = {
      reminderEnabled: false,
      reminderDelayMinutes: 20160,
      quietHoursStart: '21:30',
      quietHoursEnd: '08:00',
      timeZone: 'America/Vancouver',
      autoReviewRequestOnJobWon: true,
      autoReviewRequestDelayMinutes: 0,
    };
    const put = await request(t.http).put(vendorPath).set(bearer(token)).send(body);
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ success: true, data: body });
    expect((await request(t.http).get(managerPath(vendor.id)).set(t.manager)).body.data).toEqual(body);

    const byManager = await request(t.http)
      .put(managerPath(vendor.id))
      .set(t.manager)
      .send({ ...DEFAULTS, quietHoursStart: null, quietHoursEnd: null, timeZone: 'Europe/Paris' });
    expect(byManager.status).toBe(200);
    expect(byManager.body.data).toEqual({
      ...DEFAULTS,
      quietHoursStart: null,
      quietHoursEnd: null,
      timeZone: 'Europe/Paris',
    });
    expect((await request(t.http).get(vendorPath).set(bearer(token))).body.data).toEqual(byManager.body.data);
  });

  it('refuses a PUT that leaves settings out with a 400 naming each of them, and changes nothing', async () => {
    const { vendor, token } = await createVendor(t.app, { keepDefaultQuietHours: true });
    const saved = { ...DEFAULTS, reminderDelayMinutes: 60, timeZone: 'America/Vancouver' };
    await request(t.http).put(vendorPath).set(bearer(token)).send(saved).expect(200);
    const partial = { reminderEnabled: false, quietHoursEnd: null };
    const answers = [
      await request(t.http).put(vendorPath).set(bearer(token)).send(partial),
      await request(t.http).put(managerPath(vendor.id)).set(t.manager).send(partial),
    ];
    const missing = [
      'reminderDelayMinutes',
      'quietHoursStart',
      'timeZone',
      'autoReviewRequestOnJobWon',
      'autoReviewRequestDelayMinutes',
    ];
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        error: expect.stringMatching(/is required/),
        details: expect.any(Array),
      });
      expect(res.body.details).toEqual(
        missing.map((field) => ({
          field,
          message: expect.stringMatching(new RegExp(`^${field} is required: a PUT names every setting`)),
        })),
      );
    }
    expect((await request(t.http).get(vendorPath).set(bearer(token))).body.data).toEqual(saved);
  });

  it('PATCH changes only the settings it names, on both APIs, and answers them all', async () => {
    const { vendor, token } = await createVendor(t.app, { keepDefaultQuietHours: true });
    const first = await request(t.http).patch(vendorPath).set(bearer(token)).send({ reminderDelayMinutes: 90 });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, data: { ...DEFAULTS, reminderDelayMinutes: 90 } });
    const byManager = await request(t.http).patch(managerPath(vendor.id)).set(t.manager).send({
      quietHoursStart: '21:00',
      quietHoursEnd: '09:00',
      timeZone: 'America/Halifax',
      autoReviewRequestOnJobWon: true,
    });
    expect(byManager.status).toBe(200);
    const expected = {
      ...DEFAULTS,
      reminderDelayMinutes: 90,
      quietHoursStart: '21:00',
      timeZone: 'America/Halifax',
      autoReviewRequestOnJobWon: true,
    };
    expect(byManager.body.data).toEqual(expected);
    expect((await request(t.http).get(vendorPath).set(bearer(token))).body.data).toEqual(expected);
    // Both bounds null switches the quiet hours off; a PATCH naming one bound alone is refused, whatever is stored.
    const off = await request(t.http)
      .patch(vendorPath)
      .set(bearer(token))
      .send({ quietHoursStart: null, quietHoursEnd: null });
    expect(off.body.data).toEqual({ ...expected, quietHoursStart: null, quietHoursEnd: null });
    const half = await request(t.http).patch(vendorPath).set(bearer(token)).send({ quietHoursStart: '22:00' });
    expect(half.status).toBe(400);
    expect(half.body.details).toEqual([
      { field: 'quietHoursEnd', message: expect.stringMatching(/name both, or neither/) },
    ]);
    const halfAgain = await request(t.http).patch(vendorPath).set(bearer(token)).send({ quietHoursEnd: '07:00' });
    expect(halfAgain.body.details).toEqual([{ field: 'quietHoursStart', message: expect.stringMatching(/name both/) }]);
    expect((await request(t.http).get(vendorPath).set(bearer(token))).body.data).toEqual(off.body.data);
  });

  it('a retried PATCH with an Idempotency-Key answers the first answer again and changes nothing again', async () => {
    const { token } = await createVendor(t.app, { keepDefaultQuietHours: true });
    const patch = (body: object, key?: string) => {
      const req = request(t.http).patch(vendorPath).set(bearer(token));
      return (key ? req.set('Idempotency-Key', key) : req).send(body);
    };
    const key = `settings-${Date.now()}`;
    const first = await patch({ reminderDelayMinutes: 30 }, key);
    expect(first.status).toBe(200);
    await patch({ reminderDelayMinutes: 45 }).expect(200);
    const replay = await patch({ reminderDelayMinutes: 30 }, key);
    expect([replay.status, replay.body]).toEqual([200, first.body]);
    expect((await request(t.http).get(vendorPath).set(bearer(token))).body.data.reminderDelayMinutes).toBe(45);
  });

  it('moves vendors still on the old default pair (09:00 to 20:00) to the new one, and no one else', async () => {
    const onOldPair = await createVendor(t.app, { keepDefaultQuietHours: true });
    const ownChoice = await createVendor(t.app, { keepDefaultQuietHours: true });
    const runner = t.dataSource.createQueryRunner();
    await runner.startTransaction();
    try {
      const insert = `INSERT INTO automation_settings (vendor_id, quiet_hours_start, quiet_hours_end) VALUES ($1, $2, $3)`;
      await runner.query(insert, [onOldPair.vendor.id, '09:00', '20:00']);
      await runner.query(insert, [ownChoice.vendor.id, '09:00', '21:00']);
      await new QuietHoursAtNight1795638536062().up(runner);
      const rows = await runner.query(
        `SELECT vendor_id AS "vendorId", quiet_hours_start AS "start", quiet_hours_end AS "end"
           FROM automation_settings WHERE vendor_id = ANY($1) ORDER BY vendor_id`,
        [[onOldPair.vendor.id, ownChoice.vendor.id]],
      );
      expect(rows).toEqual([
        { vendorId: onOldPair.vendor.id, start: '20:00', end: '09:00' },
        { vendorId: ownChoice.vendor.id, start: '09:00', end: '21:00' },
      ]);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });

  it('keeps each vendor to its own settings', async () => {
    const a = await createVendor(t.app, { keepDefaultQuietHours: true });
    const b = await createVendor(t.app, { keepDefaultQuietHours: true });
    await request(t.http).patch(vendorPath).set(bearer(a.token)).send({ reminderDelayMinutes: 60 }).expect(200);
    expect((await request(t.http).get(vendorPath).set(bearer(b.token))).body.data).toEqual(DEFAULTS);
  });

  it.each([
    ['a delay under 1', { reminderDelayMinutes: 0 }, 'reminderDelayMinutes', /must not be less than 1/],
    ['a delay over 20160', { reminderDelayMinutes: 20161 }, 'reminderDelayMinutes', /must not be greater than 20160/],
    ['a fractional delay', { reminderDelayMinutes: 1.5 }, 'reminderDelayMinutes', /integer/],
    ['a string delay', { reminderDelayMinutes: '60' }, 'reminderDelayMinutes', /integer/],
    ['a job-won delay under 0', { autoReviewRequestDelayMinutes: -1 }, 'autoReviewRequestDelayMinutes', /less than 0/],
    [
      'a job-won delay over 10080',
      { autoReviewRequestDelayMinutes: 10081 },
      'autoReviewRequestDelayMinutes',
      /greater than 10080/,
    ],
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }, 'timeZone', /IANA time zone/],
    ['an offset for a time zone', { timeZone: '+05:00' }, 'timeZone', /IANA time zone/],
    ['an empty time zone', { timeZone: '' }, 'timeZone', /IANA time zone/],
    ['a null time zone', { timeZone: null }, 'timeZone', /IANA time zone|must be a string/],
    ['a 24:00 quiet hour', { quietHoursStart: '24:00', quietHoursEnd: '08:00' }, 'quietHoursStart', /HH:MM/],
    ['a quiet hour without minutes', { quietHoursStart: '9', quietHoursEnd: '20:00' }, 'quietHoursStart', /HH:MM/],
    ['a quiet hour with seconds', { quietHoursStart: '09:00', quietHoursEnd: '20:00:00' }, 'quietHoursEnd', /HH:MM/],
    ['one quiet hour null', { quietHoursStart: null, quietHoursEnd: '08:00' }, 'quietHoursStart', /both null/],
    ['the other quiet hour null', { quietHoursStart: '22:00', quietHoursEnd: null }, 'quietHoursEnd', /both null/],
    ['equal quiet hours', { quietHoursStart: '22:00', quietHoursEnd: '22:00' }, 'quietHoursEnd', /must differ/],
    ['a string boolean', { reminderEnabled: 'yes' }, 'reminderEnabled', /boolean/],
    ['an unknown property', { reminderCount: 2 }, 'reminderCount', /should not exist/],
  ])('refuses %s with a 400 naming the field, in a PUT and in a PATCH', async (_case, body, field, message) => {
    const { token } = await createVendor(t.app, { keepDefaultQuietHours: true });
    const put = await request(t.http)
      .put(vendorPath)
      .set(bearer(token))
      .send({ ...DEFAULTS, ...body });
    const patch = await request(t.http).patch(vendorPath).set(bearer(token)).send(body);
    for (const res of [put, patch]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, error: expect.any(String), details: expect.any(Array) });
      expect(res.body.details).toContainEqual({ field, message: expect.stringMatching(message) });
    }
    expect((await request(t.http).get(vendorPath).set(bearer(token))).body.data).toEqual(DEFAULTS);
  });

  it('accepts IANA names besides Area/Location (UTC, links such as US/Eastern)', async () => {
    const { token } = await createVendor(t.app, { keepDefaultQuietHours: true });
    for (const timeZone of ['UTC', 'US/Eastern', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5']) {
      const res = await request(t.http).patch(vendorPath).set(bearer(token)).send({ timeZone });
      expect(res.status).toBe(200);
      expect(res.body.data.timeZone).toBe(timeZone);
    }
  });

  it('answers 404 for an unknown vendor and 400 for a malformed id on the manager API', async () => {
    const missing = await request(t.http).get(managerPath(2_000_000_000)).set(t.manager);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, error: 'Vendor 2000000000 was not found.' });
    for (const write of [
      request(t.http).put(managerPath(2_000_000_000)).set(t.manager).send(DEFAULTS),
      request(t.http).patch(managerPath(2_000_000_000)).set(t.manager).send({ reminderDelayMinutes: 60 }),
    ]) {
      const res = await write;
      expect([res.status, res.body]).toEqual([404, { success: false, error: 'Vendor 2000000000 was not found.' }]);
    }
    expect((await request(t.http).get(managerPath('1e3')).set(t.manager)).status).toBe(400);
  });

  it('admits only the right token on each API', async () => {
    const { vendor, token } = await createVendor(t.app, { keepDefaultQuietHours: true });
    expect((await request(t.http).get(vendorPath)).status).toBe(401);
    expect((await request(t.http).get(vendorPath).set(t.manager)).status).toBe(403);
    expect((await request(t.http).get(managerPath(vendor.id)).set(bearer(token))).status).toBe(403);
  });
});
