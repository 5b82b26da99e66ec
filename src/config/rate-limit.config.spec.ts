import { envValidationSchema } from './env.validation';
import { rateLimitConfig } from './rate-limit.config';

describe('rateLimitConfig', () => {
  const names = [
    'RATE_LIMIT_MAX',
    'RATE_LIMIT_WINDOW_MS',
    'REDIS_URL',
    'RATE_LIMIT_REDIS_PREFIX',
    'RATE_LIMIT_REDIS_TIMEOUT_MS',
    'WRITES_IN_FLIGHT_PER_ACCOUNT',
  ];
  const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
  beforeEach(() => names.forEach((name) => delete process.env[name]));
  afterAll(() => Object.assign(process.env, Object.fromEntries(Object.entries(saved).filter(([, v]) => v))));

  it("defaults to the spec's 250 requests per 5 minutes, counted in memory", () => {
    expect(rateLimitConfig()).toEqual({
      limit: 250,
      windowMs: 300_000,
      redisUrl: undefined,
      redisKeyPrefix: 'rate-limit:',
      redisTimeoutMs: 2000,
      writesInFlight: 4,
    });
    const { value } = envValidationSchema.validate({});
    expect(value).toMatchObject({
      RATE_LIMIT_MAX: 250,
      RATE_LIMIT_WINDOW_MS: 300_000,
      RATE_LIMIT_REDIS_TIMEOUT_MS: 2000,
    });
  });

  it.each([
    ['RATE_LIMIT_MAX', '0'],
    ['RATE_LIMIT_WINDOW_MS', '500'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['RATE_LIMIT_REDIS_TIMEOUT_MS', '50'],
    ['RATE_LIMIT_REDIS_TIMEOUT_MS', 'soon'],
    ['WRITES_IN_FLIGHT_PER_ACCOUNT', '0'],
    ['WRITES_IN_FLIGHT_PER_ACCOUNT', '201'],
    ['TRUST_PROXY', 'everyone'],
  ])('refuses %s=%s at start', (name, value) => {
    expect(envValidationSchema.validate({ [name]: value }).error?.message).toContain(name);
  });
});
