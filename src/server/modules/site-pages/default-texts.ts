import { SHOP_NAME, TAGLINE } from '#shared/shop.ts';
import { RETURN_WINDOW_DAYS, type SitePageSlug } from '#shared/site-pages.ts';

/**
 * The text each page of text shows until the owner writes their own: the demo seed writes these into
 * the database, and a shop started without it (SEED=none) shows them all the same. Plain text as the
 * dashboard edits it: a blank line between paragraphs, lines starting "- " make a list.
 */
export const DEFAULT_SITE_PAGE_TEXTS: Record<SitePageSlug, string> = {
  about: `${SHOP_NAME} Ltd. has been ${TAGLINE.charAt(0).toLowerCase()}${TAGLINE.slice(1)}. What started as a small repair counter for office laptops is now a shop for the parts that keep laptops working: batteries and chargers, SSDs and memory, screens, keyboards, fans and the small parts that are hard to find.

Every part we sell is listed with the maker's part numbers, its condition (new, refurbished or used), its warranty and the laptop models it fits, so that you can order the right part the first time. Not sure which one you need? Choose "My laptop" and the shop shows the parts that fit it.

We test refurbished and used parts before they are listed, pack every order with care and ship it on the next working day.`,

  contact: `We are glad to help you find the right part, follow an order or arrange a return.

- Email: support@reliable-tech-parts.example
- Phone: +1 555 0100 (Monday to Friday, 9:00 to 17:00)
- Post: ${SHOP_NAME} Ltd., 1996 Circuit Lane, Springfield

When you write about an order, please give its number (RTP-…), which you find in My Orders and on your receipt. For a question about a part, the laptop's model and machine type (printed under the laptop, such as 20L5) help us answer quickly.

You can also use the feedback form on the home page.`,

  terms: `These terms apply to every order placed with ${SHOP_NAME} Ltd. through this shop.

Orders and prices: prices are shown in US dollars and are those shown when you place your order. An order is accepted once it is paid; an unpaid order holds its parts for a short time and then expires.

Parts and compatibility: we list the laptop models each part fits as carefully as we can. Please check the maker part number and the notes on the part's page before you buy; a part listed as not fitting your laptop is ordered at your own choice.

Delivery: we ship paid orders to the shipping address you give, usually on the next working day, and send you the tracking number once the order has shipped.

Returns and warranty: see the Returns & warranty page.

Accounts: keep your password to yourself. We may close accounts that are used to abuse the shop.`,

  privacy: `${SHOP_NAME} Ltd. keeps only the personal data it needs to run the shop.

What we keep:
- your account: name, email address and password (stored only as a secure hash);
- your profile and shipping addresses, and the orders you place;
- reviews and feedback you send us.

Why: to deliver your orders, to send you the mails about them (receipt, shipping, refunds), to answer your questions and to keep the shop safe.

Payments are handled by our payment provider: we never see or keep your full card number.

We do not sell your data. The shop uses only the cookies it needs to keep you signed in, no tracking or advertising cookies.

You may ask us at any time for a copy of your data, or to correct or delete it: write to support@reliable-tech-parts.example.`,

  returns: `Changed your mind, or the part does not fit? You may return any part within ${RETURN_WINDOW_DAYS} days of delivery for a full refund of its price.

How to return a part:
- write to us with your order number (RTP-…) and the part you are returning;
- pack the part in its original packaging, unused and undamaged, with all its screws and cables;
- send it to the address we give you; once it has arrived and been checked, we refund the price to the card you paid with, usually within five working days.

Warranty: every part's page says how long its warranty lasts, in months: from 3 months for used parts and 6 months for refurbished ones to as long as 5 years for some new SSDs and memory. A part that fails within its warranty is repaired, replaced or refunded. The warranty starts on the day of delivery and does not cover damage from fitting, drops, liquids or wear, such as a battery losing capacity with normal use.

Parts listed with no warranty (0 months), such as thermal paste, can still be returned unopened within ${RETURN_WINDOW_DAYS} days.

A part that arrives damaged or is not the part you ordered: tell us within ${RETURN_WINDOW_DAYS} days and we pay the return shipping.`,
};
