import { metricsSettings } from '../../config/metrics.config';
import { readSettings } from '../../config/settings/setting';
import { tracingOn } from './tracing';
import { startTracing, stopTracing } from './tracing-setup';

const settings = (env: Record<string, string>) => readSettings(metricsSettings, env);

describe('startTracing', () => {
  afterEach(() => stopTracing());

  it('leaves traces off unless OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_TRACES_EXPORTER asks for them', () => {
    expect(startTracing(settings({}))).toBeUndefined();
    expect(startTracing(settings({ OTEL_TRACES_EXPORTER: 'none' }))).toBeUndefined();
    expect(
      startTracing(settings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_TRACES_EXPORTER: 'none' })),
    ).toBeUndefined();
    expect(tracingOn()).toBe(false);
  });

  it.each([
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }, 'OTLP'],
    [{ OTEL_TRACES_EXPORTER: 'otlp' }, 'OTLP'],
    [{ OTEL_TRACES_EXPORTER: 'console' }, 'the console'],
  ])('exports spans when %j asks for them, until stopped', async (env, destination) => {
    expect(startTracing(settings(env))).toBe(destination);
    expect(tracingOn()).toBe(true);
    await stopTracing();
    expect(tracingOn()).toBe(false);
  });
});

describe('the OpenTelemetry SDK', () => {
  afterEach(() => jest.dontMock('@opentelemetry/sdk-trace-node'));

  it('is loaded only when spans are exported', () => {
    jest.isolateModules(() => {
      jest.doMock('@opentelemetry/sdk-trace-node', () => {
        throw new Error('the SDK was loaded');
      });
      const isolated = jest.requireActual<typeof import('./tracing-setup')>('./tracing-setup');
      expect(isolated.startTracing(settings({}))).toBeUndefined();
      expect(() => isolated.startTracing(settings({ OTEL_TRACES_EXPORTER: 'console' }))).toThrow('the SDK was loaded');
    });
  });
});
