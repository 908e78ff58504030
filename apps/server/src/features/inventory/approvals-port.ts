import type { Tx } from '../../db/client.ts';
import type { TAuth, TUserAuth } from '../../platform/auth/guard.ts';

/**
 * What inventory and fleet need from the approvals engine (features/approvals): open a request for a
 * requisition, record one approver's decision, read where it stands, and be told in the same
 * transaction when it is decided.
 */
export type TRequisitionService = 'material-requisition' | 'fleet-requisition';
export type TApprovalState = { status: string; approvals: number; totalApprovalsRequired: number; subjectId: string };
export type TApprovalsPort = {
  request: (tx: Tx, auth: TAuth, input: { service: TRequisitionService; subjectId: string; title: string }) => Promise<unknown>;
  decide: (tx: Tx, auth: TUserAuth, input: { service: TRequisitionService; subjectId: string; decision: 'approved' | 'rejected'; reason?: string | null }) =>
    Promise<{ request: TApprovalState; isChanged: boolean }>;
  cancel: (tx: Tx, auth: TAuth, input: { service: TRequisitionService; subjectId: string; reason?: string | null }) => Promise<unknown>;
  statusOf: (db: Tx | import('../../db/client.ts').Db, businessId: string, service: TRequisitionService, subjectId: string) => Promise<TApprovalState | undefined>;
  onDecided: (service: TRequisitionService, handler: (tx: Tx, request: TApprovalState, auth: TUserAuth) => Promise<void>) => void;
};

/**
 * Until the approvals engine is wired in: one approval by the owner or an Approvals-access user decides a
 * requisition. Same contract as the engine, so swapping it is one line in app.ts.
 */
export const createOwnerApprovals = (): TApprovalsPort => {
  const handlers = new Map<TRequisitionService, Array<(tx: Tx, r: TApprovalState, auth: TUserAuth) => Promise<void>>>();
  return {
    request: async () => undefined,
    cancel: async () => undefined,
    statusOf: async () => undefined,
    decide: async (tx, auth, input) => {
      if (!auth.roles.includes('owner') && !auth.roles.includes('Approvals-access')) {
        const { forbidden } = await import('../../platform/errors.ts');
        throw forbidden(`You are not an approver for ${input.service}`);
      }
      const request = { status: input.decision, approvals: input.decision === 'approved' ? 1 : 0, totalApprovalsRequired: 1, subjectId: input.subjectId };
      for (const h of handlers.get(input.service) ?? []) await h(tx, request, auth);
      return { request, isChanged: true };
    },
    onDecided: (service, handler) => {
      handlers.set(service, [...(handlers.get(service) ?? []), handler]);
    },
  };
};
