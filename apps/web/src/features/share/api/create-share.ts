/**
 * `POST Api.share` — create the share link (spec 001 §2 Share dialog step 2, §7 DrawingShare): answers
 * the share code, the web and mobile links and the extraction code. Refreshes 我的分享. A refusal over
 * the plan's share limit (403, code -2, the share-limit response in `data`; 001 §8) comes back as
 * `shareLimitOf(error)` for the dialog's limit notice, without a toast.
 */
import {
  Api,
  ResultCode,
  ShareLimitData,
  type Envelope,
  type ShareCreatedValue,
  type ShareEntryValue,
} from '@bimdrive/contracts';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.ts';
import { shareQueryKeys } from '../../../lib/query-keys.ts';

/** Create the share of the given entries (the dialog sends one). */
export function createShare(entries: ShareEntryValue[]): Promise<ShareCreatedValue> {
  return api<ShareCreatedValue>({ method: 'POST', url: Api.share, data: entries, quietWhen: isLimitRefusal });
}

/** Whether an envelope is the share-limit refusal (code -2 with shareCountError). */
function isLimitRefusal(body: Envelope<unknown>): boolean {
  return (
    body.code === ResultCode.refused && ShareLimitData.safeParse(body.data).data?.shareCountError === true
  );
}

/** The share-limit response carried by a refused creation, or null for any other failure. */
export function shareLimitOf(error: unknown): z.infer<typeof ShareLimitData> | null {
  if (!(error instanceof ApiError) || error.code !== ResultCode.refused) return null;
  const parsed = ShareLimitData.safeParse(error.data);
  return parsed.success && parsed.data.shareCountError ? parsed.data : null;
}

/** Mutation hook of 创建链接. */
export function useCreateShare() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createShare,
    onSuccess: () => qc.invalidateQueries({ queryKey: shareQueryKeys.all }),
  });
}
