import { load } from 'js-yaml';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../support/built-app';

const read = (path: string): string => readFileSync(join(root, path), 'utf8');
const yaml = <T>(path: string): T => load(read(path)) as T;

interface Service {
  environment?: Record<string, string>;
  expose?: string[];
  ports?: string[];
  volumes?: string[];
}

interface AlertRule {
  alert: string;
  annotations: { runbook?: string };
}

/** The GitHub anchor of a Markdown heading. */
const anchorOf = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');

/**
 * What compose.yaml and the image run, as docs/operations.md describes it: the metrics port reached
 * on the private network only, Prometheus beside the service with its alert rules loaded, Grafana
 * with the dashboard on that Prometheus; and every alert with its promtool test and its runbook.
 */
describe('The deployment of metrics and alerts', () => {
  const { services } = yaml<{ services: Record<string, Service> }>('compose.yaml');
  const prometheusConfig = yaml<{
    rule_files: string[];
    scrape_configs: { dns_sd_configs: { names: string[]; port: number }[] }[];
  }>('deploy/prometheus/prometheus.yml');
  const metricsPort = services.app.environment!.METRICS_PORT;
  /** A service's mounts, container path to the file of this repository. */
  const mounts = (service: string): Record<string, string> =>
    Object.fromEntries(
      (services[service].volumes ?? []).map((volume): [string, string] => {
        const [file, path] = volume.split(':');
        return [path, file];
      }),
    );

  it('expose the metrics port to the private network, never publish it', () => {
    expect(services.app.expose).toContain(metricsPort);
    expect(JSON.stringify(services.app.ports ?? [])).not.toContain(metricsPort);
    expect(read('Dockerfile')).toMatch(new RegExp(`^EXPOSE .*\\b${metricsPort}\\b`, 'm'));
    const [{ dns_sd_configs: targets }] = prometheusConfig.scrape_configs;
    expect(targets).toEqual([expect.objectContaining({ names: ['app'], port: Number(metricsPort) })]);
  });

  it('run Prometheus with the alert rules loaded, and Grafana with the dashboard on it', () => {
    const prometheus = mounts('prometheus');
    expect(prometheus['/etc/prometheus/prometheus.yml']).toBe('./deploy/prometheus/prometheus.yml');
    for (const file of prometheusConfig.rule_files) {
      expect(prometheus[file]).toBe(`./deploy/prometheus/${file.split('/').pop()}`);
    }
    const grafana = mounts('grafana');
    const provisioning = grafana['/etc/grafana/provisioning'];
    const [{ options }] = yaml<{ providers: { options: { path: string } }[] }>(
      `${provisioning}/dashboards/vendor-leads.yml`,
    ).providers;
    expect(grafana[options.path]).toBe('./deploy/grafana/dashboards');
    const [source] = yaml<{ datasources: { uid: string; url: string }[] }>(
      `${provisioning}/datasources/prometheus.yml`,
    ).datasources;
    expect(source.url).toBe('http://prometheus:9090');
    const dashboard = JSON.parse(read('deploy/grafana/dashboards/vendor-leads.json')) as {
      panels: { datasource?: { uid: string } }[];
    };
    const sources = dashboard.panels.flatMap((panel) => (panel.datasource ? [panel.datasource.uid] : []));
    expect(new Set(sources)).toEqual(new Set([source.uid]));
  });

  it('give every alert a promtool test that sees it fire and a runbook section in docs/operations.md', () => {
    const rules = yaml<{ groups: { rules: AlertRule[] }[] }>('deploy/prometheus/alerts.yml').groups.flatMap(
      (group) => group.rules,
    );
    const tests = yaml<{ tests: { alert_rule_test?: { alertname: string; exp_alerts: unknown[] }[] }[] }>(
      'deploy/prometheus/alerts.test.yml',
    ).tests.flatMap((test) => test.alert_rule_test ?? []);
    const anchors = read('docs/operations.md')
      .split('\n')
      .filter((line) => line.startsWith('#'))
      .map((line) => anchorOf(line.replace(/^#+ /, '')));
    for (const rule of rules) {
      const seenFiring = tests.some((test) => test.alertname === rule.alert && test.exp_alerts.length > 0);
      const runbook = rule.annotations.runbook?.match(/^docs\/operations\.md#(.+)$/)?.[1];
      expect({ alert: rule.alert, seenFiring, runbook: runbook && anchors.includes(runbook) }).toEqual({
        alert: rule.alert,
        seenFiring: true,
        runbook: true,
      });
    }
  });
});
