// Example (compiled with --strict by `npm run client:check`): with the vendor's key that holds every
// scope, make a key for this script alone (its leads, and messages and review requests to customers,
// for an hour), list the leads waiting for the vendor, accept the first, ask its customer for a review,
// and revoke the script's key. Run with a vendor token of a key with every scope (`*`):
//   SERVICE_URL=http://127.0.0.1:3000 VENDOR_TOKEN=... npx tsx clients/ts/example.ts
import { randomUUID } from 'node:crypto';
import { createVendorLeadsClient } from './client';

const baseUrl = process.env.SERVICE_URL ?? 'http://127.0.0.1:3000';

async function main(): Promise<void> {
  const keys = createVendorLeadsClient({ baseUrl, token: process.env.VENDOR_TOKEN ?? '' });
  const created = await keys.POST('/rest-api-v1/api-keys', {
    body: {
      name: 'Lead follow-up script',
      scopes: ['leads:write', 'reputation:write'],
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    },
  });
  if (created.error) throw new Error(created.error.error);
  // The secret is in this answer only; the key's id is what later calls name.
  const { id: keyId, token } = created.data.data;
  try {
    await followUp(createVendorLeadsClient({ baseUrl, token }));
  } finally {
    await keys.DELETE('/rest-api-v1/api-keys/{keyId}', { params: { path: { keyId } } });
  }
}

async function followUp(api: ReturnType<typeof createVendorLeadsClient>): Promise<void> {
  const leads = await api.GET('/rest-api-v1/general-leads', {
    params: { query: { filter: 'REQUIRES_ATTENTION', page: 0, size: 10 } },
  });
  if (leads.error) throw new Error(leads.error.error);
  const waiting = leads.data.data.content.find((lead) => lead.vendorLeadAction === 'NONE');
  console.log(`${leads.data.data.totalElements} lead(s) need attention`);
  if (!waiting) return;

  const accepted = await api.POST('/rest-api-v1/general-leads/{id}/accept', {
    params: { path: { id: waiting.id }, header: { 'Idempotency-Key': randomUUID() } },
  });
  if (accepted.error) throw new Error(accepted.error.error);
  const lead = accepted.data.data;
  console.log(`Accepted lead ${lead.id}: ${lead.customerName}, ${lead.customerEmail ?? 'no email'}`);

  const [firstName, ...rest] = lead.customerName.split(' ');
  const request = await api.POST('/rest-api-v1/review-requests', {
    params: { query: { skipDuplicates: true }, header: { 'Idempotency-Key': randomUUID() } },
    body: {
      firstName,
      lastName: rest.join(' ') || undefined,
      emailTo: lead.customerEmail ?? undefined,
      phone: lead.customerPhone ?? undefined,
    },
  });
  if (request.error) throw new Error(request.error.error);
  // 201: the stored request; 200: a duplicate was skipped and only a message came back.
  console.log('data' in request.data ? `Review request ${request.data.data.id} sent` : request.data.message);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
