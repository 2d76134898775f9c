/**
 * Sign-in screen `/login` (spec 000 §2 routes, §5 phone rule): tabs 密码登录 (phone + password) and
 * 验证码登录 (phone + SMS code with 获取验证码 and its 60 s countdown), messages 请输入手机号 /
 * 请输入正确的手机号 / 请输入密码 / 请输入验证码; `POST Api.login`, keep token and user, go to /myDocument
 * — opening the 设置登录密码 dialog when the account has no password (000 §4). A register tab (phone,
 * SMS code, name, optional password) when the client config enables it (000 §1), a demo hint when the
 * server runs the demo account; `?phoneNum=` fills the phone.
 */
import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { PHONE_PATTERN, type LoginDataValue } from '@bimdrive/contracts';
import { Alert, App, Button, Form, Input, Tabs, Typography } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../stores/session-store.ts';
import { useClientConfig } from '../api/get-client-config.ts';
import { getUserInfo } from '../api/get-user-info.ts';
import { useLogin } from '../api/login.ts';
import { useRegister } from '../api/register.ts';
import { sendSmsCode } from '../api/send-sms.ts';
import '../i18n.ts';
import { useSetPasswordDialog } from '../stores/set-password-store.ts';
import { BrandPanel } from './brand-panel.tsx';
import { SmsCodeInput } from './sms-code-input.tsx';
import { LoginVideo } from './login-video.tsx';

interface LoginForm {
  phone: string;
  password: string;
}
interface SmsLoginForm {
  phone: string;
  code: string;
}
interface RegisterForm {
  phone: string;
  code: string;
  name: string;
  password?: string;
}

/** Props of LoginPage. */
export interface LoginPageProps {
  /** Where to go after sign-in (default /myDocument). */
  redirectTo?: string;
}

/** The sign-in page. */
export function LoginPage({ redirectTo = '/myDocument' }: LoginPageProps): ReactElement {
  const { t } = useTranslation(['auth', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  // 000 §2: /login?phoneNum=… fills the phone of every form.
  const [search] = useSearchParams();
  const phoneNum = (search.get('phoneNum') ?? '').trim().slice(0, 16);
  const config = useClientConfig();
  const loginMutation = useLogin();
  const registerMutation = useRegister();
  const [tab, setTab] = useState<'login' | 'sms' | 'register'>('login');
  const [loginForm] = Form.useForm<LoginForm>();
  const [smsForm] = Form.useForm<SmsLoginForm>();
  const [registerForm] = Form.useForm<RegisterForm>();
  const productName = config.data?.productName || t('common:productName');

  const phoneRules = [
    { required: true, message: t('phoneRequired') },
    { pattern: PHONE_PATTERN, message: t('phoneInvalid') },
  ];

  const codeRules = [
    { required: true, message: t('sms.codeRequired') },
    { pattern: /^\d{6}$/, message: t('sms.codeInvalid') },
  ];

  /** Validate the form's phone, then ask for a code; the countdown to show (0: nothing sent). */
  const sendCode = async (form: typeof smsForm | typeof registerForm, target: 'login' | 'register') => {
    try {
      await form.validateFields(['phone']);
    } catch {
      return 0;
    }
    const seconds = await sendSmsCode(target, String(form.getFieldValue('phone')).trim());
    if (seconds === 60) void message.success(t('sms.sent'));
    return seconds;
  };

  const finish = async (data: LoginDataValue, successText: string) => {
    useSession.getState().signIn(data.token);
    // 000 §4 "No password set": offer the 设置登录密码 dialog as soon as the shell shows.
    if (!data.ispassword) useSetPasswordDialog.getState().show();
    try {
      await getUserInfo();
    } catch {
      /* the shell loads the user again */
    }
    void message.success(successText);
    void navigate(redirectTo, { replace: true });
  };

  const onLogin = async (values: LoginForm) => {
    try {
      const data = await loginMutation.mutateAsync({ phone: values.phone.trim(), password: values.password });
      await finish(data, t('loginSuccess'));
    } catch {
      /* the API client showed the server message */
    }
  };

  const onSmsLogin = async (values: SmsLoginForm) => {
    try {
      const data = await loginMutation.mutateAsync({ phone: values.phone.trim(), code: values.code });
      await finish(data, t('loginSuccess'));
    } catch {
      /* the API client showed the server message */
    }
  };

  const onRegister = async (values: RegisterForm) => {
    try {
      const data = await registerMutation.mutateAsync({
        phone: values.phone.trim(),
        name: values.name.trim(),
        code: values.code,
        password: values.password || undefined,
      });
      await finish(data, t('registerSuccess'));
    } catch {
      /* shown by the API client */
    }
  };

  // The same phone field (000 §5 phone rule, checked on blur) opens all three forms.
  const phoneField = (
    <Form.Item name="phone" rules={phoneRules} validateTrigger="onBlur">
      <Input
        prefix={<MobileOutlined />}
        placeholder={t('phone')}
        autoComplete="username"
        inputMode="tel"
        maxLength={16}
      />
    </Form.Item>
  );

  const loginPane = (
    <Form<LoginForm>
      form={loginForm}
      layout="vertical"
      initialValues={{ phone: phoneNum }}
      size="large"
      onFinish={onLogin}
      requiredMark={false}
      autoComplete="on"
    >
      {phoneField}
      <Form.Item name="password" rules={[{ required: true, message: t('passwordRequired') }]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('password')}
          autoComplete="current-password"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={loginMutation.isPending}>
        {t('login')}
      </Button>
    </Form>
  );

  const smsPane = (
    <Form<SmsLoginForm>
      form={smsForm}
      layout="vertical"
      initialValues={{ phone: phoneNum }}
      size="large"
      onFinish={onSmsLogin}
      requiredMark={false}
      data-testid="sms-login-form"
    >
      {phoneField}
      <Form.Item name="code" rules={codeRules}>
        <SmsCodeInput
          size="large"
          withIcon
          onSend={() => sendCode(smsForm, 'login')}
          data-testid="sms-login-code"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={loginMutation.isPending}>
        {t('login')}
      </Button>
    </Form>
  );

  const registerPane = (
    <Form<RegisterForm>
      form={registerForm}
      layout="vertical"
      initialValues={{ phone: phoneNum }}
      size="large"
      onFinish={onRegister}
      requiredMark={false}
    >
      {phoneField}
      <Form.Item name="code" rules={codeRules}>
        <SmsCodeInput
          size="large"
          withIcon
          onSend={() => sendCode(registerForm, 'register')}
          data-testid="register-code"
        />
      </Form.Item>
      <Form.Item name="name" rules={[{ required: true, whitespace: true, message: t('nameRequired') }]}>
        <Input prefix={<UserOutlined />} placeholder={t('name')} maxLength={50} autoComplete="name" />
      </Form.Item>
      <Form.Item name="password" extra={t('passwordHint')}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('registerPasswordOptional')}
          autoComplete="new-password"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={registerMutation.isPending}>
        {t('register')}
      </Button>
    </Form>
  );

  const demoPhone = config.data?.demoPhone ?? null;

  return (
    <div style={{ minHeight: '100vh', display: 'flex', background: '#f0f4fa', position: 'relative' }}>
      <LoginVideo url={config.data?.loginVideoUrl} />
      <BrandPanel
        productName={productName}
        overVideo={Boolean(config.data?.loginVideoUrl)}
        homeUrl={config.data?.officialSiteUrl}
      />
      <main
        style={{
          position: 'relative', // above the background video
          flex: '1 1 520px',
          minWidth: 0, // a phone's width, not the card's (issue 17: 390 px without horizontal scrolling)
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          padding: '48px clamp(12px, 4vw, 24px)',
        }}
      >
        <div
          style={{
            boxSizing: 'border-box',
            width: 480,
            maxWidth: '100%',
            background: '#fff',
            borderRadius: 16,
            padding: '36px clamp(20px, 6vw, 40px) 28px',
            boxShadow: '0 12px 40px rgba(22, 60, 120, 0.10)',
          }}
        >
          <Typography.Title level={3} style={{ margin: '0 0 6px' }}>
            {t('welcome', { product: productName })}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 20 }}>
            {t(tab === 'sms' ? 'welcomeSubSms' : tab === 'register' ? 'registerSubSms' : 'welcomeSub')}
          </Typography.Paragraph>
          {demoPhone && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              title={t('demoTitle')}
              description={t('demoHint', { phone: demoPhone })}
              action={
                <Button
                  size="small"
                  type="link"
                  onClick={() => {
                    setTab('login');
                    loginForm.setFieldsValue({ phone: demoPhone });
                  }}
                >
                  {t('demoFill')}
                </Button>
              }
            />
          )}
          <Tabs
            activeKey={tab}
            onChange={(k) => setTab(k === 'register' || k === 'sms' ? k : 'login')}
            items={[
              { key: 'login', label: t('tabPassword'), children: loginPane },
              { key: 'sms', label: t('tabSms'), children: smsPane },
              ...(config.data?.registerEnabled
                ? [{ key: 'register', label: t('tabRegister'), children: registerPane }]
                : []),
            ]}
          />
          <Typography.Paragraph
            type="secondary"
            style={{ textAlign: 'center', margin: '20px 0 0', fontSize: 12 }}
          >
            {t('copyright', { year: new Date().getFullYear(), product: productName })}
          </Typography.Paragraph>
        </div>
      </main>
    </div>
  );
}
