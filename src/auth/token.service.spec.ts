import { JwtService } from '@nestjs/jwt';
import { createSecretKey } from 'node:crypto';
import { DomainError } from '../common/errors/domain-error';
import { Clock } from '../common/time/clock';
import { TokenService } from './token.service';

describe('TokenService', () => {
  const jwt = new JwtService({ secret: createSecretKey(Buffer.from('token-service-spec-secret-token-service')) });
  let tokens: TokenService;
  let now: Date;
  const clock: Clock = { now: () => now };
  beforeEach(() => {
    now = new Date('2026-12-01T12:00:00Z');
    tokens = new TokenService(jwt, clock);
  });
  afterEach(() => jest.restoreAllMocks());

  it("checks a token's signature once, however often it is presented, and each other token's too", () => {
    const verify = jest.spyOn(jwt, 'verify');
    const { token } = tokens.sign('vendor', 7, 'key-7', null);
    const other = tokens.sign('manager', 3, 'key-3', null).token;

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
    const { token } = tokens.sign('vendor', 7, 'key-7', null);
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

  it('refuses a remembered token once its exp is past, and one before its nbf, on every call', () => {
    const { token } = tokens.sign('vendor', 7, 'key-7', new Date('2026-12-01T13:00:00Z'));
    expect(tokens.verify(token)).toMatchObject({ accountId: 7, exp: Date.parse('2026-12-01T13:00:00Z') / 1000 });
    now = new Date('2026-12-01T13:00:00Z');
    expect(() => tokens.verify(token)).toThrow('The API key expired');
    expect(() => tokens.verify(token)).toThrow('The API key expired');

    const early = jwt.sign(
      { typ: 'vendor', nbf: Date.parse('2026-12-01T14:00:00Z') / 1000 },
      { subject: '7', jwtid: 'x' },
    );
    expect(() => tokens.verify(early)).toThrow('The bearer token is invalid.');
    now = new Date('2026-12-01T14:00:00Z');
    expect(tokens.verify(early)).toMatchObject({ accountId: 7 });
  });
});
