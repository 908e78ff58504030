import type { TInboxDecision, TInboxSubject } from '@bizdesk/contract';
import type { Tx } from '../../db/client.ts';
import type { TAuth, TUserAuth } from '../../platform/auth/guard.ts';

/**
 * What inventory and fleet need from the approvals engine (features/approvals): open a request for a
 * requisition, record one approver's decision, read where it stands, and be told in the same
 * transaction when it is decided.
 */
export type TRequisitionService = 'material-requisition' | 'fleet-requisition' | 'stock-count';
export type TApprovalState = { status: string; approvals: number; totalApprovalsRequired: number; subjectId: string };
export type TApprovalsPort = {
  request: (tx: Tx, auth: TAuth, input: { service: TRequisitionService; subjectId: string; title: string; amount?: number | null; currency?: string | null }) => Promise<unknown>;
  decide: (tx: Tx, auth: TUserAuth, input: { service: TRequisitionService; subjectId: string; decision: 'approved' | 'rejected'; reason?: string | null }) =>
    Promise<{ request: TApprovalState; isChanged: boolean }>;
  cancel: (tx: Tx, auth: TAuth, input: { service: TRequisitionService; subjectId: string; reason?: string | null }) => Promise<unknown>;
  statusOf: (db: Tx | import('../../db/client.ts').Db, businessId: string, service: TRequisitionService, subjectId: string) => Promise<TApprovalState | undefined>;
  onDecided: (service: TRequisitionService, handler: (tx: Tx, request: TApprovalState, auth: TUserAuth) => Promise<void>) => void;
  /** What the inbox's approver reads of a requisition. */
  describeSubject: (service: TRequisitionService, fn: (auth: TUserAuth, subjectId: string) => Promise<TInboxSubject | null>) => void;
  /** The inbox's decision through the owning feature (the fleet books the chosen truck). */
  decideWith: (service: TRequisitionService, fn: (auth: TUserAuth, subjectId: string, input: TInboxDecision) => Promise<unknown>) => void;
};

