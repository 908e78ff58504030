import { MSG, type TCollectorSignIn, type TDataAuth, type TDataAuthV2, type TPortalSession } from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { TCollectorAuth, TPortalAuth } from '../../platform/auth/guard.ts';
import type { TTokenClaims } from '../../platform/auth/jwt.ts';
import * as employeesRepo from '../employees/employees.repo.ts';
import * as pointsRepo from './collection-points.repo.ts';

// Portal and collector sessions are shorter than staff ones: they are often opened on shared phones.
const PORTAL_TTL = '1d';
const COLLECTOR_TTL = '12h';

const refused = (message: string) => new AppError('UNAUTHENTICATED', message, 401);

export const createPortalService = ({ db, jwt }: TDeps) => {
  const collectorData = async (dataCode: string, employeeUniqueCode: string): Promise<{ token: string; data: TDataAuth }> => {
    const [point, person] = await Promise.all([
      pointsRepo.findActivePointWithBusiness(db, { dataCode }),
      employeesRepo.findEmployeeWithBusiness(db, { employeeUniqueCode }),
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
  };

  return {
    /** GET /employee/accessId/{portalCode}: a token for this one employee, and what the portal shows first. */
    signInWithPortalCode: async (portalCode: string): Promise<{ token: string; data: TPortalSession }> => {
      const found = await employeesRepo.findEmployeeWithBusiness(db, { portalCode });
      if (!found) throw refused(MSG.portalCodeInvalid);
      const e = found.employee;
      const token = await jwt.sign({ scope: 'portal', id: e.id, bid: e.businessId, ver: e.portalCodeVersion }, PORTAL_TTL);
      const employee = employeesRepo.toEmployee((await employeesRepo.findEmployee(db, e.businessId, e.id))!);
      const { ownerEmail: _o, ...business } = found.business;
      return { token, data: { employee, business } };
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
      return { kind: 'portal', employeeId: found.employee.id, businessId: claims.bid, businessName: b.businessName, ownerEmail: b.ownerEmail, country: b.country, timeZone: b.timeZone };
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
