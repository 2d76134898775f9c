/**
 * Completed-upload records (spec 000 §7 GetTransmissionData / DeleteTransmissionDataById /
 * DeleteAllTransmissionData, §8 "the completed list load ignores a non-1 code silently", §9 page 6).
 */
import { Api, ResultCode, TRANSMISSION_PAGE_SIZE, type TransmissionListValue } from '@bimdrive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

/** Query-key root of the completed list; invalidate it to reload. */
export const transmissionKeys = {
  all: ['transfers', 'completed'] as const,
  page: (page: number) => ['transfers', 'completed', page] as const,
};

/** Thrown (silently) when the list answers a non-1 code: the previous page stays on screen. */
class SilentListError extends Error {}

/** One page of the caller's completed uploads (form fields page, rows). */
export async function getTransmissionPage(
  page: number,
  signal?: AbortSignal,
): Promise<TransmissionListValue> {
  const body = await request<TransmissionListValue>({
    method: 'POST',
    url: Api.transmissionList,
    data: { page, rows: TRANSMISSION_PAGE_SIZE },
    silent: true,
    signal,
  });
  if (body.code !== ResultCode.ok) throw new SilentListError(body.msg);
  return body.data;
}

/** The completed list, page `page` (from 1); fetched only while `enabled` (panel shown on that tab). */
export function useTransmissionPage(page: number, enabled: boolean) {
  return useQuery({
    queryKey: transmissionKeys.page(page),
    queryFn: ({ signal }) => getTransmissionPage(page, signal),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });
}

/** Delete one record (never the file). Resolves true on code 1; other codes are toasted by the client. */
export async function deleteTransmission(iuid: string): Promise<boolean> {
  const body = await request<null>({ method: 'POST', url: Api.transmissionDelete, params: { IUID: iuid } });
  return body.code === ResultCode.ok;
}

/** Delete all the caller's records (never the files). Resolves true on code 1. */
export async function deleteAllTransmissions(): Promise<boolean> {
  const body = await request<null>({ method: 'POST', url: Api.transmissionDeleteAll });
  return body.code === ResultCode.ok;
}
