import { ACCESS, isAdmin } from '@goldroute/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { authOf } from '../sessions/auth-guard';

export interface AdminIdentity {
  id: string;
  email: string;
}

const admins = new WeakMap<FastifyRequest, AdminIdentity>();

/** After requireAuth: the caller's role is read from the database on every call, whatever the client shows. */
export function createAdminGuard(db: Db) {
  return async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const { userId } = authOf(request);
    const [row] = await db
      .select({ role: users.role, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    if (!row || !isAdmin(row.role)) throw new HttpError(403, ACCESS.adminOnly);
    admins.set(request, { id: userId, email: row.email });
  };
}

/** The admin behind a request that passed requireAdmin (for the audit record). */
export function adminOf(request: FastifyRequest): AdminIdentity {
  const admin = admins.get(request);
  if (!admin) throw new HttpError(403, ACCESS.adminOnly);
  return admin;
}
