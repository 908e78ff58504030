import {
  RECEIPT_KINDS, STOCK_CSV_HEADER, projectCostCategoryOf, type TStockAtLocation, type TStockItem, type TStockItemInput, type TStockItemQuery, type TStockItemUpdate, type TStockStaff, type TConnectItem, type TInventoryItem, type TInventoryItemInput, type TInventoryItemUpdate, type TItemCount,
  type TItemDepartment, type TLogQuery, type TMovementKind, type TMovementResult, type TPerItem, type TTotalValue,
} from '@bizdesk/contract';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import { found } from '../../platform/search.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { assertBusinessEmail, type TAuth, type TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { raiseWebhookEvent } from '../../platform/webhooks/outbox.ts';
import { pageOffset } from '../../platform/http/envelope.ts';
import { checkMinor, majorToMinor } from '../../platform/money.ts';
import type { TNotify } from '../notifications/notifications.service.ts';
import type { TReceivedGoods, TReturnedGoods } from '../orders/orders.service.ts';
import type { TCollectionPointsService } from '../portal/collection-points.service.ts';
import type { TDepartmentsService } from '../employees/departments.service.ts';
import type { TPlacesService } from '../places/places.service.ts';
import type { TEmployeesService } from '../employees/employees.service.ts';
import { writeCsv, writeXlsx } from '../employees/spreadsheet.ts';
import * as repo from './inventory.repo.ts';
import type { TLedgerService } from '../projects/ledger.service.ts';
import { assertEmailAtPoint } from './collector-email.ts';
import * as requisitionsRepo from './requisitions.repo.ts';
import { averageCost, fromMilli, isAtReorderLevel, issueValue, receiptValue, showQuantity, toMilli } from './stock-math.ts';

export type TInventoryDeps = {
  notify: TNotify;
  collectionPoints: Pick<TCollectionPointsService, 'getPoint' | 'list'>;
  departments: Pick<TDepartmentsService, 'list'>;
  places: Pick<TPlacesService, 'ensure' | 'get' | 'resolve'>;
  /** Who received or used stock is an employee of the business (issue 34); the pickers list staff as name + number. */
  employees: Pick<TEmployeesService, 'people' | 'personByNumber' | 'personByEmail'>;
  /** The project cost ledger (issue 35): stock used or issued at a project's site is an actual cost there. */
  ledger?: Pick<TLedgerService, 'replace'>;
};

/**
 * Issue 35: stock used or issued (out) at a project or one of its sites reaches the project ledger at the movement's
 * moving-average value. A transfer only moves stock (charged when used at its destination); a store puts nothing on a
 * project (the ledger drops it).
 */
const CHARGED_KINDS: readonly string[] = ['usedstock', 'outstock'];

/** One stock movement as the service applies it; `reference` makes a retry harmless. */
export type TMovementInput = {
  itemId: string;
  kind: TMovementKind;
  quantityMilli: number;
  employeeNumber: string;
  tagName: string;
  reference?: string | null;
  purpose?: string | null;
  unitCost?: number | null;
  collectionPointId?: string | null;
  requisitionId?: string | null;
  /** When it happened by the recording phone's clock (a collection point's queued movement); null otherwise. */
  deviceTime?: Date | null;
  /** The name of the employee {employeeNumber} is (kept with the movement, so the log names them after a rename). */
  employeeName?: string | null;
  /** The reference as a person reads it (a GRN: its order number and date); `reference` stays the idempotency key. */
  referenceLabel?: string | null;
  /** Who recorded it, when not the signed-in user or collector themselves (a system job names its cause). */
  actorName?: string | null;
};

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
/** The project of an item a goods receipt creates: orders carry no project (docs/decisions.md, "Goods received into stock"). */
export const RECEIVED_GOODS_TAG = 'Stores';
/** The idempotency reference of one received order line: a replayed receipt finds the movement its first run wrote. */
export const grnReference = (grnId: string, lineId: string) => `GRN ${grnId} line ${lineId}`;
const pointLabel = (p: { tagName: string; employeeName: string }) => `${p.tagName} · ${p.employeeName}`;

export const createInventoryService = (deps: TDeps, opts: TInventoryDeps) => {
  const { db } = deps;

  /**
   * A collector reaches only its own point: its place (the site or project it records for: place_id, or the place its
   * tag names for a point made before places), the stock rows there, and items connected to the point (issue 34).
   */
  const collectorPoint = async (auth: TAuth) => {
    if (auth.kind !== 'collector') return null;
    const point = await opts.collectionPoints.getPoint(auth.businessId, auth.collectionPointId);
    if (!point) throw notFound('Collection point');
    const placeId = point.placeId ?? (await opts.places.resolve(auth.businessId, point.tagName))?.id ?? null;
    return { ...point, placeId };
  };
  /** A collector's tag must name its own place (by name or an old spelling); any other is 403. */
  const assertCollectorTag = async (point: { tagName: string; placeId: string | null } | null, tag: string, businessId: string) => {
    if (!point || sameText(point.tagName, tag)) return;
    if (point.placeId && (await opts.places.resolve(businessId, tag))?.id === point.placeId) return;
    throw forbidden(`This collection point records only for project ${point.tagName}`).as('pointRecordsOnly', { project: point.tagName });
  };
  /** Whether a collector may see or move this stock row: one at its place, or one connected to its point. */
  const collectorReaches = async (auth: TAuth | { kind: 'system' }, item: { collectionPointId: string | null; locationId: string }) => {
    if (auth.kind !== 'collector' || item.collectionPointId === auth.collectionPointId) return true;
    const point = await collectorPoint(auth);
    return point?.placeId != null && point.placeId === item.locationId;
  };

  /**
   * A project is known once an item or a collection point carries its tag; an unknown one is 404 (the
   * web shows an empty list for it, spec 02 §4), so a typo is never answered with an empty success.
   */
  const assertProject = async (auth: TAuth, tag: string) => {
    if (auth.kind === 'collector') return; // checked against its own point's tag
    if (await repo.isKnownTag(db, auth.businessId, tag)) return;
    if (auth.kind === 'user' && (await opts.collectionPoints.list(auth, auth.ownerEmail)).some((p) => sameText(p.tagName, tag))) return;
    throw notFound(`Project "${tag}"`);
  };

  /**
   * The spec's {tag} names where the stock row is: its location's name or one of that place's old spellings (aliases).
   * Another place is refused, so a movement is never logged under a place it did not happen at.
   */
  const assertTagIsRowPlace = async (auth: TAuth, item: { tagName: string; locationId: string }, tag: string) => {
    if (sameText(item.tagName, tag)) return;
    const place = await opts.places.resolve(auth.businessId, tag);
    if (place?.id === item.locationId) return;
    throw badRequest(`tag: ${tag} is not where this stock is kept; it is at ${item.tagName}`).as('tagNotRowPlace', { tag, place: item.tagName });
  };

  /** The stock rows a typed place name means: its place's rows (any spelling, old ones too), else rows typed that way. */
  const atPlace = async (auth: TAuth, tag: string): Promise<repo.TItemFilter> => {
    const place = await opts.places.resolve(auth.businessId, tag);
    return place ? { locationId: place.id } : { tagName: tag };
  };

  const getItemFor = async (tx: DbOrTx, auth: TAuth, id: string) => {
    const row = await repo.findItem(tx, auth.businessId, id);
    if (!row) throw notFound('Item');
    if (!(await collectorReaches(auth, row))) throw notFound('Item');
    return row;
  };

  /**
   * Applies one movement inside the caller's transaction. The item row is locked first, so movements
   * of one item run one after another: the stock check and the update see the same quantity, and a
   * retried reference finds the movement its first attempt wrote.
   */
  const applyMovement = async (tx: Tx, auth: TAuth | { kind: 'system'; businessId: string }, m: TMovementInput): Promise<TMovementResult> => {
    const item = await repo.lockItem(tx, auth.businessId, m.itemId);
    if (!item || !(await collectorReaches(auth, item))) throw notFound('Item');
    if (m.reference) {
      const done = await repo.findMovementByReference(tx, auth.businessId, m.itemId, m.kind, m.reference);
      if (done) {
        if (toMilli(done.quantity) !== m.quantityMilli) {
          throw conflict(`Reference ${m.reference} was already used for a ${m.kind} of ${Number(done.quantity)} ${item.unit} of ${item.name}; use a new reference for another movement`);
        }
        return { movement: repo.toMovement(done), item: repo.toItem((await repo.findItem(tx, auth.businessId, m.itemId))!), isReplay: true };
      }
    }
    const stockMilli = toMilli(item.quantity);
    const reorderMilli = toMilli(item.reorderLevel);
    let unitCost: number;
    let value: number;
    let nextMilli: number;
    let nextValue: number;
    let lastUnitCost = item.lastUnitCost;
    if (RECEIPT_KINDS.includes(m.kind)) {
      unitCost = checkMinor(m.unitCost ?? averageCost(item.stockValue, stockMilli, item.lastUnitCost), 'unitCost', 'unit cost');
      value = checkMinor(receiptValue(unitCost, m.quantityMilli), 'quantity', 'stock value');
      nextMilli = stockMilli + m.quantityMilli;
      nextValue = checkMinor(item.stockValue + value, 'quantity', 'stock value');
      if (m.unitCost !== undefined && m.unitCost !== null) lastUnitCost = m.unitCost;
      if (nextMilli > 99_999_999_999_999) throw badRequest('quantity: the stock would pass the largest quantity an item can hold').as('stockTooLarge');
    } else {
      if (m.quantityMilli > stockMilli) {
        throw new AppError('CONFLICT', `Not enough ${item.name} in stock: ${showQuantity(stockMilli)} ${item.unit} available, ${showQuantity(m.quantityMilli)} asked for`, 409,
          { available: fromMilli(stockMilli), requested: fromMilli(m.quantityMilli) });
      }
      value = issueValue(item.stockValue, stockMilli, m.quantityMilli);
      unitCost = checkMinor(averageCost(item.stockValue, stockMilli, item.lastUnitCost), 'quantity', 'unit cost');
      nextMilli = stockMilli - m.quantityMilli;
      nextValue = item.stockValue - value;
      if (nextMilli === 0) lastUnitCost = unitCost || lastUnitCost;
    }
    const isLow = isAtReorderLevel(nextMilli, reorderMilli);
    const crossesDown = isLow && !item.reorderAlerted;
    await repo.updateItem(tx, auth.businessId, item.id, {
      quantity: String(fromMilli(nextMilli)), stockValue: nextValue, lastUnitCost, reorderAlerted: isLow,
    });
    const actor = auth.kind === 'user' ? auth.userId : auth.kind === 'collector' ? auth.collectionPointId : auth.kind === 'portal' ? auth.employeeId : null;
    const actorName = m.actorName ?? (auth.kind === 'user' ? auth.userName : null);
    const row = await repo.createMovement(tx, {
      businessId: auth.businessId, itemId: item.id, kind: m.kind, quantity: String(fromMilli(m.quantityMilli)), unitCost, value,
      balanceAfter: String(fromMilli(nextMilli)), reference: m.reference ?? null, purpose: m.purpose ?? null, employeeNumber: m.employeeNumber,
      tagName: m.tagName, locationId: item.locationId, collectionPointId: m.collectionPointId ?? (auth.kind === 'collector' ? auth.collectionPointId : null),
      requisitionId: m.requisitionId ?? null, actorKind: auth.kind, actorId: actor, deviceTime: m.deviceTime ?? null,
      actorName, employeeName: m.employeeName ?? null, referenceLabel: m.referenceLabel ?? null,
    });
    if (opts.ledger && CHARGED_KINDS.includes(m.kind) && value > 0) {
      const typed = projectCostCategoryOf(item.name);
      await opts.ledger.replace(tx, auth.businessId, { kind: 'stock-use', id: row.id }, [{
        placeId: item.locationId, category: typed === 'other' ? 'materials' : typed, stage: 'actual', amountMinor: value, date: row.createdAt.toISOString().slice(0, 10),
        description: `${showQuantity(m.quantityMilli)} ${item.unit} ${item.name}${m.purpose ? ` — ${m.purpose}` : ''}`, reference: m.referenceLabel ?? m.reference ?? item.tagName,
      }]);
    }
    if (crossesDown) {
      await opts.notify(tx, auth.businessId, {
        category: 'Inventory', actionType: 'Reorder level',
        message: `${item.name} (${item.tagName}) is down to ${showQuantity(nextMilli)} ${item.unit}, at or below its reorder level of ${showQuantity(reorderMilli)}`,
        messageKey: 'inventory.reorderLevel', params: { item: item.name, tag: item.tagName, quantity: fromMilli(nextMilli), unit: item.unit, reorderLevel: fromMilli(reorderMilli) },
        link: { screen: 'inventory', id: item.id },
      });
      await raiseWebhookEvent(deps, tx, auth.businessId, 'stock.below_reorder', {
        itemId: item.id, name: item.name, tagName: item.tagName, quantity: fromMilli(nextMilli), unit: item.unit, reorderLevel: fromMilli(reorderMilli),
      });
    }
    return { movement: repo.toMovement(row), item: repo.toItem((await repo.findItem(tx, auth.businessId, item.id))!), isReplay: false };
  };

  /** A unique-index clash of two retries arriving at once: answer with the movement the first one wrote. */
  const withReplay = async (auth: TAuth, m: TMovementInput) => {
    try {
      return await db.transaction((tx) => applyMovement(tx, auth, m));
    } catch (err) {
      if (!m.reference || !repo.isUniqueViolation(err, 'stock_movements_reference_uq')) throw err;
      return db.transaction((tx) => applyMovement(tx, auth, m));
    }
  };

  /** The store a receipt goes to when neither the GRN line nor the order names a place. */
  const defaultStore = (tx: Tx, businessId: string) => opts.places.ensure(tx, businessId, RECEIVED_GOODS_TAG, 'store');

  /** A place of the business to hold stock (the GRN line's, the order's delivery place); 404 names the field. */
  const placeFor = async (tx: DbOrTx, businessId: string, id: string, field: string) => {
    const place = await opts.places.get(businessId, id, tx);
    if (!place) throw notFound(`${field}: place`);
    return { id: place._id, name: place.name };
  };

  /**
   * `orders.onGoodsReceived`: inside the receipt's transaction, one priced 'instock' per received line, into the stock
   * row of the line's master item at the line's location (issue 34; made there when the item was never kept at that
   * place). The master item is the business's oldest of that name; one of that name in another unit is refused (stock in
   * two units would be counted as one), which rolls the receipt back. No item of that name: a master item is created.
   */
  const receiveGoods = async (tx: Tx, auth: TUserAuth, goods: TReceivedGoods): Promise<void> => {
    for (const line of goods.lines) {
      const named = await repo.findMasterNamed(tx, auth.businessId, line.item);
      let master = named.find((i) => sameText(i.unit, line.unit));
      if (!master && named.length > 0) {
        throw conflict(`${line.item} is kept in stock in ${named[0].unit}, but ${goods.orderNumber} received it in ${line.unit}; `
          + 'change the order line or the inventory item so the units agree, then receive the goods again');
      }
      const place = line.locationId ? await placeFor(tx, auth.businessId, line.locationId, 'locationId') : await defaultStore(tx, auth.businessId);
      if (!master) {
        master = await repo.createMaster(tx, { businessId: auth.businessId, name: line.item.trim(), unit: line.unit.trim() });
        await audit(tx, auth, 'stock-item.created', { entity: 'stock-item', entityId: master.id, after: { name: master.name, unit: master.unit, from: goods.orderNumber } });
      }
      const itemId = await repo.ensureStockRow(tx, auth.businessId, master.id, { id: place.id, name: place.name });
      if (!itemId) throw notFound('Item');
      await applyMovement(tx, auth, {
        itemId, kind: 'instock', quantityMilli: line.quantityMilli, unitCost: line.unitPriceMinor, employeeNumber: auth.userName,
        tagName: place.name, reference: grnReference(goods.grnId, line.lineId), purpose: `Received on ${goods.orderNumber} from ${goods.vendorName}`,
        referenceLabel: `${goods.orderNumber} · GRN ${goods.receivedDate}`,
      });
    }
  };

  /**
   * `orders.onGoodsReturned`: each returned line leaves the stock row its GRN line went into (found by the receipt's
   * reference), at the moving average; short stock refuses the whole return.
   */
  const returnGoods = async (tx: Tx, auth: TUserAuth, goods: TReturnedGoods): Promise<void> => {
    for (const line of goods.lines) {
      const receipt = await repo.findMovementByReferenceAnyItem(tx, auth.businessId, 'instock', grnReference(goods.grnId, line.lineId));
      if (!receipt) throw conflict(`${line.item}: the receipt of this line is not in the stock log, so it cannot be returned from stock`);
      await applyMovement(tx, auth, {
        itemId: receipt.itemId, kind: 'return', quantityMilli: line.quantityMilli, employeeNumber: auth.userName, tagName: receipt.tagName,
        reference: `Return ${goods.returnId} line ${line.lineId}`, referenceLabel: `${goods.orderNumber} · return ${goods.returnedDate}`,
        purpose: `Returned to ${goods.vendorName}: ${goods.reason}`,
      });
    }
  };

  const checkDepartment = async (auth: TUserAuth, departmentId: string | null) => {
    if (!departmentId) return null;
    const found = (await opts.departments.list(auth)).find((d) => d._id === departmentId);
    if (!found) throw notFound('Department');
    return found;
  };
  const checkPoint = async (businessId: string, pointId: string | null | undefined) => {
    if (!pointId) return null;
    const point = await opts.collectionPoints.getPoint(businessId, pointId);
    if (!point) throw notFound('Collection point');
    return point;
  };
  const skuClash = (err: unknown): never => {
    if ((repo.isUniqueViolation(err, 'stock_items_business_sku_uq') || repo.isUniqueViolation(err, 'inventory_items_item_location_uq'))) throw conflict('Another item of this business already has this SKU').as('skuTaken');
    throw err;
  };

  const masterView = (m: repo.TMasterRow, rows: Array<Parameters<typeof repo.toItem>[0]>): TStockItem => {
    const stock = rows.map(repo.toItem);
    return {
      _id: m.id, name: m.name, sku: m.sku, unit: m.unit, category: m.category, conversions: m.conversions ?? [],
      totalQuantity: fromMilli(stock.reduce((s, i) => s + toMilli(i.quantity), 0)),
      totalValueMinor: stock.reduce((s, i) => s + i.stockValueMinor, 0),
      stock: stock.map((i) => ({ _id: i._id, locationId: i.locationId!, locationName: i.tagName, quantity: i.quantity, reorderLevel: i.reorderLevel, stockValueMinor: i.stockValueMinor, isAtReorderLevel: i.isAtReorderLevel })),
    };
  };

  const itemsOf = async (auth: TAuth, f: repo.TItemFilter) => (await repo.findItems(db, auth.businessId, f)).map(repo.toItem);

  return {
    // ── item master (issue 34) ──
    listMasters: async (auth: TUserAuth, query: TStockItemQuery) => {
      const { rows, totalRecords } = await repo.findMasterPage(db, auth.businessId, { q: query.q, locationId: query.locationId }, { offset: pageOffset(query), limit: query.limit });
      const stock = await repo.findItems(db, auth.businessId, { stockItemIds: rows.map((r) => r.id) });
      return { rows: rows.map((m) => masterView(m, stock.filter((s) => s.stockItemId === m.id))), totalRecords };
    },

    createMaster: async (auth: TUserAuth, input: TStockItemInput): Promise<TStockItem> =>
      db.transaction(async (tx) => {
        const master = await repo.createMaster(tx, {
          businessId: auth.businessId, name: input.name, sku: input.sku || null, unit: input.unit, category: input.category || null, conversions: input.conversions ?? [],
        });
        await audit(tx, auth, 'stock-item.created', { entity: 'stock-item', entityId: master.id, after: master });
        return masterView(master, []);
      }).catch(skuClash),

    /** Name, SKU, unit and category change on the master and on every location's stock row together. */
    updateMaster: async (auth: TUserAuth, id: string, input: TStockItemUpdate): Promise<TStockItem> =>
      db.transaction(async (tx) => {
        const before = await repo.getMaster(tx, auth.businessId, id, true);
        if (!before) throw notFound('Item');
        const patch = Object.fromEntries(Object.entries({
          name: input.name, unit: input.unit, conversions: input.conversions,
          sku: input.sku === undefined ? undefined : input.sku || null,
          category: input.category === undefined ? undefined : input.category || null,
        }).filter(([, v]) => v !== undefined));
        await repo.updateMaster(tx, auth.businessId, id, patch);
        const after = (await repo.getMaster(tx, auth.businessId, id))!;
        await audit(tx, auth, 'stock-item.updated', { entity: 'stock-item', entityId: id, before, after });
        return masterView(after, await repo.findItems(tx, auth.businessId, { stockItemIds: [id] }));
      }).catch(skuClash),

    /** Keeps the item at another store or site: its stock row there (empty), with that place's reorder level. */
    addLocation: async (auth: TUserAuth, id: string, input: TStockAtLocation): Promise<TStockItem> =>
      db.transaction(async (tx) => {
        const master = await repo.getMaster(tx, auth.businessId, id, true);
        if (!master) throw notFound('Item');
        const place = await placeFor(tx, auth.businessId, input.locationId, 'locationId');
        const existing = await repo.findItems(tx, auth.businessId, { stockItemIds: [id], locationId: place.id });
        if (existing.length) throw conflict(`locationId: ${master.name} is already kept at ${place.name}`).as('itemAlreadyAtPlace', { name: master.name, place: place.name });
        const rowId = (await repo.ensureStockRow(tx, auth.businessId, id, { id: place.id, name: place.name }))!;
        if (input.reorderLevel !== undefined) await repo.updateItem(tx, auth.businessId, rowId, { reorderLevel: String(input.reorderLevel) });
        await audit(tx, auth, 'inventory-item.created', { entity: 'inventory-item', entityId: rowId, after: { stockItemId: id, name: master.name, location: place.name, reorderLevel: input.reorderLevel ?? 0 } });
        return masterView(master, await repo.findItems(tx, auth.businessId, { stockItemIds: [id] }));
      }),

    /** The people a movement may name as having received or used the stock, and the signed-in user's own employee. */
    staff: async (auth: TUserAuth, q: string | undefined, limit = 50): Promise<TStockStaff> => {
      const [rows, mine] = await Promise.all([opts.employees.people(auth.businessId, q ?? '', limit), opts.employees.personByEmail(auth.businessId, auth.email)]);
      return { rows, mine: mine ?? null };
    },

    /** The top-bar search (issue 30): items by name or SKU. */
    search: async (auth: TUserAuth, text: string, limit: number) => found(await repo.searchItems(db, auth.businessId, text, limit), limit),

    applyMovement,
    receiveGoods,
    /** The stock row of a master item at a place, made empty when the item was never there (transfer destinations). */
    stockRowAt: async (tx: Tx, businessId: string, stockItemId: string, place: { id: string; name: string }) => {
      const id = await repo.ensureStockRow(tx, businessId, stockItemId, place);
      if (!id) throw notFound('Item');
      return id;
    },
    returnGoods,

    listAll: async (auth: TUserAuth, email: string) => {
      assertBusinessEmail(auth, email);
      return itemsOf(auth, {});
    },

    /** inventory-point/{email}/{tag}: one project's items; a collector sees the stock rows at its place and those connected to its point. */
    listPoint: async (auth: TAuth, email: string, tag: string) => {
      const point = await collectorPoint(auth);
      assertEmailAtPoint(auth, email, point);
      await assertCollectorTag(point, tag, auth.businessId);
      await assertProject(auth, tag);
      return itemsOf(auth, point ? { atPoint: { collectionPointId: point._id, locationId: point.placeId } } : await atPlace(auth, tag));
    },

    get: async (auth: TAuth, id: string) => repo.toItem(await getItemFor(db, auth, id)),

    /** The dashboard's count of items at or below their reorder level. */
    countBelowReorder: async (auth: TUserAuth) => repo.countLowItems(db, auth.businessId),

    create: async (auth: TUserAuth, input: TInventoryItemInput): Promise<TInventoryItem> => {
      if (input.ownerEmail) assertBusinessEmail(auth, input.ownerEmail);
      const unitCost = input.unitCost === undefined ? undefined : majorToMinor(input.unitCost, 'unitCost');
      if (unitCost !== undefined && !input.quantity) throw badRequest('unitCost: give the opening quantity it is the cost of').as('unitCostNeedsQuantity');
      await checkPoint(auth.businessId, input.collectionPointId);
      return db.transaction(async (tx) => {
        const place = await opts.places.ensure(tx, auth.businessId, input.tagName);
        const { id } = await repo.createItem(tx, {
          businessId: auth.businessId, tagName: input.tagName, locationId: place.id, name: input.name, sku: input.sku || null, unit: input.unit,
          category: input.category || null, reorderLevel: String(input.reorderLevel ?? 0), collectionPointId: input.collectionPointId ?? null,
        });
        if (input.quantity) {
          await applyMovement(tx, auth, {
            itemId: id, kind: 'instock', quantityMilli: toMilli(input.quantity), unitCost: unitCost ?? 0,
            employeeNumber: input.employeeNumber ?? auth.userName, tagName: input.tagName, reference: 'opening stock', purpose: 'Opening stock',
          });
        }
        const item = repo.toItem((await repo.findItem(tx, auth.businessId, id))!);
        await audit(tx, auth, 'inventory-item.created', { entity: 'inventory-item', entityId: id, after: item });
        return item;
      }).catch(skuClash);
    },

    update: async (auth: TUserAuth, id: string, input: TInventoryItemUpdate) =>
      db.transaction(async (tx) => {
        const before = await repo.lockItem(tx, auth.businessId, id);
        if (!before) throw notFound('Item');
        const patch = Object.fromEntries(Object.entries({
          tagName: input.tagName, name: input.name, unit: input.unit,
          sku: input.sku === undefined ? undefined : input.sku || null,
          category: input.category === undefined ? undefined : input.category || null,
          reorderLevel: input.reorderLevel === undefined ? undefined : String(input.reorderLevel),
        }).filter(([, v]) => v !== undefined));
        if (input.reorderLevel !== undefined) {
          // A new level restarts the crossing: above it clears the notice; at or below is left to the daily check.
          const low = isAtReorderLevel(toMilli(before.quantity), toMilli(String(input.reorderLevel)));
          if (!low) Object.assign(patch, { reorderAlerted: false });
        }
        if (input.tagName !== undefined) Object.assign(patch, { locationId: (await opts.places.ensure(tx, auth.businessId, input.tagName)).id });
        await repo.updateItem(tx, auth.businessId, id, patch);
        // What the item is lives on the master and is copied to every location's row (issue 34).
        await repo.updateMaster(tx, auth.businessId, before.stockItemId, Object.fromEntries(Object.entries(patch).filter(([k]) => ['name', 'sku', 'unit', 'category'].includes(k))));
        const after = repo.toItem((await repo.findItem(tx, auth.businessId, id))!);
        await audit(tx, auth, 'inventory-item.updated', { entity: 'inventory-item', entityId: id, before: repo.toItem({ ...before, collectionPointName: null, department: null }), after });
        return after;
      }).catch(skuClash),

    /** Refused while the item holds stock or an open requisition asks for it: the stock would vanish from the books. */
    delete: async (auth: TUserAuth, id: string) =>
      db.transaction(async (tx) => {
        const item = await repo.lockItem(tx, auth.businessId, id);
        if (!item) throw notFound('Item');
        if (toMilli(item.quantity) > 0) throw conflict(`${item.name} still has ${Number(item.quantity)} ${item.unit} in stock; issue it, transfer it or post a stock count that sets it to zero before deleting`).as('itemStillInStock', { name: item.name, quantity: Number(item.quantity), unit: item.unit });
        if (await requisitionsRepo.hasOpenLines(tx, auth.businessId, id)) throw conflict(`${item.name} is on an open requisition; finish or delete that requisition first`).as('itemOnRequisition', { name: item.name });
        await repo.deleteItem(tx, auth.businessId, id);
        // The master goes with its last stock row; kept at other places, it stays.
        if ((await repo.findItems(tx, auth.businessId, { stockItemIds: [item.stockItemId] })).length === 0) await repo.updateMasterOf(tx, auth.businessId, id, { deletedAt: new Date() });
        await audit(tx, auth, 'inventory-item.deleted', { entity: 'inventory-item', entityId: id, before: repo.toItem({ ...item, collectionPointName: null, department: null }) });
        return { _id: id };
      }),

    connect: async (auth: TUserAuth, input: TConnectItem) => {
      const point = await checkPoint(auth.businessId, input.collectionPointId);
      return db.transaction(async (tx) => {
        const before = await repo.lockItem(tx, auth.businessId, input.itemId);
        if (!before) throw notFound('Item');
        await repo.updateItem(tx, auth.businessId, input.itemId, { collectionPointId: point?._id ?? null });
        await audit(tx, auth, 'inventory-item.connected', {
          entity: 'inventory-item', entityId: input.itemId, before: { collectionPointId: before.collectionPointId }, after: { collectionPointId: point?._id ?? null, collectionPoint: point ? pointLabel(point) : null },
        });
        return repo.toItem((await repo.findItem(tx, auth.businessId, input.itemId))!);
      });
    },

    updateDepartment: async (auth: TUserAuth, input: TItemDepartment) => {
      const department = await checkDepartment(auth, input.departmentId ?? null);
      const ids = [...new Set(input.itemIds)];
      return db.transaction(async (tx) => {
        const before = await repo.findItems(tx, auth.businessId, { ids });
        if (before.length !== ids.length) throw notFound('Item');
        await repo.updateItems(tx, auth.businessId, ids, { departmentId: department?._id ?? null });
        await audit(tx, auth, 'inventory-item.department-changed', before.map((i) => ({
          entity: 'inventory-item' as const, entityId: i.id, before: { departmentId: i.departmentId, department: i.department }, after: { departmentId: department?._id ?? null, department: department?.name ?? null },
        })));
        return (await repo.findItems(tx, auth.businessId, { ids })).map(repo.toItem);
      });
    },

    perItem: async (auth: TUserAuth, email: string, project: string): Promise<TPerItem[]> => {
      assertBusinessEmail(auth, email);
      await assertProject(auth, project);
      const items = await repo.findItems(db, auth.businessId, await atPlace(auth, project));
      const totals = await repo.findMovementTotals(db, auth.businessId, items.map((i) => i.id));
      return items.map((i) => {
        const t = totals.find((x) => x.itemId === i.id);
        return {
          _id: i.id, name: i.name, unit: i.unit, quantity: Number(i.quantity), stockValueMinor: i.stockValue,
          received: Number(t?.received ?? 0), issued: Number(t?.issued ?? 0), used: Number(t?.used ?? 0),
        };
      });
    },

    count: async (auth: TUserAuth, email: string, project: string): Promise<TItemCount> => {
      assertBusinessEmail(auth, email);
      await assertProject(auth, project);
      const items = (await repo.findItems(db, auth.businessId, await atPlace(auth, project))).map(repo.toItem);
      return {
        tagName: project, items: items.length,
        totalQuantity: fromMilli(items.reduce((s, i) => s + toMilli(i.quantity), 0)),
        atReorderLevel: items.filter((i) => i.isAtReorderLevel).length,
      };
    },

    totalValue: async (auth: TUserAuth, email: string): Promise<TTotalValue> => {
      assertBusinessEmail(auth, email);
      const items = await repo.findItems(db, auth.businessId);
      const byProject = new Map<string, { valueMinor: number; items: number }>();
      for (const i of items) {
        const p = byProject.get(i.tagName) ?? { valueMinor: 0, items: 0 };
        byProject.set(i.tagName, { valueMinor: p.valueMinor + i.stockValue, items: p.items + 1 });
      }
      return {
        totalValueMinor: items.reduce((s, i) => s + i.stockValue, 0), items: items.length,
        byProject: [...byProject.entries()].map(([tagName, v]) => ({ tagName, ...v })),
      };
    },

    stockBalance: async (auth: TUserAuth, email: string, tagName?: string) => {
      assertBusinessEmail(auth, email);
      return itemsOf(auth, tagName ? await atPlace(auth, tagName) : {});
    },

    /** instock / outstock / usedstock: the spec's mutating GETs. A collector records only at its own point, as its own employee number. */
    move: async (auth: TAuth, email: string, m: Omit<TMovementInput, 'quantityMilli'> & { quantity: number }) => {
      const point = await collectorPoint(auth);
      assertEmailAtPoint(auth, email, point);
      await assertCollectorTag(point, m.tagName, auth.businessId);
      if (point && !sameText(point.employeeNumber, m.employeeNumber)) throw forbidden(`Record movements here as employee number ${point.employeeNumber}`).as('pointEmployeeNumber', { number: point.employeeNumber });
      const item = await getItemFor(db, auth, m.itemId);
      await assertTagIsRowPlace(auth, item, m.tagName);
      let employee = { employeeNumber: m.employeeNumber, name: point?.employeeName ?? null };
      if (!point) {
        const person = await opts.employees.personByNumber(auth.businessId, m.employeeNumber);
        if (!person) throw badRequest(`nums: ${m.employeeNumber} is not an employee number of this business`).as('notEmployeeNumber', { number: m.employeeNumber });
        employee = person;
      }
      return withReplay(auth, {
        ...m, employeeNumber: employee.employeeNumber, employeeName: employee.name,
        tagName: item.tagName, actorName: point ? pointLabel(point) : undefined, quantityMilli: toMilli(m.quantity), collectionPointId: point?._id ?? null,
      });
    },

    logs: async (auth: TAuth, email: string, tag: string | undefined, query: TLogQuery) => {
      const point = await collectorPoint(auth);
      assertEmailAtPoint(auth, email, point);
      if (tag !== undefined) {
        await assertCollectorTag(point, tag, auth.businessId);
        await assertProject(auth, tag);
      }
      const { page: _p, limit: _l, ...filter } = query;
      return repo.findMovementPage(db, auth.businessId, { ...filter, ...(tag !== undefined ? { tagName: tag } : {}), ...(point ? { collectionPointId: point._id } : {}) },
        { offset: pageOffset(query), limit: query.limit });
    },

    exportStock: async (auth: TUserAuth, email: string, format: 'csv' | 'xlsx') => {
      assertBusinessEmail(auth, email);
      const items = await itemsOf(auth, {});
      const money = (minor: number) => (minor / 100).toFixed(2); // display only
      const rows = items.map((i) => [i.name, i.sku ?? '', i.unit, i.category ?? '', i.tagName, String(i.quantity), String(i.reorderLevel), money(i.averageCostMinor), money(i.stockValueMinor)]);
      const header = [...STOCK_CSV_HEADER];
      return format === 'csv'
        ? { body: writeCsv(header, rows), contentType: 'text/csv; charset=utf-8', filename: 'inventory.csv' }
        : { body: await writeXlsx('Inventory', header, rows), contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', filename: 'inventory.xlsx' };
    },

    /** The daily reorder check: items at or below their level whose notice has not gone out (a level raised by an edit, say). */
    checkReorderLevels: async () => {
      const low = await repo.findUnalertedLowItems(db as Db);
      for (const item of low) {
        await db.transaction(async (tx) => {
          const locked = await repo.lockItem(tx, item.businessId, item.id);
          if (!locked || locked.reorderAlerted || !isAtReorderLevel(toMilli(locked.quantity), toMilli(locked.reorderLevel))) return;
          await repo.updateItem(tx, item.businessId, item.id, { reorderAlerted: true });
          await opts.notify(tx, item.businessId, {
            category: 'Inventory', actionType: 'Reorder level',
            message: `${locked.name} (${locked.tagName}) is down to ${Number(locked.quantity)} ${locked.unit}, at or below its reorder level of ${Number(locked.reorderLevel)}`,
            messageKey: 'inventory.reorderLevel', params: { item: locked.name, tag: locked.tagName, quantity: Number(locked.quantity), unit: locked.unit, reorderLevel: Number(locked.reorderLevel) },
            link: { screen: 'inventory', id: item.id },
          });
          await raiseWebhookEvent(deps, tx, item.businessId, 'stock.below_reorder', {
            itemId: item.id, name: locked.name, tagName: locked.tagName, quantity: Number(locked.quantity), unit: locked.unit, reorderLevel: Number(locked.reorderLevel),
          });
        });
      }
      return low.length;
    },
  };
};
export type TInventoryService = ReturnType<typeof createInventoryService>;
