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

  it('loads no part of the SDK while traces are off', () => {
    const sdk = [
      '@opentelemetry/exporter-trace-otlp-http',
      '@opentelemetry/resources',
      '@opentelemetry/sdk-trace-base',
      '@opentelemetry/sdk-trace-node',
    ];
    try {
      jest.isolateModules(() => {
        for (const name of sdk)
          jest.doMock(name, () => {
            throw new Error(`${name} was loaded`);
          });
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const isolated = require('./tracing-setup') as typeof import('./tracing-setup');
        expect(isolated.startTracing(settings({}))).toBeUndefined();
        expect(() => isolated.startTracing(settings({ OTEL_TRACES_EXPORTER: 'console' }))).toThrow(/was loaded/);
      });
    } finally {
      for (const name of sdk) jest.dontMock(name);
    }
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
