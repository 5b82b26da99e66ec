import request from 'supertest';
import { httpConfig } from '../../src/config/http.config';
import { createTestApp, withConfig } from '../support/test-app';

describe('Security headers and CORS (e2e)', () => {
  it('sends helmet headers and keeps CORS closed by default', async () => {
    const t = await createTestApp();
    try {
      const res = await request(t.http).get('/health/live').set('Origin', 'https://evil.example');
      expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('answers only the configured origins when CORS_ORIGINS is set', async () => {
    const t = await createTestApp({ config: [withConfig(httpConfig, { corsOrigins: ['https://portal.example'] })] });
    try {
      const allowed = await request(t.http)
        .options('/rest-api-v1/probe')
        .set('Origin', 'https://portal.example')
        .set('Access-Control-Request-Method', 'GET');
      expect(allowed.headers['access-control-allow-origin']).toBe('https://portal.example');
      const other = await request(t.http).get('/health/live').set('Origin', 'https://evil.example');
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
