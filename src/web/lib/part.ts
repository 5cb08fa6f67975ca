import type { Part as WirePart, PartDetail as WirePartDetail } from '#shared/contracts/part.ts';

/**
 * A part's stock as the web app names it. The API keeps the old names of the spec on the wire
 * (`minquantity`, `avaquantity`), and they are renamed here, as each answer comes in, and nowhere else.
 */
export interface Stock {
  /** The fewest units one order takes. */
  minimumQuantity: number;
  /** The units in stock now. */
  availableQuantity: number;
}

/** The stock fields as the API spells them. */
interface WireStock {
  minquantity: number;
  avaquantity: number;
}

/** An answer of the API with its stock fields under the web app's names. */
export type WithStock<T extends WireStock> = Omit<T, keyof WireStock> & Stock;

/** A part of a list (`GET /api/part`), as the web app reads it. */
export type Part = WithStock<WirePart>;

/** One part with its specs and fits (`GET /api/part/:id`), as the web app reads it. */
export type PartDetail = WithStock<WirePartDetail>;

/** Renames the stock fields of an answer that carries a part's stock (a part, a cart line). */
export function withStock<T extends WireStock>({ minquantity, avaquantity, ...rest }: T): WithStock<T> {
  return { ...rest, minimumQuantity: minquantity, availableQuantity: avaquantity };
}

export const toPart = (wire: WirePart): Part => withStock(wire);
export const toPartDetail = (wire: WirePartDetail): PartDetail => withStock(wire);
