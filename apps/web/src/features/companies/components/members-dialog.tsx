/**
 * Personnel info of a company (spec 000 §2 person and company dialog, mode checkCompanyPerson: 650 px,
 * member list at most 400 px high; "Member list and applicants"): tab 成员 with delete and set / cancel
 * administrator on the rows the caller may manage (000 §6 `power`), and for administrators the tab
 * 新申请 with approve and reject (000 §4). Empty lists show 暂无数据. The server enforces every rule;
 * the list refreshes live on `companyApply1` (features/companies/lib/company-events.ts).
 */
import { App, Button, Modal, Space, Table, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useApplicants,
  useDecideApplication,
  useMembers,
  useRemoveMember,
  useToggleAdmin,
  type CompanyApplicationValue,
  type CompanyPersonListValue,
} from '../api/company-api.ts';
import '../i18n.ts';

type Person = CompanyPersonListValue['list'][number];

/** Props of MembersDialog. */
export interface MembersDialogProps {
  open: boolean;
  corpId: string;
  isAdmin: boolean;
  onClose: () => void;
}

const LIST_HEIGHT = 400;

/** The members / applicants dialog of the caller's company. */
export function MembersDialog({ open, corpId, isAdmin, onClose }: MembersDialogProps): ReactElement {
  const { t } = useTranslation(['companies', 'common']);
  const { modal, message } = App.useApp();
  const members = useMembers(open ? corpId : undefined);
  const applicants = useApplicants(open && isAdmin);
  const remove = useRemoveMember();
  const toggle = useToggleAdmin();
  const decide = useDecideApplication();
  /** Run a mutation and confirm it; a refusal was already shown by the API client. */
  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      void message.success(done);
    } catch {
      /* shown by the API client */
    }
  };

  const confirmRemove = (p: Person) =>
    modal.confirm({
      title: t('common:tip'),
      content: t('removeConfirm', { name: p.userName }),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      onOk: () => act(() => remove.mutateAsync(p.userId), t('deleted')),
    });

  /** What both lists share: size, height, empty text and the leading person columns. */
  const listProps = {
    size: 'small',
    pagination: false,
    scroll: { y: LIST_HEIGHT },
    locale: { emptyText: t('common:noData') },
  } as const;
  const personColumns = [
    { title: t('col.index'), width: 64, render: (_: unknown, __: unknown, i: number) => i + 1 },
    { title: t('col.userName'), dataIndex: 'userName', ellipsis: true },
    { title: t('col.phone'), dataIndex: 'phone', width: 130 },
  ];

  const memberTable = (
    <Table<Person>
      data-testid="company-members"
      rowKey="userId"
      {...listProps}
      loading={members.isLoading}
      dataSource={members.data?.list ?? []}
      columns={[
        ...personColumns,
        {
          title: t('col.role'),
          width: 120,
          render: (_, p) => (p.isAdmin ? <Tag color="blue">{t('roleAdmin')}</Tag> : t('roleMember')),
        },
        {
          title: t('col.actions'),
          width: 190,
          render: (_, p) =>
            p.power && (
              <Space size={0}>
                <Button type="link" size="small" danger onClick={() => confirmRemove(p)}>
                  {t('action.remove')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  loading={toggle.isPending && toggle.variables === p.userId}
                  onClick={() => act(() => toggle.mutateAsync(p.userId), t('setOk'))}
                >
                  {p.isAdmin ? t('action.cancelAdmin') : t('action.setAdmin')}
                </Button>
              </Space>
            ),
        },
      ]}
    />
  );

  const applicantTable = (
    <Table<CompanyApplicationValue>
      data-testid="company-applicants"
      rowKey="iuid"
      {...listProps}
      loading={applicants.isLoading}
      dataSource={applicants.data ?? []}
      columns={[
        ...personColumns,
        {
          title: t('col.createTime'),
          dataIndex: 'createTime',
          width: 150,
          render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
        },
        {
          title: t('col.actions'),
          width: 130,
          render: (_, a) => (
            <Space size={0}>
              {([true, false] as const).map((accept) => (
                <Button
                  key={String(accept)}
                  type="link"
                  size="small"
                  danger={!accept}
                  onClick={() =>
                    act(
                      () => decide.mutateAsync({ id: a.iuid, accept }),
                      accept ? t('approved') : t('rejected'),
                    )
                  }
                >
                  {accept ? t('action.approve') : t('action.reject')}
                </Button>
              ))}
            </Space>
          ),
        },
      ]}
    />
  );

  return (
    <Modal open={open} title={t('members')} width={650} footer={null} onCancel={onClose} destroyOnHidden>
      <Tabs
        items={[
          { key: 'members', label: t('tabs.members'), children: memberTable },
          ...(isAdmin
            ? [
                {
                  key: 'applicants',
                  label: `${t('tabs.applicants')}${applicants.data?.length ? ` (${applicants.data.length})` : ''}`,
                  children: applicantTable,
                },
              ]
            : []),
        ]}
      />
    </Modal>
  );
}
