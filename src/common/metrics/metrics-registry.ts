import { Injectable, Module } from '@nestjs/common';
import {
  Counter,
  type CounterConfiguration,
  Gauge,
  type GaugeConfiguration,
  Histogram,
  type HistogramConfiguration,
  Registry,
} from 'prom-client';

/**
 * The instruments of one running service, served in the Prometheus text format by the metrics module.
 * One registry per application (not prom-client's global one), so two applications in one process (the
 * e2e tests) count apart. Labels take values from small fixed sets only (channels, outcomes, route
 * templates): never a vendor, a customer, a token or free text, so the number of series stays the same
 * whatever the number of vendors.
 */
@Injectable()
export class MetricsRegistry {
  readonly registry = new Registry();

  counter<L extends string>(config: Omit<CounterConfiguration<L>, 'registers'>): Counter<L> {
    return new Counter({ ...config, registers: [this.registry] });
  }

  gauge<L extends string>(config: Omit<GaugeConfiguration<L>, 'registers'>): Gauge<L> {
    return new Gauge({ ...config, registers: [this.registry] });
  }

  histogram<L extends string>(config: Omit<HistogramConfiguration<L>, 'registers'>): Histogram<L> {
    return new Histogram({ ...config, registers: [this.registry] });
  }
}

/** Imported by each module that counts something; Nest makes its registry one per application. */
@Module({ providers: [MetricsRegistry], exports: [MetricsRegistry] })
export class MetricsRegistryModule {}

/** Seconds since `start` (a `performance.now()` reading), for a duration histogram. */
export const secondsSince = (start: number): number => (performance.now() - start) / 1000;
