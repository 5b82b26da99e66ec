import { type LedgerLine, endOf, inForce, verdictOf } from './consent-basis';
import { ConsentKeeperService } from './consent-keeper';
import type { ConsentService } from './consent.service';
import type { LeadListeners } from '../leads/lead-listeners';
import type { NotificationsService } from '../notifications/notifications.service';
import type { SendingConsent } from '../notifications/sending-consent';

const at = (iso: string) => new Date(iso);
const line = (fields: Partial<LedgerLine>): LedgerLine => ({
  id: 1,
  vendorId: 7,
  kind: 'PURCHASE',
  startsAt: at('2024-01-31T12:00:00Z'),
  endsAt: null,
  ...fields,
});

describe('consent bases (CASL s. 10)', () => {
  it('an inquiry ends 6 calendar months after it arose, a purchase 2 years, express consent never', () => {
    expect(endOf('INQUIRY', at('2026-01-15T09:30:00Z'))).toEqual(at('2026-07-15T09:30:00Z'));
    expect(endOf('PURCHASE', at('2024-02-29T00:00:00Z'))).toEqual(at('2026-03-01T00:00:00Z'));
    expect(endOf('EXPRESS', at('2020-01-01T00:00:00Z'))).toBeNull();
  });

  it('is in force from its start until (not at) its end; a withdrawal is never a basis', () => {
    const basis = line({ startsAt: at('2026-01-01T00:00:00Z'), endsAt: at('2026-07-01T00:00:00Z') });
    expect(inForce(basis, at('2025-12-31T23:59:59Z'))).toBe(false);
    expect(inForce(basis, at('2026-06-30T23:59:59Z'))).toBe(true);
    expect(inForce(basis, at('2026-07-01T00:00:00Z'))).toBe(false);
    expect(inForce(line({ kind: 'WITHDRAWAL' }), at('2026-07-01T00:00:00Z'))).toBe(false);
  });

  it('answers the basis that lasts longest, or names the one that ended last', () => {
    const now = at('2026-06-10T00:00:00Z');
    const inquiry = line({ id: 1, kind: 'INQUIRY', endsAt: at('2026-06-20T00:00:00Z') });
    const express = line({ id: 2, kind: 'EXPRESS', endsAt: null });
    expect(verdictOf([inquiry, express], now)).toEqual({ basis: { id: 2, kind: 'EXPRESS', endsAt: null } });
    const old = line({ id: 3, kind: 'PURCHASE', endsAt: at('2026-05-01T00:00:00Z') });
    const older = line({ id: 4, kind: 'INQUIRY', endsAt: at('2026-04-01T00:00:00Z') });
    expect(verdictOf([older, old], now)).toEqual({
      refused: 'its PURCHASE basis ended on 2026-05-01T00:00:00.000Z',
      ended: { kind: 'PURCHASE', endedAt: at('2026-05-01T00:00:00Z') },
    });
    expect(verdictOf([], now)).toEqual({ refused: 'no basis of consent is recorded for this contact', ended: null });
  });
});

describe('what each message needs (CASL s. 6)', () => {
  const consents = {
    verdicts: (asks: unknown[]) => Promise.resolve(asks.map(() => ({ refused: 'none', ended: null }))),
  } as unknown as ConsentService;
  let invitedBefore = false;
  const notifications = { exemptionUsed: () => Promise.resolve(invitedBefore) } as unknown as NotificationsService;
  const keeper = new ConsentKeeperService(consents, {} as LeadListeners, {} as SendingConsent, notifications);
  const verdictFor = async (purpose: Parameters<typeof keeper.verdictsFor>[0][number]['purpose']) =>
    (await keeper.verdictsFor([{ id: 1, vendorId: 7, purpose, recipient: 'jane@example.com' }]))[0];

  it("exempts a lead's conversation and a referral's first invitation, recorded as such", async () => {
    invitedBefore = true;
    expect(await verdictFor('LEAD_MESSAGE')).toEqual({ basis: 'EXEMPT:QUOTE_REQUESTED' });
    invitedBefore = false;
    expect(await verdictFor('REFERRAL_INVITATION')).toEqual({ basis: 'EXEMPT:REFERRAL_FIRST_MESSAGE' });
    invitedBefore = true;
    expect(await verdictFor('REFERRAL_INVITATION')).toEqual({ refused: 'none' });
  });

  it('asks nothing of a vendor’s alert, and a basis of every request and reminder', async () => {
    expect(await verdictFor('LEAD_ALERT')).toEqual({ basis: null });
    for (const purpose of [
      'REVIEW_REQUEST',
      'REVIEW_REMINDER',
      'FEEDBACK_REQUEST',
      'FEEDBACK_REMINDER',
      'REFERRAL_REQUEST',
    ] as const)
      expect(await verdictFor(purpose)).toEqual({ refused: 'none' });
  });
});
