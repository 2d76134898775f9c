/**
 * The two edit dialogs 用户管理 and 企业管理 share (spec 001 §2 /personalManagement, /companyManagement;
 * issue 16): 修改配额 (a GB input, two decimals, 0 … MAX_QUOTA_GB; the API takes bytes) and
 * 修改服务到期 (指定日期 — the service ends at that day's last second, server time — or 无限制). Each
 * calls `save` and closes on success with the server's message as the toast; a refusal stays open
 * (the API client toasts the envelope's message). Texts come from the caller's namespace through
 * `text(key)` (keys quotaTitle, quotaUsed, quotaLabel, quotaRequired, serviceEndTitle, dateOption,
 * unlimitedOption, serviceEndLabel, serviceEndHint, serviceEndRequired).
 */
import { formatFileSize } from '@bimdrive/contracts';
import { DatePicker, Form, InputNumber, Modal, Radio, Typography, type FormInstance } from 'antd';
import { useFeedback } from '../../../lib/feedback.tsx';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { bytesToGb, gbToBytes, MAX_QUOTA_GB, serviceEndBody } from '../lib/user-admin-format.ts';
import { serverText } from '../../../lib/server-messages.ts';

/** What both dialogs take. */
interface EditDialogProps {
  /** Open while the edited row is set. */
  open: boolean;
  /** Who is edited (name, phone…), shown under the title. */
  subject: ReactNode;
  /** The i18n key of a text, e.g. `k => 'admin:users.' + k`. */
  text: (key: string) => string;
  /** The mutation is running. */
  pending: boolean;
  onClose: () => void;
}

/**
 * The dialogs' submit: run `save`, toast its message (or 修改成功) and close; a refusal was toasted by
 * the API client and the dialog stays open.
 */
function useSaveAndClose(onClose: () => void): (save: () => Promise<{ msg: string }>) => Promise<void> {
  const { t } = useTranslation('common');
  const { message } = useFeedback();
  return async (save) => {
    try {
      const msg = serverText((await save()).msg);
      void message.success(msg || t('msg.edited'));
      onClose();
    } catch {
      /* toasted by the API client */
    }
  };
}

/**
 * The modal both dialogs sit in, with their vertical form (`form`, `initialValues`, `onFinish`) led by
 * the secondary `lead` line (who is edited…); its content is mounted only while open. OK runs `onOk`.
 */
function EditModal<V extends object>({
  open,
  title,
  pending,
  onOk,
  onClose,
  form,
  initialValues,
  onFinish,
  lead,
  children,
}: {
  open: boolean;
  title: string;
  pending: boolean;
  onOk: () => void;
  onClose: () => void;
  form: FormInstance<V>;
  initialValues: Partial<V>;
  onFinish?: () => void;
  lead: ReactNode;
  children: ReactNode;
}): ReactElement {
  const { t } = useTranslation('common');
  return (
    <Modal
      open={open}
      title={title}
      okText={t('ok')}
      cancelText={t('cancel')}
      onOk={onOk}
      onCancel={onClose}
      confirmLoading={pending}
      destroyOnHidden
      width={425}
    >
      {open && (
        <Form form={form} layout="vertical" initialValues={initialValues} onFinish={onFinish}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
            {lead}
          </Typography.Paragraph>
          {children}
        </Form>
      )}
    </Modal>
  );
}

/** 修改配额 of a space with `usedSpace` of `usableSpace` bytes; `save` gets the new quota in bytes. */
export function QuotaDialog({
  open,
  subject,
  text,
  pending,
  onClose,
  usedSpace,
  usableSpace,
  save,
}: EditDialogProps & {
  usedSpace: number;
  usableSpace: number;
  save: (quotaBytes: number) => Promise<{ msg: string }>;
}): ReactElement {
  const { t } = useTranslation('common');
  const saveAndClose = useSaveAndClose(onClose);
  const [form] = Form.useForm<{ gb: number | null }>();

  const submit = async () => {
    // An invalid form shows its messages under the fields and saves nothing.
    const values = await form.validateFields().catch(() => null);
    const quotaBytes = values ? gbToBytes(values.gb) : null;
    if (quotaBytes !== null) await saveAndClose(() => save(quotaBytes));
  };

  return (
    <EditModal
      open={open}
      title={t(text('quotaTitle'))}
      pending={pending}
      onOk={() => void submit()}
      onClose={onClose}
      form={form}
      initialValues={{ gb: bytesToGb(usableSpace) }}
      onFinish={() => void submit()}
      lead={
        <>
          {subject} · {t(text('quotaUsed'), { used: formatFileSize(usedSpace) })}
        </>
      }
    >
      <Form.Item
        name="gb"
        label={t(text('quotaLabel'))}
        rules={[{ required: true, message: t(text('quotaRequired')) }]}
      >
        <InputNumber
          min={0}
          max={MAX_QUOTA_GB}
          precision={2}
          step={1}
          addonAfter="GB"
          style={{ width: '100%' }}
          aria-label={t(text('quotaLabel'))}
          autoFocus
        />
      </Form.Item>
    </EditModal>
  );
}

/** 修改服务到期 from `serviceStopTime` ("yyyy-MM-dd HH:mm:ss", null = 无限制); `save` gets the API value. */
export function ServiceEndDialog({
  open,
  subject,
  text,
  pending,
  onClose,
  serviceStopTime,
  save,
}: EditDialogProps & {
  serviceStopTime: string | null;
  save: (serviceStopTime: string | null) => Promise<{ msg: string }>;
}): ReactElement {
  const { t } = useTranslation('common');
  const saveAndClose = useSaveAndClose(onClose);
  const [form] = Form.useForm<{ mode: 'date' | 'unlimited'; day: Dayjs | null }>();
  const initialMode = serviceStopTime === null ? 'unlimited' : 'date';
  const mode = Form.useWatch('mode', form) ?? initialMode;

  const submit = async () => {
    const v = await form.validateFields().catch(() => null); // invalid: its messages, nothing saved
    if (v) await saveAndClose(() => save(serviceEndBody(v.day ?? null, v.mode === 'unlimited')));
  };

  return (
    <EditModal
      open={open}
      title={t(text('serviceEndTitle'))}
      pending={pending}
      onOk={() => void submit()}
      onClose={onClose}
      form={form}
      initialValues={{ mode: initialMode, day: serviceStopTime ? dayjs(serviceStopTime) : null }}
      lead={subject}
    >
      <Form.Item name="mode">
        <Radio.Group
          options={[
            { value: 'date', label: t(text('dateOption')) },
            { value: 'unlimited', label: t(text('unlimitedOption')) },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="day"
        label={t(text('serviceEndLabel'))}
        extra={t(text('serviceEndHint'))}
        hidden={mode === 'unlimited'}
        rules={[{ required: mode === 'date', message: t(text('serviceEndRequired')) }]}
      >
        <DatePicker
          style={{ width: '100%' }}
          format="YYYY-MM-DD"
          aria-label={t(text('serviceEndLabel'))}
          data-testid="service-end-date"
        />
      </Form.Item>
    </EditModal>
  );
}
