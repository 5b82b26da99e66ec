// Loaded by Jest before each e2e file: settings every test app shares.
process.env.NODE_ENV = 'test';
process.env.LOG_LEVEL ??= 'silent';
// Links in messages as the tests expect them, whatever server a developer runs on ./.data meanwhile.
process.env.PUBLIC_BASE_URL ??= 'http://localhost:3000';
process.env.JWT_SECRET ??= 'e2e-secret-e2e-secret-e2e-secret-e2e-secret';
// Test files send hundreds of requests from 127.0.0.1 and one account; the spec's limit (250 per
// 5 minutes) is proved by test/http/rate-limit.e2e-spec.ts, which sets it on its own apps. Counters stay in
// each test app's memory unless a test passes a Redis itself.
process.env.RATE_LIMIT_MAX = '100000';
delete process.env.REDIS_URL;
