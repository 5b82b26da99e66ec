import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'js-yaml';
import request from 'supertest';
import { MANAGER_API, VENDOR_API } from '../support/api-paths';
import { runCli } from '../support/built-app';
import { BuiltServer } from '../support/built-server';
import { LEAD_BODY, bearer } from '../support/factories';
import { freePort, waitUntil } from '../support/net';
import { NotificationHarness } from '../support/notification-harness';
import { PUBLIC_BASE_URL, SMS_AUTH_TOKEN, e164, text } from '../support/sms-inbound';
import { WebhookReceiver } from '../support/webhook-receiver';

const PROMETHEUS = process.env.PROMETHEUS_BIN ?? '/usr/bin/prometheus';
const DEPLOY = join(__dirname, '../../deploy');
const absent = !existsSync(PROMETHEUS);
if (absent) {
  const why = `Prometheus tests skipped: no ${PROMETHEUS} (apt-get install -y prometheus, or set PROMETHEUS_BIN)`;
  if (process.env.CI === 'true') throw new Error(why);
  console.log(why);
}

interface Rule {
  alert: string;
  expr: string;
  for?: string;
}

/**
 * The shipped rules with time compressed: no `for:`, and the outbox's 5 minutes a 2 seconds, so that
 * the test sees them fire within its run. Their thresholds and durations are proved by promtool's
 * unit tests (deploy/prometheus/alerts.test.yml); this proves the series they read are the service's.
 */
async function compressedRules(): Promise<string> {
  const shipped = load(await readFile(join(DEPLOY, 'prometheus/alerts.yml'), 'utf8')) as {
    groups: { name: string; rules: Rule[] }[];
  };
  for (const rule of shipped.groups.flatMap((group) => group.rules)) {
    delete rule.for;
    if (rule.alert === 'OutboxMessageWaitingTooLong') {
      expect(rule.expr).toContain('> 300');
      rule.expr = rule.expr.replace('> 300', '> 2');
    }
  }
  return JSON.stringify(shipped);
}

interface Sample {
  metric: Record<string, string>;
  value: [number, string];
}

(absent ? describe.skip : describe)('Metrics scraped by a real Prometheus', () => {
  const harness = new NotificationHarness('prometheus');
  let receiver: WebhookReceiver;
  let server: BuiltServer;
  let prometheus: ChildProcess;
  let promUrl: string;
  let metricsPort: number;
  let dir: string;

  const query = async (expr: string): Promise<Sample[]> => {
    const answer = await fetch(`${promUrl}/api/v1/query?query=${encodeURIComponent(expr)}`);
    const body = (await answer.json()) as { status: string; error?: string; data: { result: Sample[] } };
    if (body.status !== 'success') throw new Error(`${expr}: ${body.error}`);
    return body.data.result;
  };
  const valueOf = async (expr: string): Promise<number | undefined> => {
    const [sample] = await query(expr);
    return sample ? Number(sample.value[1]) : undefined;
  };

  beforeAll(async () => {
    await harness.start();
    receiver = await WebhookReceiver.start();
    receiver.answer = () => 500;
    harness.sms.respond = () => ({ status: 400, body: { code: 21211, message: 'Invalid To number' } });
    metricsPort = await freePort();
    // Retries slow enough that the e-mail (its mail server stopped) is still waiting when Prometheus is asked.
    server = new BuiltServer({
      captureStdout: true,
      env: {
        LOG_LEVEL: 'info',
        ...harness.settings({
          NOTIFY_MAX_ATTEMPTS: '50',
          NOTIFY_BACKOFF_BASE_MS: '200',
          NOTIFY_BACKOFF_MAX_MS: '2000',
        }),
        PUBLIC_BASE_URL,
        SMS_AUTH_TOKEN,
        WEBHOOK_ALLOW_INSECURE: 'true',
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
        WEBHOOK_POLL_INTERVAL_MS: '50',
        WEBHOOK_BACKOFF_BASE_MS: '50',
        WEBHOOK_BACKOFF_MAX_MS: '100',
        WEBHOOK_DISABLE_AFTER_FAILURES: '2',
        METRICS_PORT: String(metricsPort),
      },
    });
    await server.start();

    dir = await mkdtemp(join(tmpdir(), 'prometheus-'));
    const promPort = await freePort();
    promUrl = `http://127.0.0.1:${promPort}`;
    await writeFile(join(dir, 'alerts.yml'), await compressedRules());
    const config = {
      global: { scrape_interval: '1s', evaluation_interval: '1s' },
      rule_files: [join(dir, 'alerts.yml')],
      scrape_configs: [{ job_name: 'vendor-leads', static_configs: [{ targets: [`127.0.0.1:${metricsPort}`] }] }],
    };
    await writeFile(join(dir, 'prometheus.yml'), JSON.stringify(config));
    prometheus = spawn(
      PROMETHEUS,
      [
        `--config.file=${join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${promPort}`,
      ],
      { stdio: 'ignore' },
    );
    await waitUntil(
      () =>
        fetch(`${promUrl}/-/ready`).then(
          (r) => r.ok,
          () => false,
        ),
      30_000,
    );
  }, 180_000);

  afterAll(async () => {
    prometheus?.kill();
    await server?.stop();
    await receiver?.close();
    await harness.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('show the value the traffic implies, answer every panel, and fire the outbox and webhook alerts', async () => {
    // The start says where the metrics are.
    expect(server.output).toContain(`Metrics at http://localhost:${metricsPort}/metrics`);
    const env = { ...process.env, ...harness.settings() };
    const admin = bearer(
      (await runCli(['create-admin', '--email', 'admin@prom.test', '--name', 'Admin'], env)).stdout.trim(),
    );
    const vendor = await request(server.url)
      .post(`${MANAGER_API}/vendors`)
      .set(admin)
      .send({ vendorName: 'Birch', email: 'office@birch.test', cityName: 'Toronto', provinceName: 'Ontario' })
      .expect(201);
    const vendorId = vendor.body.data.id as number;
    await request(server.url)
      .patch(`${MANAGER_API}/vendors/${vendorId}/features`)
      .set(admin)
      .send({ enableStandaloneReviewBooster: true })
      .expect(200);
    const token = (
      await request(server.url).post(`${MANAGER_API}/vendors/${vendorId}/api-token`).set(admin).expect(201)
    ).body.data.token as string;
    const auth = bearer(token);
    await request(server.url)
      .patch(`${VENDOR_API}/automation-settings`)
      .set(auth)
      .send({ quietHoursStart: null, quietHoursEnd: null })
      .expect(200);
    await request(server.url)
      .post(`${VENDOR_API}/webhook-endpoints`)
      .set(auth)
      .send({ url: receiver.url('/hooks'), events: ['review_request.created'] })
      .expect(201);

    // Two leads: one accepted at once (its time to a first action observed), one left waiting.
    const leadPath = `${MANAGER_API}/vendors/${vendorId}/leads`;
    const accepted = (await request(server.url).post(leadPath).set(admin).send(LEAD_BODY).expect(201)).body.data
      .id as number;
    await request(server.url).post(leadPath).set(admin).send(LEAD_BODY).expect(201);
    await request(server.url).post(`${VENDOR_API}/general-leads/${accepted}/accept`).set(auth).expect(200);

    // Both leads' alerts reach the vendor's mail server before it stops.
    await waitUntil(() => Promise.resolve(harness.sink.to('office@birch.test').length === 2), 30_000);
    await harness.sink.stop();
    const review = { firstName: 'Sam', emailTo: 'sam@customer.test', phone: '416-555-0101' };
    for (let i = 0; i < 2; i++) {
      await request(server.url)
        .post(`${VENDOR_API}/review-requests`)
        .set({ ...auth, 'Idempotency-Key': 'review-1' })
        .send(review)
        .expect(201);
    }
    // A customer's STOP, and a call that is not the provider's.
    await text(server.url, e164('416-555-0102'), 'STOP').expect(200);
    await text(server.url, e164('416-555-0102'), 'STOP', { signature: null }).expect(403);
    // The webhook fails twice (pausing its endpoint); a ping queued to the paused endpoint waits.
    await waitUntil(async () => (await valueOf('webhook_endpoints_paused{reason="failures"}')) === 1, 30_000);

    const expected: Record<string, number> = {
      'up{job="vendor-leads"}': 1,
      database_up: 1,
      redis_degraded: 0,
      'http_server_request_duration_seconds_count{http_route="/rest-api-v1/review-requests",http_request_method="POST",http_response_status_code="201"}': 2,
      idempotency_replays_total: 1,
      'outbox_delivery_attempts_total{channel="sms",purpose="review_request",outcome="failed",class="twilio_21211",code="REFUSED"}': 1,
      'outbox_messages_waiting{channel="email",purpose="review_request",state="due"}': 1,
      'outbox_messages_waiting{channel="sms",purpose="review_request",state="due"}': 0,
      'webhook_delivery_attempts_total{outcome="retry"}': 2,
      'webhook_endpoints_paused{reason="failures"}': 1,
      'webhook_undelivered_events{endpoint="paused"}': 1,
      'lead_alerts_sent_total{channel="email"}': 2,
      'sms_inbound_texts_total{kind="opt_out"}': 1,
      sms_inbound_signature_refusals_total: 1,
      'outbox_delivery_duration_seconds_count{channel="sms"}': 1,
      db_pool_waiting_requests: 0,
      leads_waiting_first_action: 1,
      lead_time_to_first_action_seconds_count: 1,
    };
    await waitUntil(async () => {
      for (const [expr, value] of Object.entries(expected)) if ((await valueOf(expr)) !== value) return false;
      return true;
    }, 30_000).catch(async (error: Error) => {
      const seen = await Promise.all(Object.keys(expected).map(async (expr) => [expr, await valueOf(expr)]));
      throw new Error(`${error.message}: ${JSON.stringify(Object.fromEntries(seen), null, 1)}`);
    });
    expect(
      await valueOf(
        'sum(outbox_delivery_attempts_total{channel="email",outcome="retry",class="smtp_connection",code="UNREACHABLE"})',
      ),
    ).toBeGreaterThan(0);
    expect(await valueOf('outbox_oldest_waiting_seconds{channel="email",state="due"}')).toBeGreaterThan(0);
    expect(await valueOf('webhook_oldest_undelivered_seconds{endpoint="paused"}')).toBeGreaterThan(0);
    expect(await valueOf('sum(db_pool_connections)')).toBeGreaterThan(0);
    expect(await valueOf('http_server_active_requests')).toBe(0);
    expect(await valueOf('nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);

    const dashboard = JSON.parse(await readFile(join(DEPLOY, 'grafana/dashboards/vendor-leads.json'), 'utf8')) as {
      panels: { title: string; targets?: { expr: string }[] }[];
    };
    // A rate needs two scrapes of a series: asked again until each panel answers, or the time is up.
    const emptyPanels = async (): Promise<string[]> => {
      const empty: string[] = [];
      for (const panel of dashboard.panels) {
        for (const { expr } of panel.targets ?? []) {
          const result = await query(expr.replaceAll('$__rate_interval', '1m'));
          if (result.length === 0) empty.push(`${panel.title}: ${expr}`);
        }
      }
      return empty;
    };
    await waitUntil(async () => (await emptyPanels()).length === 0, 30_000).catch(() => undefined);
    expect(await emptyPanels()).toEqual([]);

    const firing = async (): Promise<string[]> => {
      const answer = (await (await fetch(`${promUrl}/api/v1/alerts`)).json()) as {
        data: { alerts: { labels: { alertname: string }; state: string }[] };
      };
      return answer.data.alerts.filter((a) => a.state === 'firing').map((a) => a.labels.alertname);
    };
    await waitUntil(async () => {
      const names = await firing();
      return names.includes('OutboxMessageWaitingTooLong') && names.includes('WebhookEndpointPaused');
    }, 30_000);
    expect(await firing()).not.toContain('DatabaseDown');
  }, 240_000);
});
