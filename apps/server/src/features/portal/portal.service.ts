import { MSG, type TCollectorSignIn, type TDataAuth, type TDataAuthV2, type TPortalPinInput, type TPortalSession } from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import type { TCollectorAuth, TPortalAuth } from '../../platform/auth/guard.ts';
import type { TTokenClaims } from '../../platform/auth/jwt.ts';
import { hashCode, hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import { audit } from '../../platform/audit.ts';
import { attemptsSoFar, countAttempt, forgetAttempts } from '../../platform/http/rate-limit.ts';
import * as employeesRepo from '../employees/employees.repo.ts';
import * as pointsRepo from './collection-points.repo.ts';

// Portal and collector sessions are shorter than staff ones: they are often opened on shared phones.
const PORTAL_TTL = '1d';
const COLLECTOR_TTL = '12h';

const refused = (message: string) => new AppError('UNAUTHENTICATED', message, 401);

/**
 * Sign-in limits on top of the route's per-address one (10 a minute, an IPv6 /64 counted as one address):
 * - per code: at most 10 attempts on one code (or one collection point) in 15 minutes from all addresses together,
 *   so a PIN cannot be guessed from many addresses; a successful sign-in clears the count;
 * - global: once 200 sign-ins by code failed within a minute across every address, sign-in by code pauses for the
 *   rest of that minute, so guessing codes from many addresses is as slow as from a few.
 */
export const CODE_LIMITS = { perCode: { max: 10, windowMs: 15 * 60_000 }, global: { max: 200, windowMs: 60_000 } } as const;
const GLOBAL_KEY = 'code-sign-in:failed';
const rateLimited = (message: string) => new AppError('RATE_LIMITED', message, 429);

export const createPortalService = ({ db, jwt }: TDeps) => {
  /**
   * Runs one sign-in by code under the per-code and global limits: `attempt` throws a 401 when the codes are wrong
   * (counted as a failure everywhere) and may throw anything else (not a failure: PIN_REQUIRED, say).
   */
  const limited = async <T>(codeKey: string, attempt: () => Promise<T>, isFailure: (err: unknown) => boolean = () => true): Promise<T> => {
    if (await attemptsSoFar(db, GLOBAL_KEY) >= CODE_LIMITS.global.max) throw rateLimited(MSG.portalBusy);
    // Counted before the check, in one statement, so parallel guesses cannot all slip under the limit.
    const { current } = await countAttempt(db, codeKey, CODE_LIMITS.perCode.windowMs);
    if (current > CODE_LIMITS.perCode.max) throw rateLimited(MSG.portalTooManyAttempts);
    try {
      const result = await attempt();
      await forgetAttempts(db, codeKey);
      return result;
    } catch (err) {
      if (err instanceof AppError && err.status === 401 && isFailure(err)) await countAttempt(db, GLOBAL_KEY, CODE_LIMITS.global.windowMs);
      throw err;
    }
  };

  const collectorData = async (dataCode: string, employeeUniqueCode: string): Promise<{ token: string; data: TDataAuth }> => limited(`collector-code:${hashCode(dataCode)}`, async () => {
    const [point, person] = await Promise.all([
      pointsRepo.findActivePointWithBusiness(db, { dataCode }),
      employeesRepo.findEmployeeWithBusiness(db, { employeeUniqueCodeHash: hashCode(employeeUniqueCode) }),
    ]);
    // One answer for every mismatch, so the codes cannot be guessed one at a time.
    if (!point || !person || person.employee.businessId !== point.point.businessId
      || person.employee.employeeNumber.toLowerCase() !== point.point.employeeNumber.toLowerCase()) {
      throw refused(MSG.collectorCodesInvalid);
    }
    const p = point.point;
    const token = await jwt.sign({ scope: 'collector', id: p.id, bid: p.businessId, ver: p.codeVersion }, COLLECTOR_TTL);
    const { ownerEmail: _o, ...business } = point.business;
    return {
      token,
      data: {
        collectionPoint: pointsRepo.toCollectionPoint(p),
        employee: employeesRepo.toPersonRef(person.employee),
        business,
      },
    };
  });

  const portalToken = (e: { id: string; businessId: string }, version: number) =>
    jwt.sign({ scope: 'portal', id: e.id, bid: e.businessId, ver: version }, PORTAL_TTL);

  return {
    /**
     * GET /employee/accessId/{portalCode} and POST /employee/portal-sign-in: a token for this one employee, and what
     * the portal shows first. Before the employee has chosen a PIN, the code opens a session that can only choose it
     * (`pinSet: false`); once a PIN is set, the code alone is answered 401 PIN_REQUIRED and the PIN is checked.
     */
    signInWithPortalCode: async (portalCode: string, pin?: string): Promise<{ token: string; data: TPortalSession }> => {
      const codeHash = hashCode(portalCode);
      return limited(`portal-code:${codeHash}`, async () => {
        const found = await employeesRepo.findEmployeeWithBusiness(db, { portalCodeHash: codeHash });
        if (!found) throw refused(MSG.portalCodeInvalid);
        const e = found.employee;
        if (e.portalPinHash !== null) {
          if (!pin) throw new AppError('PIN_REQUIRED', MSG.portalPinRequired, 401);
          if (!(await verifyPassword(pin, e.portalPinHash))) throw refused(MSG.portalPinInvalid);
        }
        const token = await portalToken(e, e.portalCodeVersion);
        const employee = employeesRepo.toEmployee((await employeesRepo.findEmployee(db, e.businessId, e.id))!);
        const { ownerEmail: _o, ...business } = found.business;
        return { token, data: { employee, business, pinSet: e.portalPinHash !== null } };
      }, (err) => !(err instanceof AppError && err.code === 'PIN_REQUIRED'));
    },

    /**
     * PUT /employee/portal-pin: the employee's first PIN (from the session their code opened) or a new one (the
     * current PIN needed, with the same per-code limit as sign-in). Every other portal session of the employee ends,
     * a setup session opened by whoever else held the code included; the answer carries the new token.
     */
    setPin: async (auth: TPortalAuth, input: TPortalPinInput): Promise<{ token: string }> => {
      const found = await employeesRepo.findEmployeeWithBusiness(db, { id: auth.employeeId, businessId: auth.businessId });
      if (!found) throw refused(MSG.sessionExpired);
      const current = found.employee.portalPinHash;
      if (current !== null) {
        if (!input.currentPin) throw badRequest(MSG.portalPinCurrentRequired, [{ field: 'body.currentPin', message: MSG.portalPinCurrentRequired }]);
        await limited(`portal-code:${found.employee.portalCodeHash}`, async () => {
          if (!(await verifyPassword(input.currentPin!, current))) throw badRequest(MSG.portalPinInvalid, [{ field: 'body.currentPin', message: MSG.portalPinInvalid }]);
        });
      }
      const pinHash = await hashPassword(input.pin);
      const version = await db.transaction(async (tx) => {
        const v = await employeesRepo.setPortalPin(tx, auth.businessId, auth.employeeId, pinHash);
        if (v === undefined) throw refused(MSG.sessionExpired);
        await audit(tx, auth, current === null ? 'employee.portal-pin-set' : 'employee.portal-pin-changed', { entity: 'employee', entityId: auth.employeeId });
        return v;
      });
      return { token: await portalToken(found.employee, version) };
    },

    signInCollector: collectorData,

    /**
     * collectorIdV2: DataAuth plus the point's items and latest records. Inventory and cost
     * records do not exist yet, so both lists are empty until those features fill them.
     */
    signInCollectorV2: async (input: TCollectorSignIn): Promise<{ token: string; data: TDataAuthV2 }> => {
      const { token, data } = await collectorData(input.dataCode, input.employeeUniqueCode);
      return { token, data: { ...data, items: [], records: [] } };
    },

    /** Portal tokens die when the employee is deleted or their code regenerated (`ver`). */
    loadPortal: async (claims: TTokenClaims): Promise<TPortalAuth | null> => {
      if (claims.scope !== 'portal') return null;
      const found = await employeesRepo.findEmployeeWithBusiness(db, { id: claims.id, businessId: claims.bid });
      if (!found || found.employee.portalCodeVersion !== claims.ver) return null;
      const b = found.business;
      return { kind: 'portal', employeeId: found.employee.id, hasPin: found.employee.portalPinHash !== null, businessId: claims.bid, businessName: b.businessName, ownerEmail: b.ownerEmail, country: b.country, timeZone: b.timeZone };
    },

    /** Collector tokens die when the point's code is regenerated, it moves to another employee, or it is closed. */
    loadCollector: async (claims: TTokenClaims): Promise<TCollectorAuth | null> => {
      if (claims.scope !== 'collector') return null;
      const found = await pointsRepo.findActivePointWithBusiness(db, { id: claims.id, businessId: claims.bid });
      if (!found || found.point.codeVersion !== claims.ver) return null;
      const b = found.business;
      return {
        kind: 'collector', collectionPointId: found.point.id, employeeNumber: found.point.employeeNumber,
        businessId: claims.bid, businessName: b.businessName, ownerEmail: b.ownerEmail, country: b.country, timeZone: b.timeZone,
      };
    },
  };
};
export type TPortalService = ReturnType<typeof createPortalService>;
