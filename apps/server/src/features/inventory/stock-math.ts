/**
 * Stock arithmetic in whole thousandths of a unit (quantities have at most 3 decimals) and integer
 * minor units, with BigInt where a product could pass 2^53. No float ever touches money.
 */

/** '12.500' (numeric column) or 12.5 → 12500. */
export const toMilli = (q: string | number) => Math.round(Number(q) * 1000);
export const fromMilli = (m: number) => m / 1000;

/** a × b ÷ c rounded half-up, for non-negative integers. */
export const mulDiv = (a: number, b: number, c: number) => {
  if (c === 0) return 0;
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  return Number((n * 2n + d) / (d * 2n));
};

/** Cost of one unit: stock value ÷ quantity; the last priced receipt's cost while the stock is empty. */
export const averageCost = (stockValue: number, quantityMilli: number, lastUnitCost: number) =>
  quantityMilli > 0 ? mulDiv(stockValue, 1000, quantityMilli) : lastUnitCost;

/** The value a receipt adds: unit cost × quantity. */
export const receiptValue = (unitCost: number, quantityMilli: number) => mulDiv(unitCost, quantityMilli, 1000);

/** The share of the stock value an issue takes; the last units take all that is left, so nothing lingers. */
export const issueValue = (stockValue: number, stockMilli: number, issuedMilli: number) =>
  issuedMilli >= stockMilli ? stockValue : mulDiv(stockValue, issuedMilli, stockMilli);

export const isAtReorderLevel = (quantityMilli: number, reorderMilli: number) => reorderMilli > 0 && quantityMilli <= reorderMilli;

/** How a quantity is written in messages: 12, 12.5. */
export const showQuantity = (milli: number) => String(fromMilli(milli));
