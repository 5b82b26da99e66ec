import { JwtService } from '@nestjs/jwt';
import request from 'supertest';
import { ManagersRepository } from '../../src/auth/managers.repository';
import { AuthService } from '../../src/auth/auth.service';
import { ManagerRole } from '../../src/auth/entities/manager.entity';
import { bearer, createAdmin, createVendor } from '../support/factories';
import { ProbeController } from '../support/probe.controller';
import { TestApp, createTestApp } from '../support/test-app';

describe('Authentication and access (e2e)', () => {
  let t: TestApp;
  let managerToken: string;

  beforeAll(async () => {
    t = await createTestApp({ controllers: [ProbeController] });
    managerToken = (await createAdmin(t.app)).token;
  });
  afterAll(() => t.close());

  const expectError = (res: request.Response, status: number, pattern: RegExp): void => {
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ success: false, error: expect.stringMatching(pattern) });
  };

  it('admits a vendor token on the vendor API and scopes it to that vendor', async () => {
    const { vendor, token } = await createVendor(t.app);
    const res = await request(t.http).get('/rest-api-v1/probe').set(bearer(token));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { vendorId: vendor.id } });
  });

  it.each([
    ['no Authorization header', {}, /Authorization: Bearer/],
    ['a non-bearer scheme', { Authorization: 'Basic dXNlcjpwYXNz' }, /must be "Bearer <token>"/],
    ['a bearer that is not a JWT', { Authorization: 'Bearer not-a-token' }, /must be "Bearer <token>"/],
    ['a garbage JWT', { Authorization: 'Bearer aaa.bbb.ccc' }, /invalid/],
  ])('refuses %s with 401', async (_case, headers, pattern) => {
    for (const path of ['/rest-api-v1/probe', '/rest-manager-api-v1/vendors/1/features']) {
      expectError(await request(t.http).get(path).set(headers), 401, pattern);
    }
  });

  it('takes the scheme name in any case (RFC 9110), and the rate limit counts it against the account', async () => {
    const { vendor, token } = await createVendor(t.app);
    const remaining: number[] = [];
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR', 'bearer  ']) {
      const res = await request(t.http)
        .get('/rest-api-v1/probe')
        .set({ Authorization: `${scheme} ${token}` });
      expect({ scheme, status: res.status, body: res.body }).toEqual({
        scheme,
        status: 200,
        body: { success: true, data: { vendorId: vendor.id } },
      });
      remaining.push(Number(res.headers['x-ratelimit-remaining']));
    }
    // One budget, the vendor's: each request, whatever the scheme's case, took one from it.
    expect(remaining).toEqual(remaining.map((_r, i) => remaining[0] - i));
  });

  it('refuses a token signed with the right secret but with HS512 instead of HS256 (algorithm pinned) with 401', async () => {
    const { vendor, token } = await createVendor(t.app);
    const jwt = t.app.get(JwtService);
    const claims = { subject: String(vendor.id), jwtid: jwt.decode<{ jti: string }>(token).jti };
    await request(t.http).get('/rest-api-v1/probe').set(bearer(token)).expect(200);
    const hs512 = jwt.sign({ typ: 'vendor' }, { ...claims, algorithm: 'HS512' });
    expect(JSON.parse(Buffer.from(hs512.split('.')[0], 'base64url').toString())).toMatchObject({ alg: 'HS512' });
    expectError(await request(t.http).get('/rest-api-v1/probe').set(bearer(hs512)), 401, /invalid/);
  });

  it('refuses a token signed with another secret (forged) with 401', async () => {
    const { vendor, token } = await createVendor(t.app);
    const forged = new JwtService({ secret: 'not-the-secret-not-the-secret-not-the-secret' }).sign(
      { typ: 'vendor' },
      { subject: String(vendor.id), jwtid: t.app.get(JwtService).decode<{ jti: string }>(token).jti },
    );
    expectError(await request(t.http).get('/rest-api-v1/probe').set(bearer(forged)), 401, /invalid/);
  });

  it('refuses a token whose algorithm is "none" with 401', async () => {
    const { vendor } = await createVendor(t.app);
    const encode = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ typ: 'vendor', sub: String(vendor.id), jti: 'x' })}.x`;
    expectError(await request(t.http).get('/rest-api-v1/probe').set(bearer(unsigned)), 401, /invalid/);
  });

  it('revokes a vendor token the moment a new one is issued', async () => {
    const { vendor, token: first } = await createVendor(t.app);
    await request(t.http).get('/rest-api-v1/probe').set(bearer(first)).expect(200);

    const issued = await request(t.http)
      .post(`/rest-manager-api-v1/vendors/${vendor.id}/api-token`)
      .set(bearer(managerToken));
    expect(issued.status).toBe(201);
    const second: string = issued.body.data.token;
    expect(second).not.toBe(first);

    expectError(await request(t.http).get('/rest-api-v1/probe').set(bearer(first)), 401, /revoked/);
    const ok = await request(t.http).get('/rest-api-v1/probe').set(bearer(second));
    expect(ok.body).toEqual({ success: true, data: { vendorId: vendor.id } });
  });

  it('revokes a manager token the moment a new one is issued', async () => {
    const { manager, token: first } = await createAdmin(t.app);
    await request(t.http)
      .get('/rest-manager-api-v1/vendors/1/features')
      .set(bearer(first))
      .expect((r) => expect(r.status).not.toBe(401));

    const second = await t.app.get(AuthService).issueManagerTokenByEmail(manager.email);
    expectError(await request(t.http).post('/rest-manager-api-v1/vendors').set(bearer(first)).send({}), 401, /revoked/);
    const created = await request(t.http)
      .post('/rest-manager-api-v1/vendors')
      .set(bearer(second))
      .send({ vendorName: 'After Rotation', email: 'rot@test.example', cityName: 'Ottawa', provinceName: 'Ontario' });
    expect(created.status).toBe(201);
  });

  it('refuses a vendor token on the manager API and a manager token on the vendor API with 403', async () => {
    const { token } = await createVendor(t.app);
    expectError(
      await request(t.http).post('/rest-manager-api-v1/vendors').set(bearer(token)).send({}),
      403,
      /vendor token cannot/,
    );
    expectError(await request(t.http).get('/rest-api-v1/probe').set(bearer(managerToken)), 403, /manager token cannot/);
  });

  it('refuses a deactivated vendor with 403 and admits it again once reactivated', async () => {
    const { vendor, token } = await createVendor(t.app);
    const patch = (activated: boolean) =>
      request(t.http).patch(`/rest-manager-api-v1/vendors/${vendor.id}`).set(bearer(managerToken)).send({ activated });

    expect((await patch(false)).body.data.activated).toBe(false);
    expectError(await request(t.http).get('/rest-api-v1/probe').set(bearer(token)), 403, /deactivated/);
    expect((await patch(true)).body.data.activated).toBe(true);
    await request(t.http).get('/rest-api-v1/probe').set(bearer(token)).expect(200);
  });

  it('gates feature routes on the vendor flag and sees a flag change on the next request', async () => {
    const { vendor, token } = await createVendor(t.app);
    expectError(
      await request(t.http).get('/rest-api-v1/probe/rms').set(bearer(token)),
      403,
      /enableFullRMS feature is not enabled/,
    );

    const on = await request(t.http)
      .patch(`/rest-manager-api-v1/vendors/${vendor.id}/features`)
      .set(bearer(managerToken))
      .send({ enableFullRMS: true });
    expect(on.body.data).toEqual({
      enableFullRMS: true,
      enableStandaloneFeedbackBooster: false,
      enableStandaloneReviewBooster: false,
    });
    expect((await request(t.http).get('/rest-api-v1/probe/rms').set(bearer(token))).body).toEqual({
      success: true,
      data: { ok: true },
    });
  });

  it('refuses manager tokens for non-ADMIN managers, at issue and at use', async () => {
    const managers = t.app.get(ManagersRepository);
    const staff = await managers.create(`staff-${Date.now()}@test.example`, 'Staff', ManagerRole.Staff);
    await expect(t.app.get(AuthService).issueManagerToken(staff)).rejects.toThrow(/Only managers with the ADMIN role/);

    const { manager, token } = await createAdmin(t.app);
    await t.dataSource.query(`UPDATE managers SET role = 'STAFF' WHERE id = $1`, [manager.id]);
    expectError(
      await request(t.http).post('/rest-manager-api-v1/vendors').set(bearer(token)).send({}),
      403,
      /ADMIN role/,
    );
  });

  it('treats a token for an account that does not exist as invalid (401)', async () => {
    const ghost = t.app
      .get(JwtService)
      .sign({ typ: 'vendor' }, { subject: '2147483000', jwtid: 'f0f0f0f0-0000-4000-8000-000000000000' });
    expectError(await request(t.http).get('/rest-api-v1/probe').set(bearer(ghost)), 401, /invalid/);
  });
});
