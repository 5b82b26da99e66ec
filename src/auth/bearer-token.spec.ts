import { bearerTokenOf } from './bearer-token';

describe('bearerTokenOf', () => {
  const jwt = 'aaa.bbb.ccc';

  it.each([`Bearer ${jwt}`, `bearer ${jwt}`, `BEARER ${jwt}`, `bEaReR   ${jwt}`, `  Bearer ${jwt}  `])(
    'reads the token of %p',
    (header) => expect(bearerTokenOf(header)).toBe(jwt),
  );

  it.each([
    undefined,
    '',
    'Bearer',
    `Bearer${jwt}`,
    `Basic ${jwt}`,
    `Bearer ${jwt} extra`,
    'Bearer not-a-jwt',
    `Bearer\t${jwt}`,
  ])('finds no token in %p', (header) => expect(bearerTokenOf(header)).toBeUndefined());
});
