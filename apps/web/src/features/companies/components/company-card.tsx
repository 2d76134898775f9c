/**
 * The company part of the account centre (spec 000 §2 /userCenter, account card "a prompt to join or
 * create a company when the user has none", §6 roles): without a company, the prompt with 创建企业 and
 * 加入企业; with one, its name, organisation code, the caller's role, 人员信息 (members and, for
 * administrators, applicants, with the pending red dot), for administrators 已注册人员数 (CorpUsersDialog)
 * and 企业详情 (/corpDetail), and 退出企业. Hidden in the personal edition. `?company=create|join` opens
 * the create / join dialog (linked from 企业空间 for users without a company).
 */
import { TeamOutlined } from '@ant-design/icons';
import { ApplyStatus } from '@bimdrive/contracts';
import { Badge, Button, Card, Descriptions, Empty, Skeleton, Space, Typography } from 'antd';
import { useFeedback } from '../../../lib/feedback.tsx';
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  useExitCompany,
  useMyApplication,
  useMyCompany,
  usePendingApplications,
} from '../api/company-api.ts';
import { CompanyFormDialog } from './company-form-dialog.tsx';
import { CorpUsersDialog } from './corp-users-dialog.tsx';
import { MembersDialog } from './members-dialog.tsx';
import '../i18n.ts';

/** The company card of the account centre. */
export function CompanyCard(): ReactElement {
  const { t } = useTranslation(['companies', 'common']);
  const { modal, message } = useFeedback();
  const company = useMyCompany();
  const navigate = useNavigate();
  const c = company.data;
  const pending = usePendingApplications(Boolean(c?.iscorpadmin));
  // Without a company: the state of the user's own latest application (issue 17).
  const mine = useMyApplication(!company.isLoading && !c).data;
  const exit = useExitCompany();
  const [form, setForm] = useState<'create' | 'join' | null>(null);
  // `?company=create|join` (企业空间's 创建企业 / 加入企业) opens the dialog once the card knows there is
  // no company yet.
  const [params, setParams] = useSearchParams();
  const asked = params.get('company');
  useEffect(() => {
    if ((asked !== 'create' && asked !== 'join') || company.isLoading) return;
    if (!company.data) setForm(asked);
    const next = new URLSearchParams(params);
    next.delete('company');
    setParams(next, { replace: true });
  }, [asked, company.isLoading, company.data, params, setParams]);
  const [membersOpen, setMembersOpen] = useState(false);
  const [corpUsersOpen, setCorpUsersOpen] = useState(false);

  const confirmExit = () =>
    modal.confirm({
      title: t('common:tip'),
      content: t('exitConfirm', { name: c?.corpName ?? '' }),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      onOk: async () => {
        await exit.mutateAsync(undefined);
        void message.success(t('exited'));
      },
    });

  return (
    <Card title={t('title')} data-testid="company-card" style={{ maxWidth: 720 }}>
      {company.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : c ? (
        <>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('name')}>{c.corpName}</Descriptions.Item>
            <Descriptions.Item label={t('code')}>{c.code}</Descriptions.Item>
            <Descriptions.Item label={t('role')}>
              {c.iscorpadmin ? t('roleAdmin') : t('roleMember')}
            </Descriptions.Item>
          </Descriptions>
          <Space style={{ marginTop: 16 }}>
            <Badge dot={Boolean(pending.data)} data-testid="company-members-badge">
              <Button
                icon={<TeamOutlined />}
                onClick={() => setMembersOpen(true)}
                data-testid="company-members-open"
              >
                {t('members')}
              </Button>
            </Badge>
            {c.iscorpadmin && (
              <Button onClick={() => setCorpUsersOpen(true)} data-testid="corp-users-open">
                {t('corpUsers.open')}
              </Button>
            )}
            {c.iscorpadmin && (
              <Button onClick={() => void navigate('/corpDetail')} data-testid="corp-detail-open">
                {t('corpDetail.open')}
              </Button>
            )}
            <Button danger onClick={confirmExit}>
              {t('exit')}
            </Button>
          </Space>
          <MembersDialog
            open={membersOpen}
            corpId={c.corpId}
            isAdmin={c.iscorpadmin}
            onClose={() => setMembersOpen(false)}
          />
          <CorpUsersDialog open={corpUsersOpen} onClose={() => setCorpUsersOpen(false)} />
        </>
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <div>{t('none')}</div>
              {mine && mine.operateStatus !== ApplyStatus.approved && (
                <Typography.Text
                  type={mine.operateStatus === ApplyStatus.rejected ? 'danger' : 'secondary'}
                  data-testid="my-application"
                >
                  {t(
                    mine.operateStatus === ApplyStatus.rejected
                      ? 'application.rejected'
                      : 'application.pending',
                    {
                      name: mine.corpName,
                    },
                  )}
                </Typography.Text>
              )}
            </>
          }
        >
          <Space>
            <Button type="primary" onClick={() => setForm('create')} data-testid="company-create">
              {t('create')}
            </Button>
            <Button onClick={() => setForm('join')} data-testid="company-join">
              {t('join')}
            </Button>
          </Space>
        </Empty>
      )}
      <CompanyFormDialog mode={form} onClose={() => setForm(null)} />
    </Card>
  );
}
