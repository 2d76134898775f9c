/**
 * Sign-in screen `/login` (spec 000 §2 routes, §5 phone rule): tabs 密码登录 (phone + password) and
 * 验证码登录 (phone + SMS code with 获取验证码 and its 60 s countdown), messages 请输入手机号 /
 * 请输入正确的手机号 / 请输入密码 / 请输入验证码; `POST Api.login`, keep token and user, go to /myDocument
 * — opening the 设置登录密码 dialog when the account has no password (000 §4). A register tab (phone,
 * SMS code, name, optional password) when the client config enables it (000 §1), a demo hint when the
 * server runs the demo account; `?phoneNum=` fills the phone. Drawn with the light controls
 * (components/light) that look like antd's: the page loads without antd (issue 17 "Weight and speed").
 */
import { PHONE_PATTERN, type LoginDataValue } from '@bimdrive/contracts';
import { useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  LightAlert,
  LightButton,
  LightField,
  LightInput,
  LightTabs,
} from '../../../components/light/light-controls.tsx';
import { LockIcon, MobileIcon, UserIcon } from '../../../components/light/light-icons.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSession } from '../../../stores/session-store.ts';
import { useClientConfig } from '../api/get-client-config.ts';
import { getUserInfo } from '../api/get-user-info.ts';
import { useLogin } from '../api/login.ts';
import { useRegister } from '../api/register.ts';
import { sendSmsCode } from '../api/send-sms.ts';
import '../i18n.ts';
import { matches, required, useLightForm, type LightForm } from '../lib/use-light-form.ts';
import { useSetPasswordDialog } from '../stores/set-password-store.ts';
import { BrandPanel } from './brand-panel.tsx';
import { LoginVideo } from './login-video.tsx';
import { SmsCodeField } from './sms-code-field.tsx';

type LoginField = 'phone' | 'password';
type SmsField = 'phone' | 'code';
type RegisterField = 'phone' | 'code' | 'name' | 'password';

/** Props of LoginPage. */
export interface LoginPageProps {
  /** Where to go after sign-in (default /myDocument). */
  redirectTo?: string;
}

/** The sign-in page. */
export function LoginPage({ redirectTo = '/myDocument' }: LoginPageProps): ReactElement {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  // 000 §2: /login?phoneNum=… fills the phone of every form.
  const [search] = useSearchParams();
  const phoneNum = (search.get('phoneNum') ?? '').trim().slice(0, 16);
  const config = useClientConfig();
  const loginMutation = useLogin();
  const registerMutation = useRegister();
  const [tab, setTab] = useState<'login' | 'sms' | 'register'>('login');
  const productName = config.data?.productName || t('common:productName');

  // The phone rule (000 §5) is checked on blur; the others as the value changes (antd Form's timing).
  const phone = {
    rules: [required(t('phoneRequired')), matches(PHONE_PATTERN, t('phoneInvalid'))],
    trigger: 'blur' as const,
  };
  const code = { rules: [required(t('sms.codeRequired')), matches(/^\d{6}$/, t('sms.codeInvalid'))] };
  const loginForm = useLightForm<LoginField>(
    { phone, password: { rules: [required(t('passwordRequired'))] } },
    { phone: phoneNum, password: '' },
  );
  const smsForm = useLightForm<SmsField>({ phone, code }, { phone: phoneNum, code: '' });
  const registerForm = useLightForm<RegisterField>(
    { phone, code, name: { rules: [required(t('nameRequired'), true)] }, password: { rules: [] } },
    { phone: phoneNum, code: '', name: '', password: '' },
  );

  /** Validate the form's phone, then ask for a code; the countdown to show (0: nothing sent). */
  const sendCode = async (form: LightForm<'phone'>, target: 'login' | 'register') => {
    if (!form.validate(['phone'])) return 0;
    const seconds = await sendSmsCode(target, form.get('phone').trim());
    if (seconds === 60) toast({ type: 'success', content: t('sms.sent') });
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
    toast({ type: 'success', content: successText });
    void navigate(redirectTo, { replace: true });
  };

  const onLogin = async () => {
    if (!loginForm.validate()) return;
    const values = loginForm.values;
    try {
      const data = await loginMutation.mutateAsync({ phone: values.phone.trim(), password: values.password });
      await finish(data, t('loginSuccess'));
    } catch {
      /* the API client showed the server message */
    }
  };

  const onSmsLogin = async () => {
    if (!smsForm.validate()) return;
    const values = smsForm.values;
    try {
      const data = await loginMutation.mutateAsync({ phone: values.phone.trim(), code: values.code });
      await finish(data, t('loginSuccess'));
    } catch {
      /* the API client showed the server message */
    }
  };

  const onRegister = async () => {
    if (!registerForm.validate()) return;
    const values = registerForm.values;
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

  /** A text field of `form` bound to its value, blur and message. */
  const field = <K extends string>(
    form: LightForm<K>,
    name: K,
    props: Parameters<typeof LightInput>[0],
    extra?: string,
  ) => (
    <LightField error={form.errors[name]} extra={extra}>
      {(describedBy) => (
        <LightInput
          size="large"
          {...props}
          aria-label={props.placeholder}
          aria-describedby={describedBy}
          invalid={Boolean(form.errors[name])}
          value={form.values[name]}
          onChange={(e) => form.change(name, e.target.value)}
          onBlur={() => form.blur(name)}
        />
      )}
    </LightField>
  );

  // The same phone field (000 §5 phone rule, checked on blur) opens all three forms.
  const phoneField = (form: LightForm<'phone'>) =>
    field(form, 'phone', {
      prefix: <MobileIcon />,
      placeholder: t('phone'),
      autoComplete: 'username',
      inputMode: 'tel',
      maxLength: 16,
    });

  const codeField = (form: LightForm<'code' | 'phone'>, target: 'login' | 'register', testId: string) => (
    <LightField error={form.errors.code}>
      {(describedBy) => (
        <SmsCodeField
          value={form.values.code}
          onChange={(v) => form.change('code', v)}
          onBlur={() => form.blur('code')}
          onSend={() => sendCode(form, target)}
          invalid={Boolean(form.errors.code)}
          describedBy={describedBy}
          data-testid={testId}
        />
      )}
    </LightField>
  );

  const submitButton = (label: string, pending: boolean) => (
    <LightButton variant="primary" size="large" type="submit" block loading={pending}>
      {label}
    </LightButton>
  );

  const onSubmit = (run: () => Promise<void>) => (e: FormEvent) => {
    e.preventDefault();
    void run();
  };

  const loginPane = (
    <form onSubmit={onSubmit(onLogin)} autoComplete="on" noValidate>
      {phoneField(loginForm)}
      {field(loginForm, 'password', {
        password: true,
        prefix: <LockIcon />,
        placeholder: t('password'),
        autoComplete: 'current-password',
      })}
      {submitButton(t('login'), loginMutation.isPending)}
    </form>
  );

  const smsPane = (
    <form onSubmit={onSubmit(onSmsLogin)} data-testid="sms-login-form" noValidate>
      {phoneField(smsForm)}
      {codeField(smsForm, 'login', 'sms-login-code')}
      {submitButton(t('login'), loginMutation.isPending)}
    </form>
  );

  const registerPane = (
    <form onSubmit={onSubmit(onRegister)} noValidate>
      {phoneField(registerForm)}
      {codeField(registerForm, 'register', 'register-code')}
      {field(registerForm, 'name', {
        prefix: <UserIcon />,
        placeholder: t('name'),
        maxLength: 50,
        autoComplete: 'name',
      })}
      {field(
        registerForm,
        'password',
        {
          password: true,
          prefix: <LockIcon />,
          placeholder: t('registerPasswordOptional'),
          autoComplete: 'new-password',
        },
        t('passwordHint'),
      )}
      {submitButton(t('register'), registerMutation.isPending)}
    </form>
  );

  const demoPhone = config.data?.demoPhone ?? null;

  return (
    <div
      className="lt-root"
      style={{ minHeight: '100vh', display: 'flex', background: '#f0f4fa', position: 'relative' }}
    >
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
          <h3 style={{ margin: '0 0 6px', fontSize: 24, lineHeight: 1.3333333333333333, fontWeight: 600 }}>
            {t('welcome', { product: productName })}
          </h3>
          <div style={{ marginBottom: 20, color: 'rgba(0, 0, 0, 0.45)' }}>
            {t(tab === 'sms' ? 'welcomeSubSms' : tab === 'register' ? 'registerSubSms' : 'welcomeSub')}
          </div>
          {demoPhone && (
            <LightAlert
              style={{ marginBottom: 12 }}
              title={t('demoTitle')}
              description={t('demoHint', { phone: demoPhone })}
              action={
                <LightButton
                  size="small"
                  variant="link"
                  onClick={() => {
                    setTab('login');
                    loginForm.setValues({ phone: demoPhone });
                  }}
                >
                  {t('demoFill')}
                </LightButton>
              }
            />
          )}
          <LightTabs
            activeKey={tab}
            onChange={setTab}
            items={[
              { key: 'login' as const, label: t('tabPassword'), children: loginPane },
              { key: 'sms' as const, label: t('tabSms'), children: smsPane },
              ...(config.data?.registerEnabled
                ? [{ key: 'register' as const, label: t('tabRegister'), children: registerPane }]
                : []),
            ]}
          />
          <div
            style={{ textAlign: 'center', margin: '20px 0 0', fontSize: 12, color: 'rgba(0, 0, 0, 0.45)' }}
          >
            {t('copyright', { year: new Date().getFullYear(), product: productName })}
          </div>
        </div>
      </main>
    </div>
  );
}
