/**
 * The personal account calls (000 §7 WebAccount SetPassword / Save / BaseInfo / EditPwd /
 * ValidateRegistPhone / EditPhoneFirstStep / EditPhone). After a change the session user is
 * reloaded so the top bar, the account card and the set-password notice follow.
 */
import { Api, isSessionEnded, ResultCode, type BaseInfoValue, type Envelope } from '@bimdrive/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api, authHeaders } from '../../../lib/api-client.ts';
import { useSession } from '../../../stores/session-store.ts';
import { getUserInfo } from './get-user-info.ts';

/** Set the first login password (设置登录密码). */
export async function setPassword(password: string, confirmPassword: string): Promise<void> {
  await api<null>({ method: 'POST', url: Api.setPassword, data: { password, confirmPassword } });
  await getUserInfo().catch(() => undefined);
}

/** Change the password; the server ends every session of the account. */
export async function editPwd(input: { oldPwd: string; newPwd: string; confirmPwd: string }): Promise<void> {
  await api<null>({ method: 'POST', url: Api.editPwd, data: input });
}

/** Whether an account has this phone (000 §7 ValidateRegistPhone), silently. */
export async function validateRegistPhone(phone: string): Promise<boolean> {
  return (
    await api<{ hasRegisted: boolean }>({
      method: 'POST',
      url: Api.validateRegistPhone,
      data: { phone },
      silent: true,
    })
  ).hasRegisted;
}

/** Step 1 of the phone change: the current phone and its code. */
export async function editPhoneFirstStep(phone: string, code: string): Promise<void> {
  await api<null>({ method: 'POST', url: Api.editPhoneFirstStep, data: { phone, code } });
}

/** Step 2: the new phone and its code; reloads the session user. */
export async function editPhone(phone: string, code: string): Promise<void> {
  await api<null>({ method: 'POST', url: Api.editPhone, data: { phone, code } });
  await getUserInfo().catch(() => undefined);
}

/**
 * Save the personal form (000 §3 userName, avator) as multipart; reloads the session user.
 * @throws ApiError with the server's message (the caller shows it).
 */
export async function saveUserInfo(userName: string, avatar: File | null): Promise<void> {
  const form = new FormData();
  form.set('userName', userName);
  if (avatar) form.set('avator', avatar, avatar.name);
  let body: Envelope<null>;
  try {
    const res = await fetch(Api.accountSave, { method: 'POST', headers: authHeaders(), body: form });
    body = (await res.json()) as Envelope<null>;
  } catch {
    throw new ApiError(ResultCode.serverError, '', 0);
  }
  if (isSessionEnded(body.code)) {
    useSession.getState().signOut();
    window.location.assign('/login');
  }
  if (body.code !== ResultCode.ok) throw new ApiError(body.code, body.msg, 0);
  await getUserInfo().catch(() => undefined);
}

/** Query options of BaseInfo (000 §7: name, phone, avatar, ddUserAvatar). */
export const baseInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'baseInfo'] as const,
    queryFn: ({ signal }) => api<BaseInfoValue>({ url: Api.accountBaseInfo, silent: true, signal }),
    staleTime: 0,
  });

/** BaseInfo while `enabled` (the personal-info dialog is open). */
export function useBaseInfo(enabled: boolean) {
  return useQuery({ ...baseInfoQueryOptions(), enabled });
}
