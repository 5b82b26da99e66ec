import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, ConsoleSpanExporter, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { startEnvironment } from '../../config/env.validation';
import { type MetricsSettings, metricsSettings } from '../../config/metrics.config';
import { readSettings } from '../../config/settings/setting';
import { markTracingOn } from './tracing';

let provider: NodeTracerProvider | undefined;

/** The exporter OpenTelemetry's standard settings name; none when they ask for none. */
function exporterOf(env: MetricsSettings): SpanExporter | undefined {
  const kind = env.OTEL_TRACES_EXPORTER ?? (env.OTEL_EXPORTER_OTLP_ENDPOINT ? 'otlp' : 'none');
  if (kind === 'none') return undefined;
  // The OTLP exporter reads OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT and _HEADERS itself.
  return kind === 'console' ? new ConsoleSpanExporter() : new OTLPTraceExporter();
}

/**
 * Traces, off unless OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_TRACES_EXPORTER is set: registers the SDK's
 * provider (W3C trace context, AsyncLocalStorage) with a batching exporter. Called by main.ts before
 * the application is built; answers what it exports to, or undefined when off.
 */
export function startTracing(
  env: MetricsSettings = readSettings(metricsSettings, startEnvironment()),
): string | undefined {
  const exporter = exporterOf(env);
  if (!exporter) return undefined;
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  provider.register();
  markTracingOn(true);
  return exporter instanceof ConsoleSpanExporter ? 'the console' : 'OTLP';
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
