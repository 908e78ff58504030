import { assertBusinessEmail, type TAuth } from '../../platform/auth/guard.ts';

/**
 * Spec paths carry the business's e-mail. A collector's session does not know the owner's address, so
 * at a collection point the point's own e-mail (`userEmail`, the account that made it) names the business too.
 */
export const assertEmailAtPoint = (auth: TAuth, email: string, point: { userEmail: string } | null | undefined) => {
  if (auth.kind === 'collector' && point && email.trim().toLowerCase() === point.userEmail.trim().toLowerCase()) return;
  assertBusinessEmail(auth, email);
};
