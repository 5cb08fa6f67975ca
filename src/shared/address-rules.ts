import countries from 'i18n-iso-countries';

/**
 * What a postal address needs in each country, one table for the server's checks and the browser's
 * form. Countries are ISO 3166-1 alpha-2 codes (i18n-iso-countries); regions are required, and checked
 * against their list, where tax and carriers go by them (US states, Canadian provinces); postal codes
 * are required, and checked against their pattern, where the country uses them on every address.
 */

/** English country names, from the runtime's own data (no locale file to load). */
const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** The country codes with their English names, by name: the form's choices. */
export const COUNTRIES: readonly { code: string; name: string }[] = Object.keys(countries.getAlpha2Codes())
  .map((code) => ({ code, name: countryNames.of(code) ?? code }))
  .sort((a, b) => a.name.localeCompare(b.name));

/** A country's English name ("NO" → "Norway"), the code itself when unknown. */
export const countryName = (code: string) => (isCountryCode(code) ? (countryNames.of(code) ?? code) : code);

export const isCountryCode = (code: string) => /^[A-Z]{2}$/.test(code) && countries.isValid(code);

/** States, territories and provinces by their postal codes, for the countries whose addresses need one. */
export const REGIONS: Readonly<Record<string, readonly string[]>> = {
  US: [
    'AL',
    'AK',
    'AZ',
    'AR',
    'CA',
    'CO',
    'CT',
    'DE',
    'DC',
    'FL',
    'GA',
    'HI',
    'ID',
    'IL',
    'IN',
    'IA',
    'KS',
    'KY',
    'LA',
    'ME',
    'MD',
    'MA',
    'MI',
    'MN',
    'MS',
    'MO',
    'MT',
    'NE',
    'NV',
    'NH',
    'NJ',
    'NM',
    'NY',
    'NC',
    'ND',
    'OH',
    'OK',
    'OR',
    'PA',
    'RI',
    'SC',
    'SD',
    'TN',
    'TX',
    'UT',
    'VT',
    'VA',
    'WA',
    'WV',
    'WI',
    'WY',
    'AS',
    'GU',
    'MP',
    'PR',
    'VI',
    'AA',
    'AE',
    'AP',
  ],
  CA: ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'],
};

/** Postal code patterns of the countries where every address has one (upper-cased before matching). */
export const POSTAL_CODE_PATTERNS: Readonly<Record<string, { pattern: RegExp; example: string }>> = {
  US: { pattern: /^\d{5}(-\d{4})?$/, example: '94103 or 94103-1234' },
  CA: { pattern: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/, example: 'K1A 0B1' },
  GB: { pattern: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/, example: 'SW1A 1AA' },
  DE: { pattern: /^\d{5}$/, example: '10115' },
  FR: { pattern: /^\d{5}$/, example: '75001' },
  IN: { pattern: /^\d{6}$/, example: '110001' },
  BD: { pattern: /^\d{4}$/, example: '1207' },
};

/** Postal codes elsewhere, when given: letters, digits, spaces and dashes. */
const ANY_POSTAL_CODE = /^[A-Z\d][A-Z\d -]{1,10}$/;

export const regionRequired = (country: string) => country in REGIONS;
export const postalCodeRequired = (country: string) => country in POSTAL_CODE_PATTERNS;

/** What is wrong with a region and postal code for a country, by field; empty when nothing is. */
export function addressProblems(country: string, region: string, postalCode: string): Record<string, string> {
  const problems: Record<string, string> = {};
  const regions = REGIONS[country];
  if (regions && region === '') problems.region = 'Choose a state or province';
  else if (regions && !regions.includes(region)) problems.region = `${region} is not a region of ${country}`;
  const postal = POSTAL_CODE_PATTERNS[country];
  if (postal && postalCode === '') problems.postalCode = 'Postal code is required';
  else if (postal && !postal.pattern.test(postalCode))
    problems.postalCode = `Postal code should look like ${postal.example}`;
  else if (!postal && postalCode !== '' && !ANY_POSTAL_CODE.test(postalCode))
    problems.postalCode = 'Use letters, digits, spaces and dashes only';
  return problems;
}
