/**
 * The edit dialogs of 用户管理 (spec 001 §2 /personalManagement; issue 16): 修改配额 (a GB input; the
 * API takes bytes, user-admin-format.ts) and 修改服务到期 (a date, or 无限制). Each calls its mutation
 * and closes on success with the server's message as the toast; a refusal stays open (the API client
 * toasts the envelope's message).
 */
import { formatFileSize } from '@bimdrive/contracts';
import { App, DatePicker, Form, InputNumber, Modal, Radio, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetUserQuota, useSetUserServiceEnd, type AdminUserRowValue } from '../api/users.ts';
import { bytesToGb, gbToBytes, MAX_QUOTA_GB, serviceEndBody } from '../lib/user-admin-format.ts';
import '../i18n.ts';

/** Props of both dialogs: the row being edited (null: closed). */
export interface UserDialogProps {
  user: AdminUserRowValue | null;
  onClose: () => void;
}

/** 修改配额: the quota in GB (two decimals), 0 … 1 048 576 GB. */
export function UserQuotaDialog({ user, onClose }: UserDialogProps): ReactElement {
  const { t } = useTranslation(['admin', 'common']);
  const { message } = App.useApp();
  const setQuota = useSetUserQuota();
  const [form] = Form.useForm<{ gb: number | null }>();

  const submit = async () => {
    if (!user) return;
    const { gb } = await form.validateFields();
    const quotaBytes = gbToBytes(gb);
    if (quotaBytes === null) return;
    try {
      const r = await setQuota.mutateAsync({ userId: user.userId, quotaBytes });
      void message.success(r.msg || t('common:msg.edited'));
      onClose();
    } catch {
      /* toasted by the API client */
    }
  };

  return (
    <Modal
      open={!!user}
      title={t('users.quotaTitle')}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={setQuota.isPending}
      destroyOnHidden
      width={425}
    >
      {user && (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ gb: bytesToGb(user.usableSpace) }}
          onFinish={() => void submit()}
        >
          <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
            {user.userName} {user.phone} · {t('users.quotaUsed', { used: formatFileSize(user.usedSpace) })}
          </Typography.Paragraph>
          <Form.Item
            name="gb"
            label={t('users.quotaLabel')}
            rules={[{ required: true, message: t('users.quotaRequired') }]}
          >
            <InputNumber
              min={0}
              max={MAX_QUOTA_GB}
              precision={2}
              step={1}
              addonAfter="GB"
              style={{ width: '100%' }}
              aria-label={t('users.quotaLabel')}
              autoFocus
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** 修改服务到期: 指定日期 (the service ends at that day's last second) or 无限制. */
export function UserServiceEndDialog({ user, onClose }: UserDialogProps): ReactElement {
  const { t } = useTranslation(['admin', 'common']);
  const { message } = App.useApp();
  const setEnd = useSetUserServiceEnd();
  const [form] = Form.useForm<{ mode: 'date' | 'unlimited'; day: Dayjs | null }>();
  const initialMode = user?.serviceStopTime === null ? 'unlimited' : 'date';
  const mode = Form.useWatch('mode', form) ?? initialMode;

  const submit = async () => {
    if (!user) return;
    const v = await form.validateFields();
    try {
      const r = await setEnd.mutateAsync({
        userId: user.userId,
        serviceStopTime: serviceEndBody(v.day ?? null, v.mode === 'unlimited'),
      });
      void message.success(r.msg || t('common:msg.edited'));
      onClose();
    } catch {
      /* toasted by the API client */
    }
  };

  return (
    <Modal
      open={!!user}
      title={t('users.serviceEndTitle')}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={setEnd.isPending}
      destroyOnHidden
      width={425}
    >
      {user && (
        <Form
          form={form}
          layout="vertical"
          initialValues={{
            mode: initialMode,
            day: user.serviceStopTime ? dayjs(user.serviceStopTime) : null,
          }}
        >
          <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
            {user.userName} {user.phone}
          </Typography.Paragraph>
          <Form.Item name="mode">
            <Radio.Group
              options={[
                { value: 'date', label: t('users.dateOption') },
                { value: 'unlimited', label: t('users.unlimitedOption') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="day"
            label={t('users.serviceEndLabel')}
            extra={t('users.serviceEndHint')}
            hidden={mode === 'unlimited'}
            rules={[{ required: mode === 'date', message: t('users.serviceEndRequired') }]}
          >
            <DatePicker
              style={{ width: '100%' }}
              format="YYYY-MM-DD"
              aria-label={t('users.serviceEndLabel')}
              data-testid="service-end-date"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
