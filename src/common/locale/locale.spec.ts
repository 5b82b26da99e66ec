import { localeOfProvince } from './locale';

describe('localeOfProvince', () => {
  it.each(['Quebec', 'Québec', 'QC', 'qc', ' QUÉBEC ', 'quebec'])('is French for %j', (province) =>
    expect(localeOfProvince(province)).toBe('fr'),
  );

  it.each(['Ontario', 'ON', 'Quebec City', 'New Brunswick', 'Q'])('is English for %j', (province) =>
    expect(localeOfProvince(province)).toBe('en'),
  );
});
