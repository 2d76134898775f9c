/**
 * Create or join a company (spec 000 §2 person and company dialog, mode joinCompany, 425 px; §3 join
 * form; §4 "choosing a company from the search fills its code and locks the code field; clearing
 * unlocks it"; §5 join rules and messages). Create: company name and its 18-character unified
 * social credit code (checked per GB 32100-2015 here and on the server); the creator becomes its
 * administrator. Join: search by name (up to 999 from page 1), the code, and the applicant's name
 * (or the account name); the application then waits for an administrator (Application submitted…).
 */
import { CreditCodeSchema } from '@bimdrive/contracts';
import { AutoComplete, Checkbox, Form, Input } from 'antd';
import { useFeedback } from '../../../lib/feedback.tsx';
import { useDeferredValue, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../stores/session-store.ts';
import { useCompanySearch, useCreateCompany, useJoinCompany } from '../api/company-api.ts';
import { DraggableModal } from '../../../components/draggable-modal.tsx';
import '../i18n.ts';

/** Props of CompanyFormDialog. */
export interface CompanyFormDialogProps {
  mode: 'create' | 'join' | null;
  onClose: () => void;
}

interface FormValues {
  name: string;
  code: string;
  userName: string;
  useUserName: boolean;
}

/** The create / join company dialog (open while `mode` is set). */
export function CompanyFormDialog({ mode, onClose }: CompanyFormDialogProps): ReactElement {
  const { t } = useTranslation(['companies', 'common']);
  const { message } = useFeedback();
  const [form] = Form.useForm<FormValues>();
  const accountName = useSession((s) => s.user?.userName ?? '');
  const [locked, setLocked] = useState(false);
  const name = Form.useWatch('name', form) ?? '';
  const useUserName = Form.useWatch('useUserName', form) ?? true;
  const query = useDeferredValue(name.trim());
  const search = useCompanySearch(query, mode === 'join');
  const create = useCreateCompany();
  const join = useJoinCompany();
  const joining = mode === 'join';

  const submit = async () => {
    let v: FormValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const code = v.code.trim().toUpperCase();
    try {
      if (joining) {
        await join.mutateAsync({
          name: v.name.trim(),
          code,
          userName: (v.useUserName ? accountName : v.userName).trim(),
          useUserName: v.useUserName,
        });
        void message.success(t('applied'));
      } else {
        await create.mutateAsync({ name: v.name.trim(), code });
        void message.success(t('created'));
      }
      onClose();
    } catch {
      /* the API client showed the server's message; keep the dialog open */
    }
  };

  const codeRule = {
    validator: (_: unknown, value: string | undefined) => {
      if (!value?.trim()) return Promise.reject(new Error(t('form.codeRequired')));
      const r = CreditCodeSchema.safeParse(value);
      return r.success ? Promise.resolve() : Promise.reject(new Error(r.error.issues[0]!.message));
    },
  };

  return (
    <DraggableModal
      open={mode !== null}
      title={joining ? t('join') : t('create')}
      width={425}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={create.isPending || join.isPending}
      destroyOnHidden
      afterClose={() => setLocked(false)}
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{ name: '', code: '', userName: accountName, useUserName: true }}
        style={{ marginTop: 16 }}
        data-testid="company-form"
      >
        <Form.Item
          name="name"
          label={t('form.name')}
          rules={[{ required: true, whitespace: true, message: t('form.nameRequired') }]}
        >
          {joining ? (
            <AutoComplete
              allowClear
              placeholder={t('form.namePlaceholder')}
              options={(search.data ?? []).map((c) => ({
                value: c.corpName,
                label: c.corpName,
                code: c.code,
              }))}
              onSelect={(_, option) => {
                form.setFieldValue('code', option.code);
                setLocked(true);
                void form.validateFields(['code']);
              }}
              onChange={(value) => {
                if (!value && locked) {
                  form.setFieldValue('code', '');
                  setLocked(false);
                }
              }}
              onClear={() => {
                form.setFieldValue('code', '');
                setLocked(false);
              }}
            />
          ) : (
            <Input maxLength={100} />
          )}
        </Form.Item>
        <Form.Item name="code" label={t('form.code')} rules={[codeRule]} validateTrigger="onBlur">
          <Input
            maxLength={18}
            placeholder={t('form.codePlaceholder')}
            disabled={locked}
            data-testid="company-code"
          />
        </Form.Item>
        {joining && (
          <>
            <Form.Item name="useUserName" valuePropName="checked" style={{ marginBottom: 8 }}>
              <Checkbox>{t('form.useUserName')}</Checkbox>
            </Form.Item>
            {!useUserName && (
              <Form.Item
                name="userName"
                label={t('form.userName')}
                rules={[{ required: true, whitespace: true, message: t('form.userNameRequired') }]}
              >
                <Input maxLength={50} />
              </Form.Item>
            )}
          </>
        )}
      </Form>
    </DraggableModal>
  );
}
