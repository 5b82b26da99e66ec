import { ReminderPass } from '../../src/automation/reminder-pass';
import { ProcessRemindersService } from '../../src/reputation/process-reminders.service';
import { AutomationTestBed, automate, minutesAfter, outboxSettled, reminderOf, stopClock } from '../support/automation';
import { createReviewRequest, createVendor } from '../support/factories';
import { waitUntil } from '../support/net';
import { messagesOf } from '../support/outbox';
import type { TestApp } from '../support/test-app';

jest.setTimeout(60_000);

const bed = new AutomationTestBed(`${process.env.E2E_DATABASE_NAME}_remind2`);
const T0 = '2026-06-10T14:00:00.000Z';
const DUE = minutesAfter(T0, 4320);

/** docs/contract.md#automation: one reminder per process, however many instances run and whatever dies mid-pass. */
describe('Reminders with several instances (e2e)', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    await bed.start();
    a = await bed.boot();
    b = await bed.boot();
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await bed.stop();
  });
  afterEach(() => jest.restoreAllMocks());

  async function silentCustomers(count: number) {
    stopClock(a.app, T0);
    const { vendor } = await createVendor(a.app);
    await automate(a.app, vendor.id);
    const requests = [];
    for (let i = 0; i < count; i++) {
      requests.push(
        (await createReviewRequest(a.app, vendor, { emailTo: `c${i}-${vendor.id}@customer.example` })).request,
      );
    }
    return { vendor, requests };
  }

  it('sends each silent customer one reminder when two instances run their passes at the same moment', async () => {
    const { vendor, requests } = await silentCustomers(250);
    stopClock(a.app, DUE);
    stopClock(b.app, DUE);
    const [fromA, fromB] = await Promise.all([a.app.get(ReminderPass).run(), b.app.get(ReminderPass).run()]);
    expect(fromA.sent + fromB.sent).toBe(250);
    expect(fromA.skipped + fromB.skipped).toBe(0);

    await waitUntil(() => outboxSettled(a.app, vendor.id), 30_000);
    for (const req of requests) {
      expect(await messagesOf(a.app, 'REVIEW_REMINDER', req.id)).toHaveLength(1);
      const mails = bed.sink.to(req.emailTo!).map((m) => m.parsed.subject);
      expect(mails).toEqual([
        `Would you review ${vendor.vendorName}?`,
        `A quick reminder: would you review ${vendor.vendorName}?`,
      ]);
    }
  });

  it('still sends exactly one when a pass dies before its commit: the next pass, on any instance, sends it', async () => {
    const { vendor, requests } = await silentCustomers(3);
    stopClock(a.app, DUE);
    stopClock(b.app, DUE);
    // Instance A dies after queueing the second reminder's messages, before its transaction commits.
    const remind = ProcessRemindersService.prototype.remind;
    let calls = 0;
    jest.spyOn(a.app.get(ProcessRemindersService), 'remind').mockImplementation(async function (
      this: ProcessRemindersService,
      ...args
    ) {
      const outcome = await remind.apply(this, args);
      if (++calls === 2) throw new Error('instance A crashed');
      return outcome;
    });
    await expect(a.app.get(ReminderPass).run()).rejects.toThrow('instance A crashed');
    for (const req of requests) {
      expect(await messagesOf(a.app, 'REVIEW_REMINDER', req.id)).toEqual([]);
      expect(await reminderOf(a.app, req.processId)).toMatchObject({ outcome: null });
    }

    expect(await b.app.get(ReminderPass).run()).toEqual({ sent: 3, deferred: 0, skipped: 0 });
    expect(await a.app.get(ReminderPass).run()).toEqual({ sent: 0, deferred: 0, skipped: 0 });
    await waitUntil(() => outboxSettled(a.app, vendor.id));
    for (const req of requests) {
      expect(bed.sink.to(req.emailTo!)).toHaveLength(2);
    }
  });
});
