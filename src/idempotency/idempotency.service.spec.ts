import type { ExecutionContext } from '@nestjs/common';
import { lastValueFrom, of } from 'rxjs';
import { IdempotencyService } from './idempotency.service';

describe('IdempotencyService.around', () => {
  const service = new IdempotencyService(
    undefined as never,
    undefined as never,
    undefined as never,
    undefined as never,
  );
  const contextOf = (request: object): ExecutionContext =>
    ({ switchToHttp: () => ({ getRequest: () => request, getResponse: () => ({}) }) }) as unknown as ExecutionContext;

  it('without an Idempotency-Key runs the handler and never asks for the body (an upload is not hashed)', async () => {
    const body = jest.fn(() => ({ files: ['hashed'] }));
    const request = { method: 'POST', headers: {}, principal: { type: 'manager', manager: { id: 1 } } };
    await expect(lastValueFrom(service.around(contextOf(request), () => of('answer'), body))).resolves.toBe('answer');
    expect(body).not.toHaveBeenCalled();
  });

  it('on a read, with a key, runs the handler alone too', async () => {
    const body = jest.fn();
    const request = {
      method: 'GET',
      headers: { 'idempotency-key': 'k' },
      principal: { type: 'vendor', vendor: { id: 1 } },
    };
    await expect(lastValueFrom(service.around(contextOf(request), () => of(1), body))).resolves.toBe(1);
    expect(body).not.toHaveBeenCalled();
  });
});
