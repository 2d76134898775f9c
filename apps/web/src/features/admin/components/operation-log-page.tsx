/**
 * 操作日志 `/operationLog` (spec 001 §2 administration group, layout 4; §6; issue 16): the append-only
 * audit log — sign-ins (IP, user agent), log-outs, password and phone changes, uploads, deletes,
 * downloads, shares, membership, administrator actions, payments — filtered by time, user, action
 * and object, paged and exportable as CSV. The table is `OperationLogTable` (operation-log-table.tsx),
 * which a company's detail page embeds with its `companyId`.
 */
import { FileSearchOutlined } from '@ant-design/icons';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { PageToolbar } from '../../../components/page-toolbar.tsx';
import '../records-i18n.ts';
import { OperationLogTable } from './operation-log-table.tsx';

/** The operation log screen. */
export function OperationLogPage(): ReactElement {
  const { t } = useTranslation('adminRecords');
  return (
    <div className="page-card" data-testid="operation-log-page">
      <PageToolbar icon={FileSearchOutlined} title={t('log.title')} />
      <OperationLogTable />
    </div>
  );
}
