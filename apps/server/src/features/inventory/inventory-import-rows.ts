import { parseSheetNumber, ZInventoryItemInput, ZQuantity, type TImportRowError } from '@bizdesk/contract';
import { parseMajor, PayrollInputError } from '@bizdesk/payroll';
import { cellOf, mapColumns, rowError } from '../../platform/imports/sheet-columns.ts';
import type { TSheetFormat } from '../../platform/spreadsheets/sheet-limits.ts';
import { MAX_STORED_MINOR } from '../../platform/money.ts';
import { receiptValue, toMilli } from './stock-math.ts';

export type TItemImportField = 'tagName' | 'name' | 'sku' | 'unit' | 'category' | 'quantity' | 'reorderLevel' | 'unitCost';

/** Header names people use (our own export's too), compared in lower case without spaces or punctuation. */
const ALIASES: Record<TItemImportField, string[]> = {
  tagName: ['project', 'projecttag', 'tag', 'tagname', 'site', 'projectname'],
  name: ['name', 'item', 'itemname', 'product', 'productname', 'material'],
  sku: ['sku', 'itemcode', 'productcode', 'code', 'partnumber', 'partno'],
  unit: ['unit', 'uom', 'unitofmeasure', 'units', 'measure'],
  category: ['category', 'group', 'itemgroup'],
  quantity: ['quantity', 'qty', 'openingstock', 'openingquantity', 'stock', 'onhand', 'quantityonhand', 'instock'],
  reorderLevel: ['reorderlevel', 'reorder', 'reorderpoint', 'reorderqty', 'minimumstock', 'minstock', 'minlevel', 'minimumlevel', 'minimum', 'min', 'minqty', 'minimumquantity', 'stocklevelmin', 'safetystock'],
  unitCost: ['unitcost', 'cost', 'costperunit', 'unitprice', 'price', 'averagecost'],
};
const LABELS: Record<TItemImportField, string> = { tagName: 'Project', name: 'Name', sku: 'SKU', unit: 'Unit', category: 'Category', quantity: 'Quantity', reorderLevel: 'Reorder level', unitCost: 'Unit cost' };

export type TItemColumns = Partial<Record<TItemImportField, number>>;

/** Which column holds which field; Project, Name and Unit are required. */
export const mapItemHeader = (header: string[]) => mapColumns(header, ALIASES, { fields: ['tagName', 'name', 'unit'], labels: LABELS });

const ZRowText = ZInventoryItemInput.pick({ tagName: true, name: true, sku: true, unit: true, category: true });

/** One checked row: the create form's fields, amounts as integers (thousandths of a unit, minor units). */
export type TItemRow = {
  tagName: string; name: string; sku: string | null; unit: string; category: string | null;
  quantity: number; reorderLevel: number; unitCostMinor: number | null;
};

/**
 * One row's cells judged as the create form judges them. Numbers are read in the uploader's language
 * (a CSV from German Excel writes 1.500,50); an xlsx number cell is already a plain number.
 */
export const parseItemRow = (cells: string[], columns: TItemColumns, ctx: { row: number; language: string; format: TSheetFormat }) => {
  const { row, language, format } = ctx;
  const get = cellOf(cells, columns);
  const errors: TImportRowError[] = [];
  const text = ZRowText.safeParse({ tagName: get('tagName') ?? '', name: get('name') ?? '', sku: get('sku'), unit: get('unit') ?? '', category: get('category') });
  if (!text.success) {
    for (const issue of text.error.issues) {
      const field = String(issue.path[0] ?? 'row');
      if (!errors.some((e) => e.field === field)) errors.push(rowError(row, field, issue.message));
    }
  }
  const isCanonical = format === 'xlsx';
  const quantityOf = (field: 'quantity' | 'reorderLevel') => {
    const cell = get(field);
    if (cell === undefined) return 0;
    const parsed = ZQuantity.safeParse(parseSheetNumber(cell, language, { maxDecimals: 3, isCanonical }) ?? '');
    if (parsed.success) return parsed.data;
    errors.push(rowError(row, field, `"${cell}" must be a quantity of 0 or more with at most 3 decimal places, such as 12 or 12.5`));
    return 0;
  };
  const quantity = quantityOf('quantity');
  const reorderLevel = quantityOf('reorderLevel');
  let unitCostMinor: number | null = null;
  const cost = get('unitCost');
  if (cost !== undefined) {
    const major = parseSheetNumber(cost, language, { maxDecimals: 2, isCanonical });
    if (major === null) {
      errors.push(rowError(row, 'unitCost', `"${cost}" must be an amount with at most 2 decimal places, such as 1500 or 1500.50`));
    } else {
      try {
        unitCostMinor = parseMajor(major, 'unitCost');
      } catch (err) {
        if (!(err instanceof PayrollInputError)) throw err;
        errors.push(rowError(row, 'unitCost', err.reason));
      }
    }
    // As on the create form: a cost is the cost of the opening stock.
    if (unitCostMinor !== null && quantity === 0 && !errors.some((e) => e.field === 'quantity')) errors.push(rowError(row, 'unitCost', 'needs an opening quantity it is the cost of'));
  }
  // The opening stock's value (quantity × unit cost) must be an amount the app can keep, as on the create form.
  if (unitCostMinor !== null && !errors.length && !Number.isSafeInteger(receiptValue(unitCostMinor, toMilli(quantity)))) {
    errors.push(rowError(row, 'unitCost', `the stock value (quantity × unit cost) would pass the largest amount that can be kept (${MAX_STORED_MINOR / 100})`));
  }
  if (errors.length || !text.success) return { errors, item: null };
  const v = text.data;
  const item: TItemRow = { tagName: v.tagName, name: v.name, sku: v.sku || null, unit: v.unit, category: v.category || null, quantity, reorderLevel, unitCostMinor };
  return { errors, item };
};
