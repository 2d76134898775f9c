/**
 * SQL of the dashboard /board (spec 001 §2; issue 16). Read only: figures of the files of one scope
 * (`files`, by suffix and conversion status), its active share links with their opens (the
 * operation log's `share.open` entries: `shares.visits` is not kept up to date), and its newest
 * operation-log entries. Who may read which scope is decided before (board.service.ts).
 *
 * Scopes: `personal` the files of the user's personal space (owner_id = user id) and the entries
 * the user wrote or that are about their share links; `project` the files of the project and the
 * entries about the project or its files; `company` the files of every area of the company (its
 * projects and company library) and the entries of the company.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';

/** The area a board reads. */
export type BoardArea =
  | { kind: 'personal'; userId: string }
  | { kind: 'project'; projectId: string }
  | { kind: 'company'; companyId: string };

/** Files of one suffix and status. */
export interface SuffixStatusFigureDb {
  suffix: string;
  status: number;
  count: number;
  bytes: number;
}

/** An active share with its opens. */
export interface ShareFigureDb {
  fileId: string;
  fileName: string;
  fileSuffix: string;
  sharerName: string;
  opens: number;
  createdAt: Date;
  expiresAt: Date | null;
}

/** An operation-log entry as the board shows it. */
export interface BoardOperationDb {
  id: number;
  at: Date;
  actorName: string;
  action: string;
  objectType: string;
  objectName: string;
}

const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

/** `f.owner_id` condition of the area's files (on the alias `f`). */
function filesOf(area: BoardArea): SQL {
  switch (area.kind) {
    case 'personal':
      return sql`f.owner_id = ${area.userId}::uuid`;
    case 'project':
      return sql`f.owner_id = ${area.projectId}::uuid`;
    case 'company':
      return sql`f.owner_id in (select s.id from spaces s where s.company_id = ${area.companyId}::uuid)`;
  }
}

/** Condition on operation-log entries (alias `o`) of the area. */
function entriesOf(area: BoardArea): SQL {
  switch (area.kind) {
    case 'personal':
      // The user's own entries, and visitors' entries on the user's share links.
      return sql`(o.actor_id = ${area.userId}::uuid
        or (o.object_type = 'share' and o.detail->>'ownerId' = ${area.userId}))`;
    case 'project': {
      const ids = sql`(select f.id::text from files f where f.owner_id = ${area.projectId}::uuid)`;
      // Uploads and deletes name the area; downloads and versions the file; share entries the file.
      return sql`(o.detail->>'spaceId' = ${area.projectId}
        or (o.object_type in ('file', 'folder') and o.object_id in ${ids})
        or (o.object_type = 'share' and o.detail->>'fileId' in ${ids}))`;
    }
    case 'company':
      return sql`o.company_id = ${area.companyId}::uuid`;
  }
}

/** Repository of the board. */
export function boardRepository(db: Db) {
  return {
    /** Files (not folders) of the area grouped by lower-case suffix and conversion status. */
    async fileFigures(area: BoardArea): Promise<SuffixStatusFigureDb[]> {
      const res = await db.execute(sql`
        select lower(f.suffix) as suffix, f.status_type::int as status, count(*)::int as count,
          coalesce(sum(f.size_bytes), 0)::float8 as bytes
        from files f
        where f.kind = 2 and ${filesOf(area)}
        group by 1, 2`);
      return rowsOf<{ suffix: string; status: number; count: number; bytes: number }>(res).map((r) => ({
        suffix: r.suffix,
        status: Number(r.status),
        count: Number(r.count),
        bytes: Number(r.bytes),
      }));
    },

    /**
     * Active share links (not cancelled, not expired at `now`) of the area's files: how many, their
     * opens in all, and the `limit` most opened (newest first among equals).
     */
    async activeShares(
      area: BoardArea,
      now: Date,
      limit: number,
    ): Promise<{ active: number; opens: number; top: ShareFigureDb[] }> {
      const res = await db.execute(sql`
        with act as (
          select sh.code, sh.file_id, sh.owner_id, sh.created_at, sh.expires_at,
            f.name as file_name, f.suffix as file_suffix,
            (select count(*)::int from operation_log o
              where o.action = 'share.open' and o.object_type = 'share' and o.object_id = sh.code) as opens
          from shares sh
          join files f on f.id = sh.file_id
          where sh.cancelled_at is null
            and (sh.expires_at is null or sh.expires_at > ${now.toISOString()}::timestamptz)
            and ${filesOf(area)}
        ),
        totals as (select count(*)::int as active, coalesce(sum(opens), 0)::int as opens from act)
        select t.active, t.opens, a.file_id::text as file_id, a.file_name, a.file_suffix,
          coalesce(u.name, '') as sharer_name, a.opens as share_opens, a.created_at, a.expires_at
        from totals t
        left join lateral (
          select * from act order by act.opens desc, act.created_at desc, act.code limit ${limit}
        ) a on true
        left join users u on u.id = a.owner_id
        order by a.opens desc nulls last, a.created_at desc`);
      const rows = rowsOf<{
        active: number;
        opens: number;
        file_id: string | null;
        file_name: string;
        file_suffix: string;
        sharer_name: string;
        share_opens: number;
        created_at: unknown;
        expires_at: unknown;
      }>(res);
      return {
        active: Number(rows[0]?.active ?? 0),
        opens: Number(rows[0]?.opens ?? 0),
        top: rows
          .filter((r) => r.file_id !== null)
          .map((r) => ({
            fileId: r.file_id!,
            fileName: r.file_name,
            fileSuffix: r.file_suffix,
            sharerName: r.sharer_name,
            opens: Number(r.share_opens),
            createdAt: toDate(r.created_at),
            expiresAt: r.expires_at == null ? null : toDate(r.expires_at),
          })),
      };
    },

    /** The `limit` newest operation-log entries of the area. */
    async recentOperations(area: BoardArea, limit: number): Promise<BoardOperationDb[]> {
      const res = await db.execute(sql`
        select o.id, o.at, o.actor_name, o.action, o.object_type, o.object_name
        from operation_log o
        where ${entriesOf(area)}
        order by o.at desc, o.id desc
        limit ${limit}`);
      return rowsOf<{
        id: number | string;
        at: unknown;
        actor_name: string;
        action: string;
        object_type: string;
        object_name: string;
      }>(res).map((r) => ({
        id: Number(r.id),
        at: toDate(r.at),
        actorName: r.actor_name,
        action: r.action,
        objectType: r.object_type,
        objectName: r.object_name,
      }));
    },
  };
}
