import { JwtService } from '@nestjs/jwt';
import { createSecretKey } from 'node:crypto';
import { DomainError } from '../common/errors/domain-error';
import { TokenService } from './token.service';

describe('TokenService', () => {
  const jwt = new JwtService({ secret: createSecretKey(Buffer.from('token-service-spec-secret-token-service')) });
  let tokens: TokenService;
  beforeEach(() => (tokens = new TokenService(jwt)));
  afterEach(() => jest.restoreAllMocks());

  it("checks a token's signature once, however often it is presented, and each other token's too", () => {
    const verify = jest.spyOn(jwt, 'verify');
    const { token } = tokens.sign('vendor', 7);
    const other = tokens.sign('manager', 3).token;

    const claims = tokens.verify(token);
    expect(claims).toMatchObject({ typ: 'vendor', accountId: 7, sub: '7' });
    expect(tokens.verify(token)).toBe(claims);
    expect(verify).toHaveBeenCalledTimes(1);

    expect(tokens.verify(other)).toMatchObject({ typ: 'manager', accountId: 3 });
    expect(verify).toHaveBeenCalledTimes(2);
    expect(Object.isFrozen(claims)).toBe(true);
  });

  it('refuses a token with a forged signature every time it is presented, after its genuine text was accepted', () => {
    const verify = jest.spyOn(jwt, 'verify');
    const { token } = tokens.sign('vendor', 7);
    tokens.verify(token);
    const forged = `${token.slice(0, token.lastIndexOf('.'))}.${'A'.repeat(43)}`;
    expect(() => tokens.verify(forged)).toThrow(DomainError);
    expect(() => tokens.verify(forged)).toThrow('The bearer token is invalid.');
    expect(verify).toHaveBeenCalledTimes(3);
  });

  it('refuses a token signed with another secret, and one whose claims are not an account', () => {
    const stranger = new JwtService({ secret: createSecretKey(Buffer.from('another-secret-another-secret-another')) });
    const foreign = stranger.sign({ typ: 'vendor' }, { subject: '7', jwtid: 'x' });
    expect(() => tokens.verify(foreign)).toThrow('The bearer token is invalid.');
    const noAccount = jwt.sign({ typ: 'vendor' }, { subject: 'abc', jwtid: 'x' });
    expect(() => tokens.verify(noAccount)).toThrow('The bearer token is invalid.');
    expect(() => tokens.verify(noAccount)).toThrow('The bearer token is invalid.');
  });
});
