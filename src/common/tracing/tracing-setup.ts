import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import type * as OtlpExporter from '@opentelemetry/exporter-trace-otlp-http';
import type * as Resources from '@opentelemetry/resources';
import type * as TraceBase from '@opentelemetry/sdk-trace-base';
import type * as TraceNode from '@opentelemetry/sdk-trace-node';
import { startEnvironment } from '../../config/env.validation';
import { type MetricsSettings, metricsSettings } from '../../config/metrics.config';
import { readSettings } from '../../config/settings/setting';
import { markTracingOn } from './tracing';

let provider: TraceNode.NodeTracerProvider | undefined;

/**
 * The SDK, loaded only when spans are exported: its packages are megabytes of an instance's heap
 * that the API alone (a no-op without a provider) never needs.
 */
function loadSdk() {
  /* eslint-disable @typescript-eslint/no-require-imports */
  return {
    ...(require('@opentelemetry/exporter-trace-otlp-http') as typeof OtlpExporter),
    ...(require('@opentelemetry/resources') as typeof Resources),
    ...(require('@opentelemetry/sdk-trace-base') as typeof TraceBase),
    ...(require('@opentelemetry/sdk-trace-node') as typeof TraceNode),
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
}

/** Which exporter OpenTelemetry's standard settings name; none when they ask for none. */
function exporterKind(env: MetricsSettings): string | undefined {
  const kind = env.OTEL_TRACES_EXPORTER ?? (env.OTEL_EXPORTER_OTLP_ENDPOINT ? 'otlp' : 'none');
  return kind === 'none' ? undefined : kind;
}

/**
 * Traces, off unless OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_TRACES_EXPORTER is set: registers the SDK's
 * provider (W3C trace context, AsyncLocalStorage) with a batching exporter. Called by main.ts before
 * the application is built; answers what it exports to, or undefined when off.
 */
export function startTracing(
  env: MetricsSettings = readSettings(metricsSettings, startEnvironment()),
): string | undefined {
  const kind = exporterKind(env);
  if (!kind) return undefined;
  const sdk = loadSdk();
  // The OTLP exporter reads OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT and _HEADERS itself.
  const exporter = kind === 'console' ? new sdk.ConsoleSpanExporter() : new sdk.OTLPTraceExporter();
  provider = new sdk.NodeTracerProvider({
    resource: sdk.resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME }),
    spanProcessors: [new sdk.BatchSpanProcessor(exporter)],
  });
  provider.register();
  markTracingOn(true);
  return kind === 'console' ? 'the console' : 'OTLP';
}

/** Exports the spans still held, at shutdown. */
export async function stopTracing(): Promise<void> {
  await provider?.shutdown();
  provider = undefined;
  markTracingOn(false);
}

/** Exports the spans still held when the application shuts down (registered by AppModule). */
@Injectable()
export class TracingShutdown implements OnApplicationShutdown {
  onApplicationShutdown(): Promise<void> {
    return stopTracing();
  }
}
