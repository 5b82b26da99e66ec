import { JwtService } from '@nestjs/jwt';
import { createSecretKey } from 'node:crypto';
import { DomainError } from '../common/errors/domain-error';
import { TokenService } from './token.service';

describe('TokenService', () => {
  const jwt = new JwtService({ secret: createSecretKey(Buffer.from('token-service-spec-secret-token-service')) });
  const tokens = new TokenService(jwt);

  it('verifies a token once per request, and again for another token or request', () => {
    const verify = jest.spyOn(jwt, 'verify');
    const { token } = tokens.sign('vendor', 7);
    const other = tokens.sign('manager', 3).token;
    const request = {};

    const claims = tokens.verifyForRequest(request, token);
    expect(claims).toMatchObject({ typ: 'vendor', accountId: 7, sub: '7' });
    expect(tokens.verifyForRequest(request, token)).toBe(claims);
    expect(verify).toHaveBeenCalledTimes(1);

    expect(tokens.verifyForRequest(request, other)).toMatchObject({ typ: 'manager', accountId: 3 });
    expect(tokens.verifyForRequest({}, token)).toEqual(claims);
    expect(verify).toHaveBeenCalledTimes(3);
  });

  it('refuses a token with a forged signature, every time it is presented', () => {
    const { token } = tokens.sign('vendor', 7);
    const forged = `${token.slice(0, token.lastIndexOf('.'))}.${'A'.repeat(43)}`;
    const request = {};
    expect(() => tokens.verifyForRequest(request, forged)).toThrow(DomainError);
    expect(() => tokens.verifyForRequest(request, forged)).toThrow('The bearer token is invalid.');
  });
});
