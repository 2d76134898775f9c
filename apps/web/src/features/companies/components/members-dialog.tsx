/**
 * Personnel info of a company (spec 000 §2 person and company dialog, mode checkCompanyPerson: 650 px,
 * member list at most 400 px high; "Member list and applicants"): tab 成员 with delete and set / cancel
 * administrator on the rows the caller may manage (000 §6 `power`), and 复制邀请链接 on invitation
 * rows not yet accepted (invitebit false; their delete revokes the invitation); for administrators
 * 邀请成员 (InviteMemberDialog) and the tab 新申请 with approve and reject (000 §4); the tab 管理员 lists
 * the company's administrators for everyone (mode checkCompanyAdmin, GetCorpAdmin). Empty lists show
 * 暂无数据. The server enforces every rule; the list refreshes live on `companyApply1` (use-realtime.ts).
 */
import { UserAddOutlined } from '@ant-design/icons';
import { Button, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useFeedback } from '../../../lib/feedback.tsx';
import dayjs from 'dayjs';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/clipboard.ts';
import {
  useApplicants,
  useCompanyAdmins,
  useCopyInviteLink,
  useDecideApplication,
  useMembers,
  useRemoveMember,
  useToggleAdmin,
  type CompanyApplicationValue,
  type CompanyPersonListValue,
} from '../api/company-api.ts';
import { InviteMemberDialog } from './invite-member-dialog.tsx';
import { DraggableModal } from '../../../components/draggable-modal.tsx';
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

/**
 * One list of the dialog (members, administrators, applicants): small, unpaged, at most LIST_HEIGHT
 * high, 暂无数据 when empty; the columns 序号, 姓名 and 手机号 come before the list's own `more`.
 */
function PersonList<T extends object>({
  testId,
  rowKey,
  loading,
  rows,
  more = [],
}: {
  testId: string;
  rowKey: keyof T & string;
  loading: boolean;
  rows: readonly T[];
  more?: ColumnsType<T>;
}): ReactElement {
  const { t } = useTranslation(['companies', 'common']);
  return (
    <Table<T>
      data-testid={testId}
      rowKey={rowKey}
      size="small"
      pagination={false}
      scroll={{ y: LIST_HEIGHT }}
      locale={{ emptyText: t('common:noData') }}
      loading={loading}
      dataSource={rows}
      columns={[
        { title: t('col.index'), width: 64, render: (_: unknown, __: unknown, i: number) => i + 1 },
        { title: t('col.userName'), dataIndex: 'userName', ellipsis: true },
        { title: t('col.phone'), dataIndex: 'phone', width: 130 },
        ...more,
      ]}
    />
  );
}

/** The members / applicants dialog of the caller's company. */
export function MembersDialog({ open, corpId, isAdmin, onClose }: MembersDialogProps): ReactElement {
  const { t } = useTranslation(['companies', 'common']);
  const { modal, message } = useFeedback();
  const members = useMembers(open ? corpId : undefined);
  const applicants = useApplicants(open && isAdmin);
  const admins = useCompanyAdmins(open ? corpId : undefined);
  const remove = useRemoveMember();
  const toggle = useToggleAdmin();
  const decide = useDecideApplication();
  const copyLink = useCopyInviteLink();
  const [inviting, setInviting] = useState(false);
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
      content: t(p.invitebit ? 'removeConfirm' : 'invite.revokeConfirm', { name: p.userName }),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      onOk: () => act(() => remove.mutateAsync(p.userId), t('deleted')),
    });

  /** Mint a link of an invitation row and put it on the clipboard (000 §8 链接复制成功). */
  const copyInvite = async (p: Person) => {
    let url: string;
    try {
      url = (await copyLink.mutateAsync(p.userId)).url;
    } catch {
      return; /* shown by the API client */
    }
    if (await copyText(url)) {
      void message.success(t('invite.copied'));
      return;
    }
    modal.info({
      title: t('invite.copy'),
      content: (
        <>
          <p>{t('invite.copyFailed')}</p>
          <Typography.Paragraph copyable data-testid="invite-link-text">
            {url}
          </Typography.Paragraph>
        </>
      ),
      okText: t('common:ok'),
    });
  };

  const memberTable = (
    <PersonList<Person>
      testId="company-members"
      rowKey="userId"
      loading={members.isLoading}
      rows={members.data?.list ?? []}
      more={[
        {
          title: t('col.role'),
          width: 120,
          render: (_, p) =>
            !p.invitebit ? (
              <Tag color="orange">{t('invite.pendingTag')}</Tag>
            ) : p.isAdmin ? (
              <Tag color="blue">{t('roleAdmin')}</Tag>
            ) : (
              t('roleMember')
            ),
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
                {!p.invitebit ? (
                  <Button
                    type="link"
                    size="small"
                    data-testid="copy-invite-link"
                    loading={copyLink.isPending && copyLink.variables === p.userId}
                    onClick={() => void copyInvite(p)}
                  >
                    {t('invite.copy')}
                  </Button>
                ) : (
                  <Button
                    type="link"
                    size="small"
                    loading={toggle.isPending && toggle.variables === p.userId}
                    onClick={() => act(() => toggle.mutateAsync(p.userId), t('setOk'))}
                  >
                    {p.isAdmin ? t('action.cancelAdmin') : t('action.setAdmin')}
                  </Button>
                )}
              </Space>
            ),
        },
      ]}
    />
  );

  const applicantTable = (
    <PersonList<CompanyApplicationValue>
      testId="company-applicants"
      rowKey="iuid"
      loading={applicants.isLoading}
      rows={applicants.data ?? []}
      more={[
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

  const adminTable = (
    <PersonList<Person>
      testId="company-admins"
      rowKey="userId"
      loading={admins.isLoading}
      rows={admins.data ?? []}
    />
  );

  return (
    <DraggableModal
      resizable
      open={open}
      title={t('members')}
      width={650}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Tabs
        tabBarExtraContent={
          isAdmin && (
            <Button
              size="small"
              icon={<UserAddOutlined />}
              onClick={() => setInviting(true)}
              data-testid="invite-member-open"
            >
              {t('invite.open')}
            </Button>
          )
        }
        items={[
          { key: 'members', label: t('tabs.members'), children: memberTable },
          { key: 'admins', label: t('tabs.admins'), children: adminTable },
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
      <InviteMemberDialog open={inviting} onClose={() => setInviting(false)} />
    </DraggableModal>
  );
}
