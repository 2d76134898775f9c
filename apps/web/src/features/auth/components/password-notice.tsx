/**
 * The persistent "no password" warning (spec 000 §4 "No password set", §8 "Your account has no
 * password set, click to set"): while the signed-in user's `ispassword` is false, a banner under the
 * top bar reads 您的账户尚未设置密码，点击设置 and opens the 设置登录密码 dialog; it goes away once a
 * password is set. It stays on every screen (a close only hides it until the next load). Also hosts
 * the dialog itself, which the sign-in page may already have asked to open. The banner's module
 * (password-notice-banner.tsx: antd Alert) loads only when it shows (issue 17).
 */
import { lazy, Suspense, useState, type ReactElement } from 'react';
import { useSession } from '../../../stores/session-store.ts';
import { useSetPasswordDialog } from '../stores/set-password-store.ts';
import { lazyWhenOpen } from '../../../components/lazy-when-open.tsx';
import '../i18n.ts';

/** The 设置登录密码 dialog, loaded when it first opens (issue 17). */
const SetPasswordDialog = lazyWhenOpen<{ open: boolean }>(
  async () => (await import('./set-password-dialog.tsx')).SetPasswordDialog,
  (p) => p.open,
);

/** The banner, loaded when a user without a password signs in (issue 17). */
const PasswordNoticeBanner = lazy(async () => ({
  default: (await import('./password-notice-banner.tsx')).PasswordNoticeBanner,
}));

/** The notice and the dialog (only the dialog once a password exists). */
export function PasswordNotice(): ReactElement {
  const noPassword = useSession((s) => s.user?.ispassword === false);
  const show = useSetPasswordDialog((s) => s.show);
  const dialogOpen = useSetPasswordDialog((s) => s.open);
  const [closed, setClosed] = useState(false);
  return (
    <>
      {noPassword && !closed && (
        <Suspense fallback={null}>
          <PasswordNoticeBanner onSet={show} onClose={() => setClosed(true)} />
        </Suspense>
      )}
      <SetPasswordDialog open={dialogOpen} />
    </>
  );
}
