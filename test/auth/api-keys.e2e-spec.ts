import { JwtService } from '@nestjs/jwt';
import request from 'supertest';
import { expectError } from '../support/envelope-assertions';
import { bearer, createVendor } from '../support/factories';
import { VENDOR_API as V } from '../support/api-paths';
import { type Key, useApiKeysApp } from '../support/api-keys-app';

jest.setTimeout(60_000);

const HOUR = 3_600_000;

describe('API keys (e2e)', () => {
  const { state, leads, create, list } = useApiKeysApp();

  it('creates a named, scoped key shown once, stores only its hash, and refuses what its scopes do not cover', async () => {
    const { vendor, token } = await createVendor(state.t.app);
    const key = await create(token, { name: ' Dashboard ', scopes: ['leads:read'] });
    expect(key).toMatchObject({
      name: 'Dashboard',
      scopes: ['leads:read'],
      status: 'active',
      createdBy: `vendor:${vendor.id}`,
    });

    await leads(key.token).expect(200);
    const write = await request(state.t.http).put(`${V}/profile`).set(bearer(key.token)).send({});
    expect(write.body).toEqual({
      success: false,
      error: 'This API key lacks the scope profile:write, which this operation needs.',
    });
    expect(write.status).toBe(403);
    // Managing keys needs every scope, so no restricted key makes a wider one.
    expectError(
      await request(state.t.http)
        .post(`${V}/api-keys`)
        .set(bearer(key.token))
        .send({ name: 'x', scopes: ['*'] }),
      403,
      /lacks the scope \*/,
    );

    const listed = await list(token);
    expect(listed.map((k) => k.name)).toEqual(['Dashboard', 'api-token']);
    expect(listed[0]).not.toHaveProperty('token');
    const [row] = await state.t.dataSource.query<{ stored: string }[]>(
      'SELECT api_keys::text AS stored FROM api_keys WHERE id = $1',
      [key.id],
    );
    expect(row.stored).not.toContain(key.token.split('.')[2]);
  });

  it('refuses scopes a vendor key cannot hold, unknown scopes and past expiries with 400', async () => {
    const { token } = await createVendor(state.t.app);
    expectError(
      await request(state.t.http)
        .post(`${V}/api-keys`)
        .set(bearer(token))
        .send({ name: 'x', scopes: ['accounts:read'] }),
      400,
      /cannot hold the scopes accounts:read/,
    );
    expectError(
      await request(state.t.http)
        .post(`${V}/api-keys`)
        .set(bearer(token))
        .send({ name: 'x', scopes: ['leads:admin'] }),
      400,
      /scopes/,
    );
    const past = new Date(state.clock.now().getTime() - HOUR).toISOString();
    expectError(
      await request(state.t.http)
        .post(`${V}/api-keys`)
        .set(bearer(token))
        .send({ name: 'x', scopes: ['*'], expiresAt: past }),
      400,
      /future/,
    );
    expectError(
      await request(state.t.http)
        .post(`${V}/api-keys`)
        .set(bearer(token))
        .send({ name: 'x', scopes: ['*'], expiresAt: '2027-02-30T00:00:00Z' }),
      400,
      /real date/,
    );
  });

  it('refuses an expired key saying so, even once it was remembered as verified', async () => {
    const { token } = await createVendor(state.t.app);
    const key = await create(token, {
      name: 'Short',
      scopes: ['leads:read'],
      expiresAt: new Date(state.clock.now().getTime() + HOUR).toISOString(),
    });
    expect((await list(token)).find((k) => k.id === key.id)).toMatchObject({ status: 'expiring' });
    await leads(key.token).expect(200);
    state.clock.advance(HOUR);
    expectError(await leads(key.token), 401, /^The API key expired/);
    expectError(await leads(key.token), 401, /^The API key expired/);
    expect((await list(token)).find((k) => k.id === key.id)).toMatchObject({ status: 'expired' });
  });

  it('checks exp on every request, remembered or not: a token of a key that has no end of its own stops at its exp', async () => {
    const { vendor } = await createVendor(state.t.app);
    // A key from before keys were hashed (trusted on its signature), its token carrying an exp.
    const [{ id }] = await state.t.dataSource.query<{ id: string }[]>(
      `INSERT INTO api_keys (id, vendor_id, name, scopes, created_by) VALUES (gen_random_uuid(), $1, 'api-token', '{*}', 'migration')
       RETURNING id`,
      [vendor.id],
    );
    const exp = Math.floor(state.clock.now().getTime() / 1000) + 3600;
    const legacy = state.t.app.get(JwtService).sign({ typ: 'vendor', exp }, { subject: String(vendor.id), jwtid: id });
    await leads(legacy).expect(200);
    await leads(legacy).expect(200);
    state.clock.advance(HOUR);
    expectError(await leads(legacy), 401, /^The API key expired; use a key that is still valid\.$/);
  });

  it('rolls a key: both secrets work until the chosen time (24 hours by default, at most 7 days), then only the new', async () => {
    const { token } = await createVendor(state.t.app);
    const key = await create(token, { name: 'CRM', scopes: ['leads:read', 'webhooks:write'] });
    const roll = (id: string, body: object) =>
      request(state.t.http).post(`${V}/api-keys/${id}/roll`).set(bearer(token)).send(body);
    const tooLate = new Date(state.clock.now().getTime() + 7 * 24 * HOUR + 60_000).toISOString();
    expectError(await roll(key.id, { oldExpiresAt: tooLate }), 400, /7 days/);

    const rolled = await roll(key.id, {});
    expect(rolled.status).toBe(201);
    const successor = rolled.body.data as Key & { token: string; previous: Key };
    expect(successor).toMatchObject({ name: 'CRM', scopes: ['leads:read', 'webhooks:write'], status: 'active' });
    expect(successor.previous).toMatchObject({ id: key.id, status: 'expiring', rolledInto: successor.id });
    expect(Date.parse(successor.previous.expiresAt!) - state.clock.now().getTime()).toBeGreaterThan(24 * HOUR - 60_000);
    expectError(await roll(key.id, {}), 409, /already rolled/);

    for (const secret of [key.token, successor.token]) await leads(secret).expect(200);
    state.clock.advance(24 * HOUR + 1_000);
    expectError(await leads(key.token), 401, /^The API key was rolled; its old secret expired at/);
    await leads(successor.token).expect(200);
  });

  it('lets a client switch keys mid-traffic without a single 401', async () => {
    const { token } = await createVendor(state.t.app);
    const key = await create(token, { name: 'Busy', scopes: ['leads:read'] });
    let current = key.token;
    const answers: { status: number; rolled: boolean }[] = [];
    const client = async () => {
      for (let i = 0; i < 15; i++) {
        const secret = current;
        answers.push({ status: (await leads(secret)).status, rolled: secret !== key.token });
      }
    };
    const rolling = (async () => {
      await new Promise((resolve) => setImmediate(resolve));
      const rolled = await request(state.t.http).post(`${V}/api-keys/${key.id}/roll`).set(bearer(token)).send({});
      current = rolled.body.data.token as string;
    })();
    await Promise.all([client(), client(), client(), rolling]);
    // The switch came mid-traffic: some requests went with each secret, and none was refused.
    expect(new Set(answers.map((answer) => answer.rolled))).toEqual(new Set([false, true]));
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
  });

  it('revokes a key from the next request on, says so, and leaves the other keys working', async () => {
    const { token } = await createVendor(state.t.app);
    const key = await create(token, { name: 'Leaked', scopes: ['leads:read'] });
    await leads(key.token).expect(200);
    const revoked = await request(state.t.http).delete(`${V}/api-keys/${key.id}`).set(bearer(token));
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toMatchObject({ id: key.id, status: 'revoked' });
    expectError(await leads(key.token), 401, /^The API key was revoked/);
    expectError(await request(state.t.http).delete(`${V}/api-keys/${key.id}`).set(bearer(token)), 404, /was not found/);
    await leads(token).expect(200);
  });

  it('writes last use to the minute, at most once a minute per key', async () => {
    const { token } = await createVendor(state.t.app);
    const key = await create(token, { name: 'Counted', scopes: ['leads:read'] });
    const lastUsed = async () =>
      (
        await state.t.dataSource.query<{ at: Date | null }[]>('SELECT last_used_at AS at FROM api_keys WHERE id = $1', [
          key.id,
        ])
      )[0].at;
    expect(await lastUsed()).toBeNull();
    await leads(key.token).expect(200);
    // The app's held clock, not the wall clock, which may have crossed a minute since the hold.
    const minute = Math.floor(state.clock.now().getTime() / 60_000) * 60_000;
    expect((await lastUsed())?.getTime()).toBe(minute);
    // A mark no request of this minute may overwrite: no write happens until the next minute.
    await state.t.dataSource.query(`UPDATE api_keys SET last_used_at = $2 WHERE id = $1`, [
      key.id,
      new Date(minute + 30_000),
    ]);
    for (let i = 0; i < 5; i++) await leads(key.token).expect(200);
    expect((await lastUsed())?.getTime()).toBe(minute + 30_000);
    state.clock.advance(60_000);
    await leads(key.token).expect(200);
    expect((await lastUsed())?.getTime()).toBe(minute + 60_000);
    expect((await list(token)).find((k) => k.id === key.id)?.lastUsedAt).toBe(new Date(minute + 60_000).toISOString());
  });
});
