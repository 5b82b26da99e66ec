import { BadRequestException, HttpException, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { DomainError, ErrorCode } from '../errors/domain-error';
import { AllExceptionsFilter } from './all-exceptions.filter';

describe('AllExceptionsFilter.toReply', () => {
  const filter = new AllExceptionsFilter();
  // The filter logs unexpected errors; keep the test output clean.
  beforeAll(() => jest.spyOn(filter['logger'], 'error').mockImplementation(() => undefined));

  it.each([
    [ErrorCode.InvalidInput, 400],
    [ErrorCode.Unauthenticated, 401],
    [ErrorCode.TokenRevoked, 401],
    [ErrorCode.Forbidden, 403],
    [ErrorCode.FeatureDisabled, 403],
    [ErrorCode.VendorDeactivated, 403],
    [ErrorCode.NotFound, 404],
    [ErrorCode.InvalidTransition, 409],
    [ErrorCode.PayloadTooLarge, 413],
    [ErrorCode.UnsupportedMediaType, 415],
    [ErrorCode.LimitReached, 429],
    [ErrorCode.Unavailable, 503],
  ])('maps DomainError %s to %i with its message', (code, status) => {
    expect(filter.toReply(new DomainError(code, 'Readable.'))).toEqual({
      status,
      body: { success: false, error: 'Readable.' },
    });
  });

  it('keeps validation details', () => {
    const error = DomainError.invalid('Invalid request: size must not be greater than 100.', [
      { field: 'size', message: 'size must not be greater than 100' },
    ]);
    expect(filter.toReply(error).body.details).toEqual([
      { field: 'size', message: 'size must not be greater than 100' },
    ]);
  });

  it('replaces parser internals with a readable sentence', () => {
    const syntax = Object.assign(new SyntaxError('Unexpected token } in JSON at position 7'), { status: 400 });
    expect(filter.toReply(new BadRequestException(syntax.message, { cause: syntax })).body.error).toBe(
      'The request body is not valid JSON.',
    );
    const tooLarge = Object.assign(new Error('request entity too large'), { type: 'entity.too.large', status: 413 });
    expect(filter.toReply(new HttpException(tooLarge.message, 413, { cause: tooLarge }))).toEqual({
      status: 413,
      body: { success: false, error: 'The request body is too large.' },
    });
  });

  it('hides the method and path in Nest routing 404s', () => {
    expect(filter.toReply(new NotFoundException('Cannot GET /secret/admin')).body.error).toBe(
      'The requested resource was not found.',
    );
    expect(filter.toReply(new PayloadTooLargeException()).status).toBe(413);
  });

  it('answers an unreachable database with 503', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(filter.toReply(refused)).toEqual({
      status: 503,
      body: { success: false, error: 'The service is temporarily unavailable. Please retry later.' },
    });
  });

  it('answers anything else with a 500 that carries no detail', () => {
    expect(filter.toReply(new Error('relation "x" does not exist at /srv/app.ts'))).toEqual({
      status: 500,
      body: { success: false, error: 'Internal server error.' },
    });
    expect(filter.toReply('a thrown string').status).toBe(500);
  });
});
