import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { EntityTarget, ObjectLiteral } from 'typeorm';
import { AutomationSettingsRepository } from '../../src/automation-settings/automation-settings.repository';
import { DEFAULT_AUTOMATION_SETTINGS } from '../../src/automation-settings/automation-settings';
import { AutomationSettings } from '../../src/automation-settings/entities/automation-settings.entity';
import { OutboxNotification } from '../../src/notifications/entities/outbox-notification.entity';
import { ReputationProcess } from '../../src/reputation/entities/reputation-process.entity';
import { ReviewRequest } from '../../src/review-requests/entities/review-request.entity';
import { ReviewRequestsService } from '../../src/review-requests/review-requests.service';
import { Vendor } from '../../src/vendors/entities/vendor.entity';
import { VendorsService } from '../../src/vendors/vendors.service';
import { createVendor } from '../support/factories';
import { type TestApp, createTestApp } from '../support/test-app';

/**
 * The hot paths read and write some entities through hand-written prepared statements rather than
 * TypeORM's entity API. Each such statement must answer what TypeORM would: every column of the
 * entity (the metadata's list, so a column added later is checked too), each value as TypeORM reads
 * it back from the same row.
 */
describe('Statements answering whole entities (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  function columnsOf(entity: EntityTarget<ObjectLiteral>): string[] {
    return t.dataSource
      .getMetadata(entity)
      .columns.map((column) => column.propertyName)
      .sort();
  }

  async function expectAsTypeOrmReads(entity: EntityTarget<ObjectLiteral>, answered: object, where: object) {
    expect(Object.keys(answered).sort()).toEqual(columnsOf(entity));
    const read = await t.dataSource.getRepository(entity).findOneByOrFail(where);
    expect({ ...answered }).toEqual({ ...read });
  }

  it('a vendor by id, its profile and sender filled in', async () => {
    const { vendor } = await createVendor(t.app, { mailingAddress: '1 Main St, Toronto ON' });
    await t.dataSource.getRepository(Vendor).update(vendor.id, {
      contactPhone: '416-555-0100',
      smsFromNumber: '+14165550100',
      defaultLocale: 'fr',
    });
    const answered = await t.app.get(VendorsService).get(vendor.id);
    await expectAsTypeOrmReads(Vendor, answered, { id: vendor.id });
  });

  it('a review request’s new process and request, and its messages as queued', async () => {
    const { vendor } = await createVendor(t.app);
    const txHost = t.app.get(TransactionHost<TransactionalAdapterTypeOrm>);
    // The messages as stored before the commit: the outbox worker takes them at once after it.
    const { created, queued } = await txHost.withTransaction(async () => {
      const customer = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@customer.example', phone: '416-555-0199' };
      const request = (await t.app.get(ReviewRequestsService).create(vendor, customer, false))!;
      const where = { purpose: 'REVIEW_REQUEST' as const, subjectId: request.request.id };
      return {
        created: request,
        queued: await txHost.tx.find(OutboxNotification, { where, order: { channel: 'ASC' } }),
      };
    });
    await expectAsTypeOrmReads(ReputationProcess, created.process, { id: created.process.id });
    await expectAsTypeOrmReads(ReviewRequest, created.request, { id: created.request.id });
    expect(queued.map((message) => message.channel)).toEqual(['EMAIL', 'SMS']);
    expect(created.messages).toEqual(
      queued.map(({ channel, status, attempts, lastErrorCode, lastError, sentAt, nextAttemptAt, sendAfter }) => ({
        channel,
        status,
        attempts,
        lastErrorCode,
        lastError,
        sentAt,
        nextAttemptAt,
        sendAfter,
      })),
    );
  });

  it('a vendor’s stored automation settings', async () => {
    const { vendor } = await createVendor(t.app);
    const settings = { ...DEFAULT_AUTOMATION_SETTINGS, reminderDelayMinutes: 90, quietHoursStart: '21:30' };
    const answered = await t.app.get(AutomationSettingsRepository).replace(vendor.id, settings);
    await expectAsTypeOrmReads(AutomationSettings, answered!, { vendorId: vendor.id });
  });
});
