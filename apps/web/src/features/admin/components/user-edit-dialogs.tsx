/**
 * The edit dialogs of 用户管理 (spec 001 §2 /personalManagement; issue 16): 修改配额 and 修改服务到期 of
 * one account, the shared dialogs of space-edit-dialogs.tsx on the user mutations.
 */
import type { ReactElement } from 'react';
import { useSetUserQuota, useSetUserServiceEnd, type AdminUserRowValue } from '../api/users.ts';
import '../i18n.ts';
import { QuotaDialog, ServiceEndDialog } from './space-edit-dialogs.tsx';

/** Props of both dialogs: the row being edited (null: closed). */
export interface UserDialogProps {
  user: AdminUserRowValue | null;
  onClose: () => void;
}

const text = (key: string) => `admin:users.${key}`;

/** 修改配额: the account's quota in GB. */
export function UserQuotaDialog({ user, onClose }: UserDialogProps): ReactElement {
  const setQuota = useSetUserQuota();
  return (
    <QuotaDialog
      open={!!user}
      subject={user && `${user.userName} ${user.phone}`}
      text={text}
      pending={setQuota.isPending}
      onClose={onClose}
      usedSpace={user?.usedSpace ?? 0}
      usableSpace={user?.usableSpace ?? 0}
      save={(quotaBytes) => setQuota.mutateAsync({ userId: user!.userId, quotaBytes })}
    />
  );
}

/** 修改服务到期: 指定日期 or 无限制. */
export function UserServiceEndDialog({ user, onClose }: UserDialogProps): ReactElement {
  const setEnd = useSetUserServiceEnd();
  return (
    <ServiceEndDialog
      open={!!user}
      subject={user && `${user.userName} ${user.phone}`}
      text={text}
      pending={setEnd.isPending}
      onClose={onClose}
      serviceStopTime={user?.serviceStopTime ?? null}
      save={(serviceStopTime) => setEnd.mutateAsync({ userId: user!.userId, serviceStopTime })}
    />
  );
}
