import type { SavedAddress } from '#shared/contracts/address.ts';

interface ProfileAddress {
  name: string;
  address: string;
  location: string;
  phone: string;
}

/**
 * Where an order goes first, for the buyer to check: the address book's default, else the profile's
 * address (which has no country yet), named after the buyer when the profile has no name.
 */
export function firstShippingAddress(
  saved: SavedAddress[] | undefined,
  profile: ProfileAddress,
  userName: string,
) {
  const chosen = saved?.find((address) => address.isDefault);
  if (chosen) {
    const { id: _, isDefault: __, ...address } = chosen;
    return address;
  }
  return {
    name: profile.name || userName,
    address: profile.address,
    location: profile.location,
    region: '',
    postalCode: '',
    country: '',
    phone: profile.phone,
  };
}
