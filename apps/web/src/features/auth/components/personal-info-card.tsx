/**
 * The account centre's personal-info card (`/userCenter`, spec 000 §2 person dialog modes editUserInfo,
 * editPwd, editPhone): avatar, name, phone and whether a login password is set, with the three edit
 * entries (编辑个人信息, 修改密码, 修改手机号) — 设置登录密码 instead of 修改密码 while the account has none.
 */
import { EditOutlined, LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Descriptions, Space, Tag, theme } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../stores/session-store.ts';
import { useSetPasswordDialog } from '../stores/set-password-store.ts';
import { PersonDialog, type PersonDialogMode } from './person-dialog.tsx';
import '../i18n.ts';

/** The personal-info card with its dialogs. */
export function PersonalInfoCard(): ReactElement {
  const { t } = useTranslation('auth');
  const { token } = theme.useToken();
  const user = useSession((s) => s.user);
  const showSetPassword = useSetPasswordDialog((s) => s.show);
  const [mode, setMode] = useState<PersonDialogMode | null>(null);
  const hasPassword = user?.ispassword !== false;

  return (
    <Card
      title={t('person.card')}
      style={{ maxWidth: 720 }}
      data-testid="personal-info-card"
      extra={
        <Space wrap>
          <Button
            icon={<EditOutlined />}
            onClick={() => setMode('editUserInfo')}
            data-testid="edit-user-info"
          >
            {t('person.editUserInfo')}
          </Button>
          {hasPassword ? (
            <Button icon={<LockOutlined />} onClick={() => setMode('editPwd')} data-testid="edit-pwd">
              {t('person.editPwd')}
            </Button>
          ) : (
            <Button icon={<LockOutlined />} onClick={showSetPassword} data-testid="set-password">
              {t('person.setPassword')}
            </Button>
          )}
          <Button icon={<MobileOutlined />} onClick={() => setMode('editPhone')} data-testid="edit-phone">
            {t('person.editPhone')}
          </Button>
        </Space>
      }
    >
      <div style={{ display: 'flex', gap: 24, alignItems: 'center' }}>
        <Avatar
          size={64}
          src={user?.avatar || undefined}
          style={{ background: token.colorPrimary, fontSize: 26, flex: 'none' }}
          data-testid="personal-avatar"
        >
          {user?.userName.slice(0, 1) || <UserOutlined />}
        </Avatar>
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('person.userName')}>
            <span data-testid="personal-name">{user?.userName}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('person.phone')}>
            <span data-testid="personal-phone">{user?.phone}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('person.password')}>
            {hasPassword ? (
              <Tag color="success">{t('person.passwordSet')}</Tag>
            ) : (
              <Tag color="warning">{t('person.passwordNotSet')}</Tag>
            )}
          </Descriptions.Item>
        </Descriptions>
      </div>
      <PersonDialog mode={mode} onClose={() => setMode(null)} />
    </Card>
  );
}
