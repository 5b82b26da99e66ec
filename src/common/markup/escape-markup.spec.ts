import { escapeMarkup } from './escape-markup';

describe('escapeMarkup', () => {
  it('turns the five characters markup gives a meaning into references, and leaves the rest', () => {
    expect(escapeMarkup(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
    expect(escapeMarkup('Rénovations « Côté » & fils')).toBe('Rénovations « Côté » &amp; fils');
  });
});
