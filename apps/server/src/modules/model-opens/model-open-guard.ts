/**
 * The -120 check (spec 001 §8; issue 13): deleting a model file (or a folder holding one) or replacing
 * its current version is refused while the model is open in a viewer — any live entry of
 * modules/model-opens, of any user, except the caller's own tab (`x-tab-id`). The refusal is
 * `{ code: -120, msg: MODEL_OCCUPIED_MSG, data: { iuids } }` with HTTP 409 and changes nothing; the
 * web's 提示 dialog closes those models (ModelClose) and repeats the action.
 *
 * Callers have already checked the caller's right to the file; this module only reads the open set.
 */
import {
  MODEL_OCCUPIED_MSG,
  MODEL_OPEN_TTL_MS,
  ResultCode,
  type ModelOccupiedDataValue,
} from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { modelOpensRepository, type ModelOpenRow } from './model-opens.repository.ts';

/** The caller's own tab, whose open model never blocks their action. */
export interface CallerTab {
  caller: Caller;
  /** The `x-tab-id` of the request ('' or absent when unknown). */
  tabId?: string;
}

/** 409 with code -120 naming the open files. */
export function occupied(iuids: string[]): AppError {
  const data: ModelOccupiedDataValue = { iuids: [...new Set(iuids)] };
  return new AppError(409, MODEL_OCCUPIED_MSG, ResultCode.occupied, data);
}

/** Whether an entry belongs to the caller's own tab. */
export function isOwnTab(row: Pick<ModelOpenRow, 'userId' | 'tabId'>, who: CallerTab): boolean {
  return Boolean(who.tabId) && row.userId === who.caller.user.id && row.tabId === who.tabId;
}

/** The moment before which a heartbeat no longer counts. */
export const staleBefore = (now = Date.now()) => new Date(now - MODEL_OPEN_TTL_MS);

/** The -120 guard bound to the app context. */
export function modelOpenGuard(ctx: AppContext) {
  const repo = modelOpensRepository(ctx.db);
  const refuse = (rows: ModelOpenRow[], who: CallerTab) => {
    const others = rows.filter((r) => !isOwnTab(r, who));
    if (others.length > 0) throw occupied(others.map((r) => r.fileId));
  };
  return {
    /**
     * Before deleting a file or folder: none of it may be open in another viewer.
     * @throws 409 code -120 with `data.iuids`.
     */
    async assertTreeClosed(who: CallerTab, id: string): Promise<void> {
      refuse(await repo.liveInTree(id, staleBefore()), who);
    },

    /**
     * Before replacing a file's current version (a new version upload, or making another version
     * current): the current version (`versionNo`) may not be open in another viewer. Viewers of an
     * older version are not affected.
     * @throws 409 code -120 with `data.iuids`.
     */
    async assertVersionClosed(who: CallerTab, file: { id: string; versionNo: number }): Promise<void> {
      const rows = await repo.liveOn(file.id, staleBefore());
      refuse(
        rows.filter((r) => r.version === file.versionNo),
        who,
      );
    },
  };
}
export type ModelOpenGuard = ReturnType<typeof modelOpenGuard>;
