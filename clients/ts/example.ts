// Example (compiled with --strict by `npm run client:check`): list the vendor's leads waiting for it,
// accept the first, and ask its customer for a review. Run with a vendor token:
//   SERVICE_URL=http://127.0.0.1:3000 VENDOR_TOKEN=... npx tsx clients/ts/example.ts
import { randomUUID } from 'node:crypto';
import { createVendorLeadsClient } from './client';

async function main(): Promise<void> {
  const api = createVendorLeadsClient({
    baseUrl: process.env.SERVICE_URL ?? 'http://127.0.0.1:3000',
    token: process.env.VENDOR_TOKEN ?? '',
  });

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
