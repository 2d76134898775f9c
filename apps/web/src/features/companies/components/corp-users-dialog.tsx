/**
 * Registered-persons dialog 已注册人员数 (spec 000 §2 Dialogs; §3 Registered corp user and Sharing
 * plan row; §7 GetCorpUsers; §9 Sharing plans): the pricing table (分享数量规格; the free trial at
 * its configured length, TRIAL_DAYS), 联系供应商购买 (the consult phone of the client config, else a message), and the
 * company's registered users with index, name and registration time. 650 px (a people list), the
 * list at most 400 px high. Opened from the company card by company administrators; the server
 * refuses everyone else. SharingPlansDialog is the share-count specification dialog 分享数量规格 (the
 * same pricing table), opened from the share-limit notice.
 */
import { PhoneOutlined } from '@ant-design/icons';
import { Button, Table, Typography } from 'antd';
import { useFeedback } from '../../../lib/feedback.tsx';
import dayjs from 'dayjs';
import { useMemo, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '../../auth/api/get-client-config.ts';
import { useCorpUsers, type CorpUserValue } from '../api/company-api.ts';
import { planTableRows, type Label, type PlanTableRow } from '../lib/sharing-plans.ts';
import { usePlanList } from '../../billing/api/get-plan-list.ts';
import { DraggableModal } from '../../../components/draggable-modal.tsx';
import '../i18n.ts';

/** Props of CorpUsersDialog. */
export interface CorpUsersDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The pricing table of 000 §9 (also the content of 分享数量规格), scrolling past `height` px. */
export function SharingPlansTable({ height = 260 }: { height?: number }): ReactElement {
  const { t } = useTranslation('companies');
  // The configured free-trial length (TRIAL_DAYS) comes with the plan catalogue.
  const trialDays = usePlanList('person', true).data?.trialDays;
  const rows = useMemo(() => planTableRows(undefined, trialDays), [trialDays]);
  const label = (l: Label) => t(l.key, l.values ?? {});
  const spanned = (r: PlanTableRow) => ({ rowSpan: r.span, style: { verticalAlign: 'top' as const } });
  return (
    <Table<PlanTableRow>
      data-testid="sharing-plans"
      rowKey="key"
      size="small"
      bordered
      pagination={false}
      scroll={{ y: height }}
      dataSource={rows}
      columns={[
        { title: t('corpUsers.col.person'), width: 130, onCell: spanned, render: (_, r) => label(r.person) },
        { title: t('corpUsers.col.period'), render: (_, r) => r.period.map(label).join('') },
        {
          title: t('corpUsers.col.price'),
          width: 110,
          align: 'right',
          render: (_, r) =>
            r.price === null
              ? t('corpUsers.contact')
              : r.price === 0
                ? t('corpUsers.free')
                : r.price.toLocaleString(),
        },
        {
          title: t('corpUsers.col.limit'),
          width: 140,
          align: 'right',
          onCell: spanned,
          render: (_, r) => (r.limit === null ? t('corpUsers.unlimited') : r.limit),
        },
      ]}
    />
  );
}

/** Props of SharingPlansDialog. */
export interface SharingPlansDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Share-count specification dialog 分享数量规格 (000 §2 Dialogs): the pricing table alone. */
export function SharingPlansDialog({ open, onClose }: SharingPlansDialogProps): ReactElement {
  const { t } = useTranslation('companies');
  return (
    <DraggableModal
      open={open}
      title={t('corpUsers.plans')}
      width={650}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <SharingPlansTable height={480} />
    </DraggableModal>
  );
}

/** The 已注册人员数 dialog. */
export function CorpUsersDialog({ open, onClose }: CorpUsersDialogProps): ReactElement {
  const { t } = useTranslation(['companies', 'common']);
  const { modal } = useFeedback();
  const users = useCorpUsers(open);
  const config = useClientConfig();
  const phone = config.data?.consultPhone ?? '';

  const consult = () =>
    modal.info({
      title: t('corpUsers.buy'),
      content: phone ? t('corpUsers.consultPhone', { phone }) : t('corpUsers.consultNone'),
      okText: t('common:ok'),
    });

  return (
    <DraggableModal
      open={open}
      title={t('corpUsers.title')}
      width={650}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      data-testid="corp-users-dialog"
    >
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('corpUsers.plans')}
      </Typography.Title>
      <SharingPlansTable />
      <div
        style={{ margin: '12px 0', display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}
      >
        <Typography.Text strong data-testid="corp-users-count">
          {t('corpUsers.count', { count: users.data?.length ?? 0 })}
        </Typography.Text>
        <Button type="primary" icon={<PhoneOutlined />} onClick={consult}>
          {t('corpUsers.buy')}
        </Button>
      </div>
      <Table<CorpUserValue>
        data-testid="corp-users"
        rowKey={(u, i) => `${u.createTime}-${i}`}
        size="small"
        pagination={false}
        scroll={{ y: 400 }}
        loading={users.isLoading}
        dataSource={users.data ?? []}
        locale={{ emptyText: t('common:noData') }}
        columns={[
          { title: t('col.index'), width: 64, render: (_, __, i) => i + 1 },
          { title: t('col.userName'), dataIndex: 'userName', ellipsis: true },
          {
            title: t('corpUsers.createTime'),
            dataIndex: 'createTime',
            width: 180,
            render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
          },
        ]}
      />
    </DraggableModal>
  );
}
