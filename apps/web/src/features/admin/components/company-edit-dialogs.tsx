/**
 * The edit dialogs of 企业管理 (spec 001 §2 /companyManagement; issue 16): 修改配额 (a GB input; the API
 * takes bytes) and 修改服务到期 (a date — the service ends at that day's last second, server time — or
 * 无限制). Each calls its mutation (api/companies.ts) and closes on success with the server's message as
 * the toast; a refusal stays open (the API client toasts the envelope's message).
 */
import { formatFileSize } from '@bimdrive/contracts';
import { App, DatePicker, Form, InputNumber, Modal, Radio, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetCompanyQuota, useSetCompanyServiceEnd } from '../api/companies.ts';
import { bytesToGb, gbToBytes, MAX_QUOTA_GB, serviceEndBody } from '../lib/user-admin-format.ts';
import '../companies-i18n.ts';

/** The part of a company the dialogs need. */
export interface EditedCompany {
  corpId: string;
  corpName: string;
  usedSpace: number;
  usableSpace: number;
  /** "yyyy-MM-dd HH:mm:ss" or null (无限制). */
  serviceStopTime: string | null;
}

/** Props of both dialogs: the company being edited (null: closed). */
export interface CompanyDialogProps {
  company: EditedCompany | null;
  onClose: () => void;
}

/** 修改配额: the company's quota in GB (two decimals), 0 … 1 048 576 GB. */
export function CompanyQuotaDialog({ company, onClose }: CompanyDialogProps): ReactElement {
  const { t } = useTranslation(['adminCompanies', 'common']);
  const { message } = App.useApp();
  const setQuota = useSetCompanyQuota();
  const [form] = Form.useForm<{ gb: number | null }>();

  const submit = async () => {
    if (!company) return;
    const { gb } = await form.validateFields();
    const quotaBytes = gbToBytes(gb);
    if (quotaBytes === null) return;
    try {
      const r = await setQuota.mutateAsync({ corpId: company.corpId, quotaBytes });
      void message.success(r.msg || t('common:msg.edited'));
      onClose();
    } catch {
      /* toasted by the API client */
    }
  };

  return (
    <Modal
      open={!!company}
      title={t('quotaTitle')}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={setQuota.isPending}
      destroyOnHidden
      width={425}
    >
      {company && (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ gb: bytesToGb(company.usableSpace) }}
          onFinish={() => void submit()}
        >
          <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
            {company.corpName} · {t('quotaUsed', { used: formatFileSize(company.usedSpace) })}
          </Typography.Paragraph>
          <Form.Item
            name="gb"
            label={t('quotaLabel')}
            rules={[{ required: true, message: t('quotaRequired') }]}
          >
            <InputNumber
              min={0}
              max={MAX_QUOTA_GB}
              precision={2}
              step={1}
              addonAfter="GB"
              style={{ width: '100%' }}
              aria-label={t('quotaLabel')}
              autoFocus
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** 修改服务到期: 指定日期 or 无限制. */
export function CompanyServiceEndDialog({ company, onClose }: CompanyDialogProps): ReactElement {
  const { t } = useTranslation(['adminCompanies', 'common']);
  const { message } = App.useApp();
  const setEnd = useSetCompanyServiceEnd();
  const [form] = Form.useForm<{ mode: 'date' | 'unlimited'; day: Dayjs | null }>();
  const initialMode = company?.serviceStopTime === null ? 'unlimited' : 'date';
  const mode = Form.useWatch('mode', form) ?? initialMode;

  const submit = async () => {
    if (!company) return;
    const v = await form.validateFields();
    try {
      const r = await setEnd.mutateAsync({
        corpId: company.corpId,
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
      open={!!company}
      title={t('serviceEndTitle')}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={setEnd.isPending}
      destroyOnHidden
      width={425}
    >
      {company && (
        <Form
          form={form}
          layout="vertical"
          initialValues={{
            mode: initialMode,
            day: company.serviceStopTime ? dayjs(company.serviceStopTime) : null,
          }}
        >
          <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
            {company.corpName}
          </Typography.Paragraph>
          <Form.Item name="mode">
            <Radio.Group
              options={[
                { value: 'date', label: t('dateOption') },
                { value: 'unlimited', label: t('unlimitedOption') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="day"
            label={t('serviceEndLabel')}
            extra={t('serviceEndHint')}
            hidden={mode === 'unlimited'}
            rules={[{ required: mode === 'date', message: t('serviceEndRequired') }]}
          >
            <DatePicker
              style={{ width: '100%' }}
              format="YYYY-MM-DD"
              aria-label={t('serviceEndLabel')}
              data-testid="company-service-end-date"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
