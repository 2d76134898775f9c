/**
 * The dashboard /board (看板; spec 001 §2 "Other routes", issue 16): figures of one scope the caller
 * may see — files and bytes by type (contracts/board.ts `boardTypeOf`: 模型/图纸/文档/图片/视频/其他),
 * conversions by status (001 §4, 0–4), active share links with their opens and the five most opened,
 * and the newest operation-log entries of the scope.
 *
 * Who sees what (checked first, before any figure is read):
 * - `personal`: everyone, their own personal space; another id answers 404.
 * - `project`: a project the caller may view (space policy, spaces/space-access.ts); any other id —
 *   another company's project, a project they are no member of, a missing or malformed id — answers
 *   the same 404, so changing the id leaks nothing.
 * - `company`: only administrators of that company (company edition); everybody else 403.
 */
import {
  BOARD_RECENT_OPERATIONS,
  BOARD_TOP_SHARES,
  BOARD_TYPE_GROUPS,
  boardTypeOf,
  type BoardDataValue,
  type BoardQueryValue,
  type BoardTypeGroupValue,
} from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { formatDateTime } from '../../lib/time.ts';
import type { Caller } from '../auth/caller.ts';
import { companiesRepository } from '../companies/companies.repository.ts';
import { isUuid } from '../../lib/ids.ts';
import { MY_SPACE_NAME, PROJECT_NOT_FOUND_MSG } from '../projects/projects.service.ts';
import { PERSONAL_EDITION_MSG } from '../service-state/service-state.service.ts';
import type { SpaceAccessService } from '../spaces/space-access.ts';
import { boardRepository, type BoardArea, type SuffixStatusFigureDb } from './board.repository.ts';

/** 404 of another user's personal board. */
export const BOARD_SPACE_NOT_FOUND_MSG = '该空间不存在或您无权访问';
/** 403 of the company board for anyone but the company's administrators. */
export const BOARD_COMPANY_ONLY_MSG = '仅企业管理员可以查看企业看板';

/** The by-type and by-status figures of suffix/status rows; every group and status present. */
export function summarise(
  rows: SuffixStatusFigureDb[],
): Pick<BoardDataValue, 'files' | 'byType' | 'conversions'> {
  const byType = new Map<BoardTypeGroupValue, { count: number; bytes: number }>(
    BOARD_TYPE_GROUPS.map((g) => [g, { count: 0, bytes: 0 }]),
  );
  const byStatus = [0, 0, 0, 0, 0];
  let count = 0;
  let bytes = 0;
  for (const r of rows) {
    const t = byType.get(boardTypeOf(r.suffix))!;
    t.count += r.count;
    t.bytes += r.bytes;
    if (r.status >= 0 && r.status <= 4) byStatus[r.status]! += r.count;
    count += r.count;
    bytes += r.bytes;
  }
  return {
    files: { count, bytes },
    byType: BOARD_TYPE_GROUPS.map((type) => ({ type, ...byType.get(type)! })),
    conversions: byStatus.map((n, status) => ({ status, count: n })),
  };
}

/** Board service bound to the app context. */
export function boardService(ctx: AppContext, deps: { spaces: SpaceAccessService }) {
  const repo = boardRepository(ctx.db);
  const { spaces } = deps;
  const companies = companiesRepository(ctx.db);

  /**
   * The area the caller asked for, with its name and storage, when they may see it.
   * @throws 400 project without id, 404 project or personal space not theirs, 403 company board.
   */
  async function areaOf(
    caller: Caller,
    q: BoardQueryValue,
  ): Promise<{ area: BoardArea; id: string; name: string; storage: BoardDataValue['storage'] }> {
    const u = caller.user;
    switch (q.scope) {
      case 'personal':
        if (q.id && q.id !== u.id) throw notFound(BOARD_SPACE_NOT_FOUND_MSG);
        return {
          area: { kind: 'personal', userId: u.id },
          id: u.id,
          name: MY_SPACE_NAME,
          storage: { usedBytes: u.usedBytes, quotaBytes: u.quotaBytes },
        };
      case 'project': {
        if (!q.id) throw badRequest('请选择项目');
        const a = isUuid(q.id) && q.id !== u.id ? await spaces.resolve(caller, q.id) : null;
        if (!a || a.kind !== 'project' || !a.rights.view) throw notFound(PROJECT_NOT_FOUND_MSG);
        return { area: { kind: 'project', projectId: a.id }, id: a.id, name: a.name, storage: null };
      }
      case 'company': {
        if (ctx.config.systemIsPersonal) throw forbidden(PERSONAL_EDITION_MSG);
        if (!u.corpId || !u.isCorpAdmin || (q.id && q.id !== u.corpId))
          throw forbidden(BOARD_COMPANY_ONLY_MSG);
        const c = await companies.findById(u.corpId);
        if (!c) throw forbidden(BOARD_COMPANY_ONLY_MSG);
        return {
          area: { kind: 'company', companyId: c.id },
          id: c.id,
          name: c.name,
          storage: { usedBytes: c.usedBytes, quotaBytes: c.quotaBytes },
        };
      }
    }
  }

  return {
    /**
     * GetBoard: the figures of the scope in `q` (see the module docstring for who may read which).
     * @throws 400, 403, 404 as `areaOf`.
     */
    async board(caller: Caller, q: BoardQueryValue, now = new Date()): Promise<BoardDataValue> {
      const { area, id, name, storage } = await areaOf(caller, q);
      const [figures, shares, operations] = await Promise.all([
        repo.fileFigures(area),
        repo.activeShares(area, now, BOARD_TOP_SHARES),
        repo.recentOperations(area, BOARD_RECENT_OPERATIONS),
      ]);
      return {
        scope: q.scope,
        id,
        name,
        storage,
        ...summarise(figures),
        shares: {
          active: shares.active,
          opens: shares.opens,
          top: shares.top.map((s) => ({
            fileIUID: s.fileId,
            fileName: s.fileName,
            fileSuffix: s.fileSuffix,
            sharerName: s.sharerName,
            opens: s.opens,
            createTime: formatDateTime(s.createdAt),
            expireTime: formatDateTime(s.expiresAt),
          })),
        },
        operations: operations.map((o) => ({
          id: o.id,
          time: formatDateTime(o.at),
          userName: o.actorName,
          action: o.action,
          objectType: o.objectType,
          objectName: o.objectName,
        })),
      };
    },
  };
}
export type BoardService = ReturnType<typeof boardService>;
