import { countryName } from '#shared/address-rules.ts';

/** "Germany", or "United States, CA" for a region's rate. */
export const placeName = ({ country, region }: { country: string; region: string }) =>
  region === '' ? countryName(country) : `${countryName(country)}, ${region}`;
