import { MSG, type TInviteUser, type TUserRegister } from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { hasRole, type TUserAuth } from '../../platform/auth/guard.ts';
import { assertStrongPassword, hashPassword } from '../../platform/auth/passwords.ts';
import { audit } from '../../platform/audit.ts';
import * as authRepo from '../auth/auth.repo.ts';
import * as departmentsRepo from '../employees/departments.repo.ts';
import * as pointsRepo from '../portal/collection-points.repo.ts';
import * as repo from './users.repo.ts';

const isOwner = (roles: string[]) => roles.includes('owner');

/**
 * A user hands out only what they hold: the owner may grant or remove any role, anyone else only the
 * roles they have themselves (a Settings-access user cannot make anyone, themselves included, an accountant).
 */
export const assertCanAssign = (auth: TUserAuth, changed: string[]) => {
  if (isOwner(auth.roles)) return;
  const foreign = changed.filter((r) => !auth.roles.includes(r as TUserAuth['roles'][number]));
  if (foreign.length) throw forbidden(`You can only grant or remove roles you hold yourself; you do not hold ${[...new Set(foreign)].join(', ')}`).as('rolesNotHeldGrant', { roles: [...new Set(foreign)].join(', ') });
};

/**
 * Deleting a user, or changing their roles, is for someone who could grant every role that user holds: a
 * Settings-access user cannot remove (and then re-create with a password of its choosing) an accountant.
 */
export const assertCanManage = (auth: TUserAuth, target: { roles: string[] }) => {
  if (isOwner(auth.roles)) return;
  const foreign = target.roles.filter((r) => !auth.roles.includes(r as TUserAuth['roles'][number]));
  if (foreign.length) throw forbidden(`You can only manage users whose roles you hold yourself; this user holds ${[...new Set(foreign)].join(', ')}`).as('rolesNotHeldManage', { roles: [...new Set(foreign)].join(', ') });
};

/** How user-register hands an address that has an account elsewhere to the invitations (issue 29, item 9). */
export type TInviteInstead = (auth: TUserAuth, input: TInviteUser) => Promise<{ _id: string; createdAt: string }>;

export const createUsersService = (deps: TDeps, opts: { inviteInstead: TInviteInstead }) => {
  const { db } = deps;
  const getStaff = async (auth: TUserAuth, userId: string) => {
    const row = await authRepo.findUserInBusiness(db, auth.businessId, userId);
    if (!row) throw notFound('User');
    return row;
  };

  return {
    /**
     * The spec's user-register: the password passes the same strength check as everywhere. An address that is a user
     * of this business is refused (409, the caller sees its users anyway). An address with an account elsewhere is
     * answered exactly like a new one, so no business learns whether an address has an account: no user is made
     * (the password is dropped), an invitation is sent instead, whose mail tells the holder (docs/decisions.md).
     */
    register: async (auth: TUserAuth, input: TUserRegister) => {
      assertCanAssign(auth, input.roles);
      await assertStrongPassword(input.password, [input.email, input.userName, auth.businessName]);
      const passwordHash = await hashPassword(input.password);
      const holder = await authRepo.findUserByEmail(db, input.email);
      if (holder?.businessId === auth.businessId) throw conflict(MSG.emailTaken);
      if (holder) {
        const invitation = await opts.inviteInstead(auth, { email: input.email, userName: input.userName, roles: input.roles });
        const own = (await authRepo.findUserInBusiness(db, auth.businessId, auth.userId))!;
        return authRepo.toUser({ ...own, id: invitation._id, email: input.email.toLowerCase(), userName: input.userName, roles: input.roles, emailConfirmedAt: null, createdAt: new Date(invitation.createdAt) });
      }
      return db.transaction(async (tx) => {
        const { id } = await authRepo.createUser(tx, { businessId: auth.businessId, email: input.email, userName: input.userName, passwordHash, roles: input.roles });
        const user = authRepo.toUser((await authRepo.findUserInBusiness(tx, auth.businessId, id))!);
        await audit(tx, auth, 'user.created', { entity: 'user', entityId: id, after: { email: user.email, userName: user.userName, roles: user.roles } });
        return user;
      });
    },

    /** Changing roles signs the user out everywhere, so the new roles apply at once. */
    updateRoles: async (auth: TUserAuth, userId: string, roles: string[]) => {
      if (userId === auth.userId) throw forbidden('You cannot change your own roles; ask the owner').as('ownRoles');
      const row = await getStaff(auth, userId);
      if (isOwner(row.roles)) throw forbidden("The owner's roles cannot be changed").as('ownerRolesFixed');
      assertCanManage(auth, row);
      const added = roles.filter((r) => !row.roles.includes(r));
      const removed = row.roles.filter((r) => !roles.includes(r));
      assertCanAssign(auth, [...added, ...removed]);
      const updated = await db.transaction(async (tx) => {
        await repo.updateRoles(tx, auth.businessId, userId, roles);
        await audit(tx, auth, 'user.roles-changed', { entity: 'user', entityId: userId, before: { roles: row.roles }, after: { roles } });
        await deps.principals.changed(tx, auth.businessId, userId);
        return authRepo.toUser((await authRepo.findUserInBusiness(tx, auth.businessId, userId))!);
      });
      deps.principals.forget(userId);
      return updated;
    },

    delete: async (auth: TUserAuth, userId: string) => {
      const row = await getStaff(auth, userId);
      if (isOwner(row.roles)) throw forbidden('The owner of the business cannot be deleted').as('ownerNotDeleted');
      if (userId === auth.userId) throw badRequest('You cannot delete your own account').as('deleteOwnAccount');
      assertCanManage(auth, row);
      await db.transaction(async (tx) => {
        await repo.deleteUser(tx, auth.businessId, userId);
        await audit(tx, auth, 'user.deleted', { entity: 'user', entityId: userId, before: authRepo.toUser(row) });
        await deps.principals.changed(tx, auth.businessId, userId);
      });
      deps.principals.forget(userId);
      return { _id: userId };
    },

    /** The Settings page in one call: the user, the business's users, departments and collection points. */
    userData: async (auth: TUserAuth, userId: string) => {
      const user = authRepo.toUser(await getStaff(auth, userId));
      // Other people's accounts and the collection points' access codes are for those who manage settings.
      const canManage = hasRole(auth, 'Settings-access');
      const [users, departments, points] = await Promise.all([
        authRepo.findUsersOfBusiness(db, auth.businessId),
        departmentsRepo.findDepartments(db, auth.businessId),
        pointsRepo.findCollectionPoints(db, auth.businessId),
      ]);
      return {
        user,
        users: canManage ? users.map(authRepo.toUser) : [user],
        departments: departments.map(departmentsRepo.toDepartment),
        collectionPoints: canManage ? points.map(pointsRepo.toCollectionPoint) : [],
      };
    },
  };
};
export type TUsersService = ReturnType<typeof createUsersService>;
