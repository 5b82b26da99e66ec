import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import request from 'supertest';
import { markTracingOn } from '../../src/common/tracing/tracing';
import { VENDOR_API } from '../support/api-paths';
import { bearer, createVendor } from '../support/factories';
import { waitUntil } from '../support/net';
import { NotificationHarness } from '../support/notification-harness';
import type { TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

const traceIdOf = (traceParent: string): string => traceParent.split('-')[1];

describe('Traces', () => {
  const harness = new NotificationHarness('traces');
  const exporter = new InMemorySpanExporter();
  const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  let receiver: WebhookReceiver;
  let t: TestApp;

  beforeAll(async () => {
    provider.register();
    markTracingOn(true);
    await harness.start();
    receiver = await WebhookReceiver.start();
    t = await harness.bootApp({
      WEBHOOK_ALLOW_INSECURE: 'true',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_POLL_INTERVAL_MS: '50',
    });
  });

  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    await harness.stop();
    markTracingOn(false);
    await provider.shutdown();
  });

  it('follow a review request by e-mail and SMS, in one trace, from the request to both deliveries and its webhook', async () => {
    const { token } = await createVendor(t.app, { features: ['enableStandaloneReviewBooster'] });
    const auth = bearer(token);
    await request(t.http)
      .patch(`${VENDOR_API}/automation-settings`)
      .set(auth)
      .send({ quietHoursStart: null, quietHoursEnd: null })
      .expect(200);
    await request(t.http)
      .post(`${VENDOR_API}/webhook-endpoints`)
      .set(auth)
      .send({ url: receiver.url('/hooks'), events: ['review_request.created'] })
      .expect(201);
    exporter.reset();

    await request(t.http)
      .post(`${VENDOR_API}/review-requests`)
      .set(auth)
      .send({ firstName: 'Sam', emailTo: 'sam@traces.test', phone: '416-555-0142' })
      .expect(201);
    const deliveries = (): ReadableSpan[] =>
      exporter.getFinishedSpans().filter((span) => span.name.endsWith(' attempt'));
    await waitUntil(() => Promise.resolve(deliveries().length === 3 && receiver.received.length === 1), 20_000);

    const [requestSpan] = exporter
      .getFinishedSpans()
      .filter((span) => span.name === 'POST /rest-api-v1/review-requests');
    expect(requestSpan.kind).toBe(SpanKind.SERVER);
    const traceId = requestSpan.spanContext().traceId;
    const trace = exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId);

    const inTrace = deliveries().filter((span) => span.spanContext().traceId === traceId);
    expect(inTrace.map((span) => [span.name, span.attributes['outbox.channel']]).sort()).toEqual([
      ['Notification attempt', 'EMAIL'],
      ['Notification attempt', 'SMS'],
      ['Webhook delivery attempt', undefined],
    ]);
    for (const span of inTrace) expect(span.parentSpanContext?.spanId).toBe(requestSpan.spanContext().spanId);
    // Statements: the request's inserts, the deliveries' outcomes; their text, never their values.
    const statements = trace.filter((span) => span.kind === SpanKind.CLIENT);
    expect(statements.some((span) => span.parentSpanContext?.spanId === requestSpan.spanContext().spanId)).toBe(true);
    expect(
      statements.some((span) => inTrace.some((d) => d.spanContext().spanId === span.parentSpanContext?.spanId)),
    ).toBe(true);
    expect(JSON.stringify(statements.map((span) => span.attributes))).not.toContain('sam@traces.test');

    const [webhook] = receiver.received;
    const webhookSpan = inTrace.find((span) => span.name === 'Webhook delivery attempt')!;
    expect(webhook.headers.traceparent).toBe(`00-${traceId}-${webhookSpan.spanContext().spanId}-01`);
    expect(traceIdOf(webhook.headers.traceparent as string)).toBe(traceId);
  });
});
