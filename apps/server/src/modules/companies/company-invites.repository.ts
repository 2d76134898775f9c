/**
 * Company invitations and their links (spec 000 §2 member list "copy invite link", §3 Company person
 * `invitebit`). An invitation (status 2 pending, 1 accepted, 0 revoked) names a phone and the name
 * the person appears under; each copied link is a random token of which only the SHA-256 is stored.
 * Joining states what it expects (invitation pending, user without a company) inside one
 * transaction, so a link is used at most once and never moves someone out of another company.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { logOperation } from '../operation-log/operation-log.repository.ts';
import type { Db } from '../../db/client.ts';
import {
  companies,
  companyApplications,
  companyInviteLinks,
  companyInvites,
  users,
} from '../../db/schema/accounts.ts';

export type InviteRow = typeof companyInvites.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/** Invitation status: 2 pending, 1 accepted, 0 revoked. */
export const InviteStatus = { pending: 2, accepted: 1, revoked: 0 } as const;

/** An invitation found by a link token, with its company's name and the link's expiry. */
export interface InviteByToken {
  invite: InviteRow;
  corpName: string;
  expiresAt: Date;
}

/** Why a join through a link did not happen. */
export type JoinRefusal = 'not-pending' | 'expired' | 'has-company' | 'phone-taken';

/** Repository bound to a database. */
export function companyInvitesRepository(db: Db) {
  /**
   * Inside a transaction: lock the invitation of link `tokenHash`, check it is pending and the link
   * alive, put `userId` (without a company) into the company and mark the invitation accepted; the
   * user's pending join application elsewhere is withdrawn (rejected).
   */
  async function joinTx(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    tokenHash: string,
    userId: string,
  ): Promise<{ invite: InviteRow } | { error: JoinRefusal }> {
    const [found] = await tx
      .select({ invite: companyInvites, expiresAt: companyInviteLinks.expiresAt })
      .from(companyInviteLinks)
      .innerJoin(companyInvites, eq(companyInvites.id, companyInviteLinks.inviteId))
      .where(eq(companyInviteLinks.tokenHash, tokenHash))
      .for('update', { of: companyInvites });
    if (!found || found.invite.status !== InviteStatus.pending) return { error: 'not-pending' };
    if (found.expiresAt.getTime() <= Date.now()) return { error: 'expired' };
    const joined = await tx
      .update(users)
      .set({ corpId: found.invite.corpId, isCorpAdmin: false })
      .where(and(eq(users.id, userId), sql`${users.corpId} is null`))
      .returning({ id: users.id });
    if (joined.length === 0) return { error: 'has-company' };
    const [invite] = await tx
      .update(companyInvites)
      .set({ status: InviteStatus.accepted, userId, decidedAt: new Date() })
      .where(eq(companyInvites.id, found.invite.id))
      .returning();
    await tx
      .update(companyApplications)
      .set({ status: 0, decidedAt: new Date() })
      .where(and(eq(companyApplications.userId, userId), eq(companyApplications.status, 2)));
    await logOperation(tx, {
      action: 'company.member.add',
      actorId: userId,
      companyId: found.invite.corpId,
      objectType: 'user',
      objectId: userId,
      objectName: `${found.invite.userName} ${found.invite.phone}`,
      detail: { via: 'invite', inviteId: found.invite.id },
    });
    return { invite: invite! };
  }

  return {
    /** File a pending invitation; undefined when that phone already has one pending in the company. */
    async insert(v: { corpId: string; phone: string; userName: string; invitedBy: string }) {
      const [row] = await db.insert(companyInvites).values(v).onConflictDoNothing().returning();
      return row;
    },

    /** Pending invitations of a company, oldest first. */
    async pending(corpId: string): Promise<InviteRow[]> {
      return db
        .select()
        .from(companyInvites)
        .where(and(eq(companyInvites.corpId, corpId), eq(companyInvites.status, InviteStatus.pending)))
        .orderBy(asc(companyInvites.createdAt));
    },

    /** Invitation `id` of company `corpId`, still pending. */
    async findPending(corpId: string, id: string): Promise<InviteRow | undefined> {
      return (
        await db
          .select()
          .from(companyInvites)
          .where(
            and(
              eq(companyInvites.id, id),
              eq(companyInvites.corpId, corpId),
              eq(companyInvites.status, InviteStatus.pending),
            ),
          )
      )[0];
    },

    /** Store a new link of an invitation. */
    async insertLink(inviteId: string, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.insert(companyInviteLinks).values({ inviteId, tokenHash, expiresAt });
    },

    /**
     * Revoke a pending invitation of company `corpId` and delete its links; false when it was not
     * pending there.
     */
    async revoke(corpId: string, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(companyInvites)
          .set({ status: InviteStatus.revoked, decidedAt: new Date() })
          .where(
            and(
              eq(companyInvites.id, id),
              eq(companyInvites.corpId, corpId),
              eq(companyInvites.status, InviteStatus.pending),
            ),
          )
          .returning({ id: companyInvites.id });
        if (rows.length === 0) return false;
        await tx.delete(companyInviteLinks).where(eq(companyInviteLinks.inviteId, id));
        return true;
      });
    },

    /** The invitation of link `tokenHash` (any status), its company's name and the link's expiry. */
    async findByToken(tokenHash: string): Promise<InviteByToken | undefined> {
      const [row] = await db
        .select({ invite: companyInvites, corpName: companies.name, expiresAt: companyInviteLinks.expiresAt })
        .from(companyInviteLinks)
        .innerJoin(companyInvites, eq(companyInvites.id, companyInviteLinks.inviteId))
        .innerJoin(companies, eq(companies.id, companyInvites.corpId))
        .where(eq(companyInviteLinks.tokenHash, tokenHash));
      return row;
    },

    /** Whether an account exists for `phone`. */
    async phoneRegistered(phone: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
      return Boolean(row);
    },

    /** The account with `phone`, if any. */
    async userByPhone(phone: string): Promise<UserRow | undefined> {
      return (await db.select().from(users).where(eq(users.phone, phone)))[0];
    },

    /** An existing user joins through link `tokenHash` (see joinTx). */
    async join(tokenHash: string, userId: string) {
      return db.transaction((tx) => joinTx(tx, tokenHash, userId));
    },

    /**
     * Create the account `user` and join through link `tokenHash`, in one transaction: nothing is
     * created when the link does not work or the phone has an account already.
     */
    async registerAndJoin(
      tokenHash: string,
      user: {
        phone: string;
        name: string;
        passwordHash: string;
        quotaBytes: number;
        serviceStopAt?: Date | null;
      },
    ): Promise<{ invite: InviteRow } | { error: JoinRefusal }> {
      return db
        .transaction(async (tx) => {
          const [created] = await tx
            .insert(users)
            .values(user)
            .onConflictDoNothing({ target: users.phone })
            .returning({ id: users.id });
          if (!created) return { error: 'phone-taken' as const };
          const r = await joinTx(tx, tokenHash, created.id);
          if ('error' in r) throw new JoinAborted(r.error);
          return r;
        })
        .catch((e: unknown) => {
          if (e instanceof JoinAborted) return { error: e.refusal };
          throw e;
        });
    },

    /** Registered users of a company (000 §3 Registered corp user), by registration time. */
    async corpUsers(corpId: string) {
      return db
        .select({ userName: users.name, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.corpId, corpId))
        .orderBy(asc(users.createdAt), asc(users.name));
    },
  };
}

/** Rolls the registration back when the link does not work. */
class JoinAborted extends Error {
  readonly refusal: JoinRefusal;
  constructor(refusal: JoinRefusal) {
    super(refusal);
    this.refusal = refusal;
  }
}

export type CompanyInvitesRepository = ReturnType<typeof companyInvitesRepository>;
