import { rateLimitMessage } from './rate-limit.options';

describe('rateLimitMessage', () => {
  it('is exactly the contract text for the default 250 requests per 300 000 ms', () => {
    expect(rateLimitMessage(250, 300_000)).toBe(
      'Rate limit exceeded: maximum 250 requests per 5 minutes. Please retry later.',
    );
  });

  it.each([
    [1, 60_000, 'maximum 1 request per 1 minute.'],
    [3, 2_000, 'maximum 3 requests per 2 seconds.'],
    [10, 1_000, 'maximum 10 requests per 1 second.'],
    [10, 90_000, 'maximum 10 requests per 90 seconds.'],
  ])('states the configured numbers (%i per %i ms)', (limit, windowMs, text) => {
    expect(rateLimitMessage(limit, windowMs)).toContain(text);
  });
});
