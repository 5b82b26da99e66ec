import request from 'supertest';
import { assertBuilt, runCli } from '../support/built-app';
import { bearer, createVendor } from '../support/factories';
import { ProbeController } from '../support/probe.controller';
import { TestApp, createTestApp } from '../support/test-app';

const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** The admin CLI, run as a separate process against the same database as the running server. */
describe('Admin CLI (e2e)', () => {
  let t: TestApp;
  const email = `cli-${Date.now()}@test.example`;

  beforeAll(async () => {
    assertBuilt();
    t = await createTestApp({ controllers: [ProbeController] });
  });
  afterAll(() => t.close());

  const onlyLine = (stdout: string): string => {
    const lines = stdout.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    return lines[0];
  };

  it('create-admin prints only a manager token, and the server accepts it', async () => {
    const result = await runCli(['create-admin', '--email', email, '--name', 'Cli Admin']);
    expect(result.code).toBe(0);
    const token = onlyLine(result.stdout);
    expect(token).toMatch(JWT);

    const res = await request(t.http).post('/rest-manager-api-v1/vendors').set(bearer(token)).send({
      vendorName: 'Made via CLI token',
      email: 'cli-vendor@test.example',
      cityName: 'Regina',
      provinceName: 'Saskatchewan',
    });
    expect(res.status).toBe(201);
  });

  it('create-admin refuses a second admin with the same email', async () => {
    const result = await runCli(['create-admin', '--email', email.toUpperCase(), '--name', 'Again']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/already exists/);
  });

  it('manager-token issues a new token and revokes the previous one', async () => {
    const first = onlyLine((await runCli(['manager-token', '--email', email])).stdout);
    const second = onlyLine((await runCli(['manager-token', '--email', email])).stdout);
    const revoked = await request(t.http).get('/rest-manager-api-v1/vendors/1/features').set(bearer(first));
    expect(revoked.status).toBe(401);
    expect(revoked.body.error).toMatch(/revoked/);
    const ok = await request(t.http).post('/rest-manager-api-v1/vendors').set(bearer(second)).send({});
    expect(ok.status).toBe(400); // authenticated, then refused for the empty body
  });

  it('vendor-token prints a token the vendor API accepts and revokes the previous one', async () => {
    const { vendor, token: previous } = await createVendor(t.app);
    const result = await runCli(['vendor-token', '--vendor-id', String(vendor.id)]);
    expect(result.code).toBe(0);
    const token = onlyLine(result.stdout);
    expect((await request(t.http).get('/rest-api-v1/probe').set(bearer(token))).body).toEqual({
      success: true,
      data: { vendorId: vendor.id },
    });
    expect((await request(t.http).get('/rest-api-v1/probe').set(bearer(previous))).status).toBe(401);
  });

  it('seed-demo prints JSON with working manager and vendor tokens', async () => {
    const result = await runCli(['seed-demo']);
    expect(result.code).toBe(0);
    const seeded = JSON.parse(result.stdout) as { managerToken: string; vendorToken: string; vendorId: number };
    expect(
      (
        await request(t.http)
          .get(`/rest-manager-api-v1/vendors/${seeded.vendorId}/features`)
          .set(bearer(seeded.managerToken))
      ).body.data,
    ).toEqual({
      enableFullRMS: true,
      enableStandaloneFeedbackBooster: true,
      enableStandaloneReviewBooster: true,
    });
    expect((await request(t.http).get('/rest-api-v1/probe').set(bearer(seeded.vendorToken))).body.data).toEqual({
      vendorId: seeded.vendorId,
    });
  });

  it('seed-demo leaves reputation journeys at several steps, with working customer links', async () => {
    const seeded = JSON.parse((await runCli(['seed-demo'])).stdout) as {
      vendorToken: string;
      customerLinks: Record<string, string>;
    };
    const expectedPages: Record<string, RegExp> = {
      feedbackRequest: /how did .* do\?/,
      reviewQuestion: /are you happy with/,
      reviewLinks: /Would you leave a review\?/,
      referral: /Thank you for your review/,
      privateFeedback: /sorry to hear that/,
    };
    for (const [step, page] of Object.entries(expectedPages)) {
      const res = await request(t.http).get(new URL(seeded.customerLinks[step]).pathname);
      expect({ step, status: res.status, matches: page.test(res.text) }).toEqual({ step, status: 200, matches: true });
    }
    const kpi = await request(t.http).get('/rest-api-v1/reputation-process/kpi').set(bearer(seeded.vendorToken));
    expect(kpi.body.data).toMatchObject({
      totalReputationProcesses: 5,
      totalReputationProcessesCompleted: 2,
      totalReviewsCompleted: 1,
      referralRequestsCompletedByShare: 1,
    });
  });

  it.each([
    [['vendor-token', '--vendor-id', 'abc'], 2, /--vendor-id must be a positive integer/],
    [['vendor-token'], 2, /--vendor-id is required/],
    [['frobnicate'], 2, /Unknown command "frobnicate"/],
    [['vendor-token', '--vendor-id', '2147483000'], 1, /Vendor 2147483000 was not found/],
    [['manager-token', '--email', 'nobody@test.example'], 1, /Manager nobody@test.example was not found/],
  ])('%j exits %i with a message on stderr and nothing on stdout', async (args, code, message) => {
    const result = await runCli(args);
    expect(result.code).toBe(code);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
  });
});
