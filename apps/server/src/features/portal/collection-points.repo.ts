import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { TCollectionPoint, TCollectionPointInput } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import { businesses, collectionPoints } from '../../db/schema/index.ts';

type TRow = typeof collectionPoints.$inferSelect;

export const toCollectionPoint = (r: TRow): TCollectionPoint => ({
  _id: r.id,
  employeeNumber: r.employeeNumber,
  employeeName: r.employeeName,
  tagName: r.tagName,
  placeId: r.placeId,
  userEmail: r.userEmail,
  projectDescription: r.projectDescription,
  projectScope: r.projectScope,
  dept: r.dept,
  dataCode: r.dataCode,
  googleLink: r.googleLink,
  createdAt: r.createdAt.toISOString(),
});

export const createCollectionPoint = async (db: DbOrTx, businessId: string, input: TCollectionPointInput & { dataCode: string }) =>
  (await db.insert(collectionPoints).values({ businessId, ...input }).returning())[0];

export const findCollectionPoints = async (db: DbOrTx, businessId: string) =>
  db.select().from(collectionPoints).where(eq(collectionPoints.businessId, businessId)).orderBy(asc(collectionPoints.createdAt));

export const findByEmployeeNumber = async (db: DbOrTx, businessId: string, employeeNumber: string) =>
  db.select().from(collectionPoints)
    .where(and(eq(collectionPoints.businessId, businessId), eq(collectionPoints.employeeNumber, employeeNumber)));

export const findCollectionPoint = async (db: DbOrTx, businessId: string, id: string) =>
  (await db.select().from(collectionPoints).where(and(eq(collectionPoints.businessId, businessId), eq(collectionPoints.id, id))).limit(1))[0];

export const findByDataCode = async (db: DbOrTx, dataCode: string) =>
  (await db.select().from(collectionPoints).where(eq(collectionPoints.dataCode, dataCode)).limit(1))[0];

/** A new data code always bumps code_version: collector tokens signed with the old code stop working. */
export const updateCollectionPoint = async (db: DbOrTx, businessId: string, id: string, patch: Partial<Pick<TRow, 'dataCode' | 'employeeNumber' | 'employeeName' | 'googleLink'>>) =>
  (await db.update(collectionPoints).set({ ...patch, ...(patch.dataCode ? { codeVersion: sql`${collectionPoints.codeVersion} + 1` } : {}) })
    .where(and(eq(collectionPoints.businessId, businessId), eq(collectionPoints.id, id))).returning())[0];

const withBusiness = {
  point: getTableColumns(collectionPoints),
  business: {
    businessName: businesses.name, ownerEmail: businesses.ownerEmail, imagePath: businesses.imagePath,
    country: businesses.country, currency: businesses.currency, timeZone: businesses.timeZone,
  },
};

/** An active point with its business, by its data code (sign-in) or by id (collector tokens). */
export const findActivePointWithBusiness = async (db: DbOrTx, where: { dataCode: string } | { id: string; businessId: string }) =>
  (await db.select(withBusiness).from(collectionPoints)
    .innerJoin(businesses, eq(businesses.id, collectionPoints.businessId))
    .where(and(
      'dataCode' in where ? eq(collectionPoints.dataCode, where.dataCode) : and(eq(collectionPoints.id, where.id), eq(collectionPoints.businessId, where.businessId)),
      eq(collectionPoints.active, true),
    )).limit(1))[0];

export const updateByEmployeeNumber = async (db: DbOrTx, businessId: string, employeeNumber: string, patch: Partial<Pick<TRow, 'googleLink'>>) =>
  db.update(collectionPoints).set(patch)
    .where(and(eq(collectionPoints.businessId, businessId), eq(collectionPoints.employeeNumber, employeeNumber))).returning();
