import { COUNTRIES } from '../../../../shared/address-rules';

const NAMES = new Map(COUNTRIES.map(({ code, name }) => [code, name]));

/** A country's English name from its code (the code itself when it is none the shop knows). */
export const countryName = (code: string) => NAMES.get(code) ?? code;

/** "Germany", or "United States, CA" for a region's rate. */
export const placeName = ({ country, region }: { country: string; region: string }) =>
  region === '' ? countryName(country) : `${countryName(country)}, ${region}`;
