/** The shop's name and tagline: the one place every page, mail and title takes them from. */
export const SHOP_NAME = 'Reliable Tech Parts';
export const TAGLINE = 'Providing reliable tech since 1996';
