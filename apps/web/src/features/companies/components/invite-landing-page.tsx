/**
 * Invite landing page `/invite?code=<token>` (spec 000 §2 member list "copy invite link": the link lets
 * that person join the company directly; public path, no shell). Shows the company, the invited name,
 * the invited phone masked and the link's expiry, then:
 * - signed in: 加入企业 joins with the current account (the server checks the phone and that the
 *   account has no company; someone in another company is told to leave it first), or 使用其他账号;
 * - signed out: 已有账号，登录后加入 (phone + password, then join) or 没有账号，注册并加入 (the invited
 *   phone, name, password twice; the new account is in the company at once) — the tab chosen by
 *   whether the invited phone has an account.
 * After joining it goes to /userCenter. Used, expired, revoked or unknown links show the server's
 * message on a full page.
 */
import { LockOutlined, MobileOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { PHONE_PATTERN, type LoginDataValue } from '@bimdrive/contracts';
import { Button, Card, Descriptions, Flex, Form, Input, Result, Spin, Tabs, Typography } from 'antd';
import { useFeedback } from '../../../lib/feedback.tsx';
import dayjs from 'dayjs';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { queryClient } from '../../../lib/query-client.ts';
import { useSession } from '../../../stores/session-store.ts';
import { getUserInfo } from '../../auth/api/get-user-info.ts';
import { login } from '../../auth/api/login.ts';
import { logout } from '../../auth/api/logout.ts';
import { useAcceptInvite, useInviteInfo, useInviteRegister } from '../api/company-api.ts';
import '../i18n.ts';

interface LoginForm {
  phone: string;
  password: string;
}
interface RegisterForm extends LoginForm {
  name: string;
  confirm: string;
}

const pageStyle = {
  minHeight: '100vh',
  padding: '48px 16px',
  background: 'linear-gradient(180deg, #eef4ff 0%, #f5f7fa 60%)',
} as const;

/** The invite landing page. */
export function InviteLandingPage(): ReactElement {
  const { t } = useTranslation(['companies', 'common']);
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code')?.trim() ?? '';
  const info = useInviteInfo(code);
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const accept = useAcceptInvite();
  const inviteRegister = useInviteRegister();
  const [signingIn, setSigningIn] = useState(false);
  const [loginForm] = Form.useForm<LoginForm>();
  const [registerForm] = Form.useForm<RegisterForm>();

  const phoneRules = [
    { required: true, message: t('invite.phoneRequired') },
    { pattern: PHONE_PATTERN, message: t('invite.phoneInvalid') },
  ];

  /** Joined: refresh the user (corpIdbit) and go to the account centre. */
  const joined = async () => {
    try {
      await getUserInfo();
    } catch {
      /* the shell loads the user again */
    }
    void message.success(t('inviteLanding.joined'));
    void navigate('/userCenter', { replace: true });
  };

  const join = async () => {
    try {
      await accept.mutateAsync(code);
    } catch {
      return; /* shown by the API client */
    }
    await joined();
  };

  const onLogin = async (v: LoginForm) => {
    setSigningIn(true);
    let data: LoginDataValue;
    try {
      data = await login({ phone: v.phone.trim(), password: v.password });
    } catch {
      setSigningIn(false);
      return;
    }
    useSession.getState().signIn(data.token);
    setSigningIn(false);
    await join();
  };

  const onRegister = async (v: RegisterForm) => {
    let data: LoginDataValue;
    try {
      data = await inviteRegister.mutateAsync({
        code,
        phone: v.phone.trim(),
        name: v.name.trim(),
        password: v.password,
      });
    } catch {
      return;
    }
    useSession.getState().signIn(data.token);
    await joined();
  };

  const switchAccount = async () => {
    await logout();
    useSession.getState().signOut();
    queryClient.clear();
  };

  if (!code || info.isError) {
    return (
      <Flex vertical align="center" style={pageStyle} data-testid="invite-landing">
        <Result
          status="warning"
          title={info.error?.message || t('inviteLanding.invalid')}
          extra={
            <Button type="primary" onClick={() => void navigate(token ? '/' : '/login')}>
              {token ? t('inviteLanding.home') : t('inviteLanding.toLogin')}
            </Button>
          }
        />
      </Flex>
    );
  }
  if (!info.data) {
    return (
      <Flex align="center" justify="center" style={pageStyle}>
        <Spin />
      </Flex>
    );
  }
  const inv = info.data;

  const loginPane = (
    <Form<LoginForm> form={loginForm} layout="vertical" onFinish={onLogin} requiredMark={false}>
      <Form.Item name="phone" rules={phoneRules} validateTrigger="onBlur">
        <Input
          prefix={<MobileOutlined />}
          placeholder={t('inviteLanding.phone')}
          inputMode="tel"
          maxLength={16}
        />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: t('inviteLanding.passwordRequired') }]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('inviteLanding.password')}
          autoComplete="current-password"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={signingIn || accept.isPending}>
        {t('inviteLanding.loginAndJoin')}
      </Button>
    </Form>
  );

  const registerPane = (
    <Form<RegisterForm>
      form={registerForm}
      layout="vertical"
      onFinish={onRegister}
      requiredMark={false}
      initialValues={{ name: inv.userName }}
    >
      <Form.Item name="phone" rules={phoneRules} validateTrigger="onBlur">
        <Input
          prefix={<MobileOutlined />}
          placeholder={t('inviteLanding.phone')}
          inputMode="tel"
          maxLength={16}
        />
      </Form.Item>
      <Form.Item
        name="name"
        rules={[{ required: true, whitespace: true, message: t('invite.userNameRequired') }]}
      >
        <Input prefix={<UserOutlined />} placeholder={t('inviteLanding.name')} maxLength={50} />
      </Form.Item>
      <Form.Item
        name="password"
        validateTrigger="onBlur"
        rules={[{ required: true, message: t('inviteLanding.passwordRequired') }]}
        extra={t('inviteLanding.passwordHint')}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('inviteLanding.password')}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item
        name="confirm"
        dependencies={['password']}
        validateTrigger="onBlur"
        rules={[
          { required: true, message: t('inviteLanding.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value: string) =>
              !value || value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('inviteLanding.confirmMismatch'))),
          }),
        ]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('inviteLanding.confirmPassword')}
          autoComplete="new-password"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={inviteRegister.isPending}>
        {t('inviteLanding.registerAndJoin')}
      </Button>
    </Form>
  );

  return (
    <Flex vertical align="center" style={pageStyle} data-testid="invite-landing">
      <Card style={{ width: '100%', maxWidth: 440 }}>
        <Flex vertical align="center" gap={8} style={{ marginBottom: 16 }}>
          <TeamOutlined style={{ fontSize: 36, color: '#1677ff' }} />
          <Typography.Title level={4} style={{ margin: 0, textAlign: 'center' }}>
            {t('inviteLanding.heading', { corpName: inv.corpName })}
          </Typography.Title>
        </Flex>
        <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('inviteLanding.invitedAs')}>{inv.userName}</Descriptions.Item>
          <Descriptions.Item label={t('inviteLanding.invitedPhone')}>{inv.phone}</Descriptions.Item>
          <Descriptions.Item label={t('inviteLanding.expireTime')}>
            {dayjs(inv.expireTime).format('YYYY-MM-DD HH:mm')}
          </Descriptions.Item>
        </Descriptions>
        {token ? (
          <Flex vertical gap={12}>
            {user && (
              <Typography.Text type="secondary">
                {t('inviteLanding.signedInAs', { name: user.userName, phone: user.phone })}
              </Typography.Text>
            )}
            <Button type="primary" block loading={accept.isPending} onClick={() => void join()}>
              {t('inviteLanding.accept')}
            </Button>
            <Button block onClick={() => void switchAccount()}>
              {t('inviteLanding.switchAccount')}
            </Button>
          </Flex>
        ) : (
          <Tabs
            defaultActiveKey={inv.registered ? 'login' : 'register'}
            centered
            items={[
              { key: 'login', label: t('inviteLanding.tabLogin'), children: loginPane },
              { key: 'register', label: t('inviteLanding.tabRegister'), children: registerPane },
            ]}
          />
        )}
      </Card>
    </Flex>
  );
}
