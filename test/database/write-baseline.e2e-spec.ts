import { Pool } from 'pg';
import { writeReviewRequest } from '../../bench/baseline-review-request';
import { createVendor } from '../support/factories';
import { type TestApp, createTestApp } from '../support/test-app';

// bench:campaign's write baseline runs the service's own statements: a change to one of them must keep it
// writing, or the benchmark measures refusals.
describe("bench:campaign's write baseline", () => {
  let t: TestApp;
  let pool: Pool;

  beforeAll(async () => {
    t = await createTestApp();
    pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
  });

  afterAll(async () => {
    await pool.end();
    await t.close();
  });

  it("writes a review request's rows, its e-mail and text among them, with the service's statements", async () => {
    const { vendor } = await createVendor(t.app);
    const answer = (await writeReviewRequest(pool, vendor.id, {
      firstName: 'Ann',
      emailTo: 'Ann@Customer.test',
      phone: '+1 416 555 0199',
    })) as { email: string; phone: string; deliveries: { channel: string; status: string }[] };
    expect(answer).toMatchObject({ email: 'ann@customer.test', phone: '416-555-0199' });
    expect(answer.deliveries.map(({ channel, status }) => [channel, status])).toEqual([
      ['EMAIL', 'PENDING'],
      ['SMS', 'PENDING'],
    ]);
  });
});
