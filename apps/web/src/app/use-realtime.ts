/**
 * Real-time wiring of the shell (spec 000 §4 "Real-time connection starts when the app shell mounts", §7
 * events, §8 AccountExit): `projectFileStatusInfo` patches the row in every cached file list and refetches
 * the lists, so statuses change without a reload; `AccountExit` signs out, shows the 提示 alert and goes
 * to /login; `companyApply` / `companyApply1` set the administrator's red dot and refresh the applicants
 * and members; `accessApply` (an application approved) shows 申请已通过,请重新登录, signs out and goes to
 * /login (000 §8); `applyRejected` refreshes the applicant's MyApplication, which the shell's
 * ApplicationNotice then tells (issue 17). The libraries' status events (KnowledgeBaseStatusInfo, DrawingFileStatusInfo,
 * publiclibraryStatusInfo; issue 5) refresh their tables like projectFileStatusInfo. `paySuccess` (000 §7;
 * issue 16) shows 支付成功 with the new service end and refreshes the space bars, the account card and
 * the expiry banners. `AccountDisabled` (issue 16: an administrator disabled the account) signs out at
 * once and goes to /login, which shows 该账号已被停用，如有疑问请联系管理员.
 * The socket.io client (lib/socket.ts) loads after the shell's first paint (issue 17 "Weight and
 * speed"); on every (re)connect the file lists that still show a row queued or converting are
 * refetched, so a status change sent before the connection stood is not missed (`catchUpFileStatus`).
 */
import type { FileStatusEventValue, ListDataValue } from '@bimdrive/contracts';
import { HubEvents, StatusType } from '@bimdrive/contracts';
import { asFileStatusEvent, asPaySuccessEvent } from '../lib/hub-events.ts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../lib/query-client.ts';
import { companyQueryKeys, fileQueryKeys } from '../lib/query-keys.ts';
import type { HubConnection } from '../lib/socket.ts';
import { useSession } from '../stores/session-store.ts';
import '../features/companies/i18n.ts';
import '../features/billing/i18n.ts';
import '../features/admin/i18n.ts';
import { keepSessionEndedNotice } from '../lib/session-notice.ts';
import { modalApi, toast } from '../lib/toast.ts';
import { refreshAfterPayment } from '../features/billing/lib/pay-success.ts';
import { serviceEndText } from '../features/billing/lib/pay-format.ts';

/** Apply a status notice to the cached lists; returns whether a cached row was found. */
export function applyFileStatus(event: FileStatusEventValue): boolean {
  let found = false;
  queryClient.setQueriesData<ListDataValue>({ queryKey: fileQueryKeys.all }, (old) => {
    if (!old || !Array.isArray(old.list)) return old;
    if (!old.list.some((r) => r.iuid === event.iuid)) return old;
    found = true;
    return {
      ...old,
      list: old.list.map((r) =>
        r.iuid === event.iuid
          ? { ...r, statusType: event.statusType, progress: event.progress, statusMsg: event.statusMsg }
          : r,
      ),
    };
  });
  return found;
}

/**
 * Refetch the cached file lists when one still shows a row queued or converting: its status may have
 * changed while no hub connection stood (before it first connected, or between reconnects).
 */
export function catchUpFileStatus(): void {
  const pending = queryClient
    .getQueriesData<ListDataValue>({ queryKey: fileQueryKeys.all })
    .some(
      ([, data]) =>
        Array.isArray(data?.list) &&
        data.list.some((r) => r.statusType === StatusType.queued || r.statusType === StatusType.converting),
    );
  if (pending) void queryClient.invalidateQueries({ queryKey: fileQueryKeys.all });
}

/** Connect the hub while signed in (its client code loads after the first paint). */
export function useRealtime(): void {
  const token = useSession((s) => s.token);
  const { t } = useTranslation(['app', 'common', 'companies', 'billing', 'admin']);

  useEffect(() => {
    if (!token) return;
    const notice = {
      title: t('common:tip'),
      okText: t('common:ok'),
      onOk: () => window.location.assign('/login'),
    };
    let hub: HubConnection | null = null;
    let unmounted = false;
    /** Sign out at once and tell the user why; their OK goes to /login. */
    const endSession = (show: () => void) => {
      hub?.close();
      useSession.getState().signOut();
      queryClient.clear();
      show();
    };
    const onFileStatus = (event: FileStatusEventValue) => {
      const found = applyFileStatus(event);
      const terminal = event.statusType === StatusType.done || event.statusType === StatusType.failed;
      // A new thumbnail (issue 14) comes with the refetched rows' `thumbUrl`.
      if (!found || terminal || event.statusType === StatusType.queued || event.thumbReady)
        void queryClient.invalidateQueries({ queryKey: fileQueryKeys.all });
    };
    const connect = ({ connectHub }: typeof import('../lib/socket.ts')) => {
      if (unmounted) return;
      const conn = connectHub(() => useSession.getState().token, {
        onFileStatus,
        // The file row and its versions list both change with a version (issue 5).
        onFileVersion: () => void queryClient.invalidateQueries({ queryKey: fileQueryKeys.all }),
        // The alert comes from the persistent antd host (lib/toast.ts): it stays while the app goes to /login.
        onAccountExit: () =>
          endSession(
            () =>
              void modalApi().then((m) => {
                m.error({ ...notice, content: t('accountExit') });
              }),
          ),
        onCompanyApply: (notDealApply) => {
          queryClient.setQueryData(companyQueryKeys.pending, notDealApply);
          void queryClient.invalidateQueries({ queryKey: companyQueryKeys.applicants });
          void queryClient.invalidateQueries({ queryKey: companyQueryKeys.allMembers });
        },
        onAccessApply: () =>
          endSession(
            () =>
              void modalApi().then((m) => {
                m.success({ ...notice, content: t('companies:accessApply') });
              }),
          ),
        // The shell's ApplicationNotice shows the decision once MyApplication has it.
        onApplyRejected: () =>
          void queryClient.invalidateQueries({ queryKey: companyQueryKeys.myApplication }),
      });
      // The libraries' status events (issue 5: KnowledgeBaseStatusInfo, DrawingFileStatusInfo,
      // publiclibraryStatusInfo) carry the same notice and refresh their tables the same way.
      for (const event of [
        HubEvents.knowledgeBaseStatus,
        HubEvents.drawingFileStatus,
        HubEvents.publicLibraryStatus,
      ])
        conn.socket.on(event, (payload: unknown) => {
          const event = asFileStatusEvent(payload);
          if (event) onFileStatus(event);
          else void queryClient.invalidateQueries({ queryKey: fileQueryKeys.all });
        });
      // An administrator disabled this account (issue 16): every tab signs out at once and reloads on
      // /login, which shows 该账号已被停用，如有疑问请联系管理员 in the 提示 alert. The stored session (the
      // session store's localStorage keys) is removed without re-rendering this page, so no /login of
      // this document can read the one-time notice before the reload does.
      conn.socket.on(HubEvents.accountDisabled, () => {
        conn.close();
        keepSessionEndedNotice(t('admin:accountDisabled'));
        localStorage.removeItem('token');
        localStorage.removeItem('user');
        window.location.replace('/login');
      });
      conn.socket.on(HubEvents.paySuccess, (payload: unknown) => {
        refreshAfterPayment(queryClient);
        const event = asPaySuccessEvent(payload);
        if (event)
          toast({
            type: 'success',
            content: t('billing:paidToast', {
              date: serviceEndText(event.serviceStopTime, t('billing:unlimited')),
            }),
          });
      });
      conn.socket.on('connect', catchUpFileStatus);
      return conn;
    };
    void import('../lib/socket.ts').then((m) => {
      hub = connect(m) ?? null;
    });
    return () => {
      unmounted = true;
      hub?.close();
    };
  }, [token, t]);
}
