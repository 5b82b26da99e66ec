import request from 'supertest';
import { runCli } from '../support/built-app';
import { expectError } from '../support/envelope-assertions';
import { bearer, createAdmin, createVendor } from '../support/factories';
import { MANAGER_API as M, VENDOR_API as V } from '../support/api-paths';
import { type Key, useApiKeysApp } from '../support/api-keys-app';

jest.setTimeout(60_000);

describe('API keys: audit and managers (e2e)', () => {
  const { state, leads, create } = useApiKeysApp();

  it('audits creating, rolling and revoking a key: who, which key, which scopes, never the secret', async () => {
    const { vendor, token } = await createVendor(state.t.app);
    const key = await create(token, { name: 'Audited', scopes: ['reputation:write'] });
    const rolled = await request(state.t.http)
      .post(`${V}/api-keys/${key.id}/roll`)
      .set(bearer(token))
      .send({})
      .expect(201);
    await request(state.t.http).delete(`${V}/api-keys/${rolled.body.data.id}`).set(bearer(token)).expect(200);
    const rows = await state.t.dataSource.query<
      { action: string; actor: string; target: string; fields: string[]; line: string }[]
    >(
      `SELECT action, actor_type || ':' || actor_id AS actor, target_id AS target, fields, a::text AS line
       FROM audit_log a WHERE vendor_id = $1 AND target_type = 'api-key' ORDER BY id`,
      [vendor.id],
    );
    const scopes = ['scope:reputation:write'];
    const actor = `vendor:${vendor.id}`;
    expect(rows.map(({ action, actor, target, fields }) => ({ action, actor, target, fields }))).toEqual([
      { action: 'api-key create', actor, target: key.id, fields: scopes },
      { action: 'api-key roll', actor, target: key.id, fields: scopes },
      { action: 'api-key create', actor, target: rolled.body.data.id, fields: scopes },
      { action: 'api-key revoke', actor, target: rolled.body.data.id, fields: scopes },
    ]);
    for (const { line } of rows) expect(line).not.toContain(key.token.split('.')[2]);
  });

  it("lets managers create, list and revoke a vendor's keys; the api-token route replaces only its own key", async () => {
    const admin = await createAdmin(state.t.app);
    const { vendor, token } = await createVendor(state.t.app);
    const keysUrl = `${M}/vendors/${vendor.id}/api-keys`;
    state.clock.advance(1_000); // the list is newest first
    const created = await request(state.t.http)
      .post(keysUrl)
      .set(bearer(admin.token))
      .send({ name: 'Scheduling', scopes: ['leads:write'] });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ createdBy: `manager:${admin.manager.id}` });
    const scheduling = created.body.data.token as string;
    await request(state.t.http).post(`${V}/general-leads/1/accept`).set(bearer(scheduling)).expect(404);

    state.clock.advance(1_000);
    const reissued = await request(state.t.http)
      .post(`${M}/vendors/${vendor.id}/api-token`)
      .set(bearer(admin.token))
      .expect(201);
    expectError(await leads(token), 401, /revoked/);
    for (const secret of [scheduling, reissued.body.data.token as string]) await leads(secret).expect(200);

    const listed = (await request(state.t.http).get(keysUrl).set(bearer(admin.token)).expect(200)).body.data as Key[];
    expect(listed.map((k) => [k.name, k.status])).toEqual([
      ['api-token', 'active'],
      ['Scheduling', 'active'],
      ['api-token', 'revoked'],
    ]);
    await request(state.t.http).delete(`${keysUrl}/${created.body.data.id}`).set(bearer(admin.token)).expect(200);
    expectError(await leads(scheduling), 401, /revoked/);
    expectError(
      await request(state.t.http).get(`${M}/vendors/2147483000/api-keys`).set(bearer(admin.token)),
      404,
      /Vendor/,
    );
    expectError(
      await request(state.t.http)
        .post(`${M}/vendors/2147483000/api-keys`)
        .set(bearer(admin.token))
        .send({ name: 'x', scopes: ['*'] }),
      404,
      /Vendor/,
    );
  });

  it("gives managers keys of their own, through the API and the CLI, scoped to the manager API's areas", async () => {
    const admin = await createAdmin(state.t.app);
    const own = await request(state.t.http)
      .post(`${M}/api-keys`)
      .set(bearer(admin.token))
      .send({ name: 'Audit reader', scopes: ['accounts:read'] });
    expect(own.status).toBe(201);
    const reader = own.body.data.token as string;
    await request(state.t.http).get(`${M}/audit-log`).set(bearer(reader)).expect(200);
    expectError(
      await request(state.t.http).post(`${M}/vendors`).set(bearer(reader)).send({}),
      403,
      /lacks the scope accounts:write/,
    );

    const cli = await runCli([
      'manager-key',
      '--email',
      admin.manager.email,
      '--name',
      'Ops',
      '--scopes',
      'webhooks:read',
    ]);
    expect(cli.code).toBe(0);
    const printed = JSON.parse(cli.stdout) as Key & { token: string };
    expect(printed).toMatchObject({ name: 'Ops', scopes: ['webhooks:read'], createdBy: 'cli' });
    await request(state.t.http).get(`${M}/events`).set(bearer(printed.token)).expect(200);
    expectError(await request(state.t.http).get(`${M}/audit-log`).set(bearer(printed.token)), 403, /accounts:read/);
  });
});
