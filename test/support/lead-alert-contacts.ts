import type { DataSource } from 'typeorm';

/**
 * Records the alert contacts a test is about to set as confirmed already, as entering the codes sent to
 * them would have (test/leads/lead-alert-confirmation.e2e-spec.ts goes through the codes themselves):
 * settings saved next with the same contacts keep them confirmed, and send no code.
 */
export async function confirmedAlertContacts(
  dataSource: DataSource,
  vendorId: number,
  { email, phone }: { email?: string | null; phone?: string | null },
): Promise<void> {
  const digits = phone?.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  const normalized = digits ? `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` : null;
  await dataSource.query(
    `INSERT INTO lead_alert_settings (vendor_id, email, phone, email_confirmed_at, phone_confirmed_at)
     VALUES ($1, $2, $3, now(), now())
     ON CONFLICT (vendor_id) DO UPDATE SET email = $2, phone = $3, email_confirmed_at = now(), phone_confirmed_at = now()`,
    [vendorId, email?.trim() ?? null, normalized],
  );
}
