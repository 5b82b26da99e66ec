import type { INestApplicationContext } from '@nestjs/common';
import { MetricsRegistry } from '../../src/common/metrics/metrics-registry';
import { ScrapeGauges } from '../../src/metrics/scrape-gauges';

/** The sum of an app's counter or gauge series whose labels include `labels`. */
export async function metricValue(
  app: INestApplicationContext,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  const metric = app.get(MetricsRegistry).registry.getSingleMetric(name);
  if (!metric) throw new Error(`No metric ${name}`);
  const { values } = await metric.get();
  return values
    .filter((sample) => Object.entries(labels).every(([label, value]) => sample.labels[label] === value))
    .reduce((sum, sample) => sum + sample.value, 0);
}

/** A gauge read at scrape time, as a scrape now would read it. */
export async function scrapedValue(app: INestApplicationContext, name: string): Promise<number> {
  await app.get(ScrapeGauges).refresh();
  return metricValue(app, name);
}
