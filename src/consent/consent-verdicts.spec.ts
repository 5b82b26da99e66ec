import type { LeadListeners } from '../leads/lead-listeners';
import type { NotificationsService } from '../notifications/notifications.service';
import type { LeavingMessage, SendingConsent } from '../notifications/sending-consent';
import { ConsentKeeperService } from './consent-keeper';
import { type ConsentAsk, ConsentService } from './consent.service';
import type { ConsentRecord } from './consents.sql';
import type { ConsentsRepository } from './consents.repository';

const NOW = new Date('2026-06-10T14:00:00Z');
const line = (id: number, vendorId: number | null, contact: string, fields: Partial<ConsentRecord> = {}) =>
  ({
    id,
    vendorId,
    contact,
    kind: 'PURCHASE',
    startsAt: new Date('2026-01-01T00:00:00Z'),
    endsAt: null,
    ...fields,
  }) as ConsentRecord;

describe('the consent check of messages claimed together', () => {
  const reads: { vendorIds: readonly number[]; contacts: readonly string[] }[] = [];
  let lines: ConsentRecord[] = [];
  const ledger = {
    linesOf: (vendorIds: readonly number[], contacts: readonly string[]) => {
      reads.push({ vendorIds, contacts });
      return Promise.resolve(lines);
    },
  } as unknown as ConsentsRepository;
  const service = new ConsentService(ledger, { now: () => NOW });

  beforeEach(() => (reads.length = 0));

  it("reads the ledger once, and judges each message by its own vendor's lines and every vendor's", async () => {
    lines = [
      line(4, null, 'ann@example.com', { kind: 'WITHDRAWAL' }),
      line(3, 7, 'ann@example.com', { endsAt: new Date('2026-05-01T00:00:00Z') }),
      line(2, 8, 'bob@example.com'),
      line(1, 7, 'bob@example.com', { kind: 'INQUIRY' }),
    ];
    const asks: ConsentAsk[] = [
      { vendorId: 7, contact: 'bob@example.com' },
      { vendorId: 9, contact: 'bob@example.com' },
      { vendorId: 7, contact: 'ann@example.com' },
      { vendorId: 8, contact: 'bob@example.com' },
    ];
    const verdicts = await service.verdicts(asks);
    expect(reads).toEqual([{ vendorIds: [7, 9, 8], contacts: ['bob@example.com', 'ann@example.com'] }]);
    expect(verdicts).toEqual([
      { basis: { id: 1, kind: 'INQUIRY', endsAt: null } },
      { refused: 'no basis of consent is recorded for this contact', ended: null },
      {
        refused: 'its PURCHASE basis ended on 2026-05-01T00:00:00.000Z',
        ended: { kind: 'PURCHASE', endedAt: new Date('2026-05-01T00:00:00Z') },
      },
      { basis: { id: 2, kind: 'PURCHASE', endsAt: null } },
    ]);
  });

  it('reads nothing for no message', async () => {
    expect(await service.verdicts([])).toEqual([]);
    expect(reads).toEqual([]);
  });

  it('answers a verdict for each message in its order, exempt ones without the check', async () => {
    lines = [line(5, 7, 'cy@example.com')];
    const notifications = { exemptionUsed: () => Promise.resolve(false) } as unknown as NotificationsService;
    const keeper = new ConsentKeeperService(service, {} as LeadListeners, {} as SendingConsent, notifications);
    const message = (id: number, purpose: LeavingMessage['purpose'], recipient: string): LeavingMessage => ({
      id,
      vendorId: 7,
      purpose,
      recipient,
    });
    const verdicts = await keeper.verdictsFor([
      message(1, 'LEAD_ALERT', 'owner@example.com'),
      message(2, 'REVIEW_REQUEST', 'dee@example.com'),
      message(3, 'LEAD_MESSAGE', 'eve@example.com'),
      message(4, 'REVIEW_REMINDER', 'cy@example.com'),
    ]);
    expect(verdicts).toEqual([
      { basis: null },
      { refused: 'no basis of consent is recorded for this contact' },
      { basis: 'EXEMPT:QUOTE_REQUESTED' },
      { basis: 'PURCHASE#5' },
    ]);
    expect(reads).toEqual([{ vendorIds: [7], contacts: ['dee@example.com', 'cy@example.com'] }]);
  });
});
