/**
 * Which model files are open in a viewer right now (spec 001 §8 -120; issue 13). A tab showing a model
 * in the preview overlay registers it over the hub (`modelOpen`), repeats `modelHeartbeat`, and says
 * `modelClose` when it stops; its entries also go when its socket disconnects, and stop counting after
 * MODEL_OPEN_TTL_MS without a heartbeat, so a crashed tab or node never locks a file for good.
 * `forceClose` (the 提示 dialog's 关闭) tells every other tab with the model open to close it
 * (`modelForceClose {iuid}`) and frees the file.
 *
 * Access: only a user who may view a file can register it (anything else is answered like a missing
 * file, so ids leak nothing); only one who may change it (delete / replace: the space's `edit` right)
 * may force-close it.
 */
import {
  ModelOpenEvents,
  ModelOpenMessage,
  type ModelOpenAck,
  type ModelOpenMessageValue,
} from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { HubClient } from '../../realtime/hub.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { isUuid } from '../../lib/ids.ts';
import type { FilesService } from '../files/files.service.ts';
import { previewKindFor } from '../files/preview-kind.ts';
import { versionsRepository } from '../versions/versions.repository.ts';
import { isOwnTab, staleBefore, type CallerTab } from './model-open-guard.ts';
import { modelOpensRepository } from './model-opens.repository.ts';

/** Refusal of `modelOpen` for a file the user may not view, or that does not exist (no leak). */
export const MODEL_OPEN_REFUSED_MSG = '文件不存在或已被删除';

/** Open-models service bound to the app context. */
export function modelOpensService(ctx: AppContext, deps: { auth: AuthService; files: FilesService }) {
  const repo = modelOpensRepository(ctx.db);
  const versions = versionsRepository(ctx.db);
  const { auth, files } = deps;

  /** The payload, when valid and naming a possible file id. */
  const parse = (payload: unknown): ModelOpenMessageValue | null => {
    const p = ModelOpenMessage.safeParse(payload);
    return p.success && isUuid(p.data.iuid) ? p.data : null;
  };

  return {
    /**
     * `modelOpen {iuid, version?, tabId?}` from a registered socket: record that it shows the model
     * (version absent = the current one). The session must still be valid and the user must be able to
     * view the file, a model (IFC or a mesh format); a folder, another kind, an unknown version or
     * anything else is refused alike.
     * @returns the ack `{ok: true}` or `{ok: false, msg}`.
     */
    async open(client: HubClient, payload: unknown): Promise<ModelOpenAck> {
      const m = parse(payload);
      if (!m) return { ok: false, msg: MODEL_OPEN_REFUSED_MSG };
      try {
        const caller = await auth.authenticate(client.token);
        const f = await files.requireFile(caller, m.iuid, 'view');
        // Model files only (the 3D viewer's kinds); a drawing or document locks nothing.
        const kind = previewKindFor(f.suffix);
        if (f.kind !== 2 || (kind !== 'fragments' && kind !== 'glb')) throw notFound();
        const version = m.version ?? f.versionNo;
        if (version !== f.versionNo && !(await versions.find(f.id, version))) throw notFound();
        await repo.open({
          socketId: client.socketId,
          tabId: m.tabId ?? '',
          userId: caller.user.id,
          fileId: f.id,
          version,
          now: new Date(),
        });
        return { ok: true };
      } catch (err) {
        if (err instanceof AppError) return { ok: false, msg: MODEL_OPEN_REFUSED_MSG };
        ctx.log.error({ err }, 'modelOpen failed');
        return { ok: false, msg: '服务器繁忙，请稍后重试' };
      }
    },

    /** `modelClose {iuid}`: the socket no longer shows the model. @returns `{ok: true}`. */
    async close(client: HubClient, payload: unknown): Promise<ModelOpenAck> {
      const m = parse(payload);
      if (m) await repo.close(client.socketId, m.iuid);
      return { ok: true };
    },

    /**
     * `modelHeartbeat {iuid}`: the socket still shows the model. Only refreshes an existing entry.
     * @returns `{ok: false}` when there is none (closed by someone, or expired).
     */
    async heartbeat(client: HubClient, payload: unknown): Promise<ModelOpenAck> {
      const m = parse(payload);
      const known = m ? await repo.heartbeat(client.socketId, m.iuid, new Date()) : false;
      return known ? { ok: true } : { ok: false, msg: '' };
    },

    /** A socket disconnected (or signed in as someone else): its models are closed. */
    async disconnect(client: HubClient): Promise<void> {
      await repo.closeSocket(client.socketId);
    },

    /**
     * Close a model in every viewer but the caller's own tab (001 §8 -120 dialog, 关闭): each tab gets
     * `modelForceClose {iuid}` and its entry goes, so the refused action can be repeated.
     * @param who the caller and their tab id.
     * @returns how many viewers were told to close.
     * @throws 404 (missing, or not visible to the caller), 403 (the caller may not change the file).
     */
    async forceClose(who: CallerTab, id: string): Promise<number> {
      const f = await files.requireFile(who.caller, id, 'edit');
      const live = (await repo.liveOn(f.id, staleBefore())).filter((r) => !isOwnTab(r, who));
      const socketIds = [...new Set(live.map((r) => r.socketId))];
      await repo.removeOn(f.id, socketIds);
      ctx.hub.toSockets(socketIds, ModelOpenEvents.forceClose, { iuid: f.id });
      return socketIds.length;
    },

    /** Delete entries whose heartbeat stopped. @returns how many. */
    async prune(): Promise<number> {
      return repo.pruneStale(staleBefore());
    },
  };
}
export type ModelOpensService = ReturnType<typeof modelOpensService>;
