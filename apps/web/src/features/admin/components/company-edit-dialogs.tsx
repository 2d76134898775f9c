/**
 * The edit dialogs of 企业管理 (spec 001 §2 /companyManagement; issue 16): 修改配额 and 修改服务到期 of
 * one company, the shared dialogs of space-edit-dialogs.tsx on the company mutations (api/companies.ts).
 */
import type { ReactElement } from 'react';
import { useSetCompanyQuota, useSetCompanyServiceEnd } from '../api/companies.ts';
import '../companies-i18n.ts';
import { QuotaDialog, ServiceEndDialog } from './space-edit-dialogs.tsx';

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

const text = (key: string) => `adminCompanies:${key}`;

/** 修改配额: the company's quota in GB. */
export function CompanyQuotaDialog({ company, onClose }: CompanyDialogProps): ReactElement {
  const setQuota = useSetCompanyQuota();
  return (
    <QuotaDialog
      open={!!company}
      subject={company?.corpName}
      text={text}
      pending={setQuota.isPending}
      onClose={onClose}
      usedSpace={company?.usedSpace ?? 0}
      usableSpace={company?.usableSpace ?? 0}
      save={(quotaBytes) => setQuota.mutateAsync({ corpId: company!.corpId, quotaBytes })}
    />
  );
}

/** 修改服务到期: 指定日期 or 无限制. */
export function CompanyServiceEndDialog({ company, onClose }: CompanyDialogProps): ReactElement {
  const setEnd = useSetCompanyServiceEnd();
  return (
    <ServiceEndDialog
      open={!!company}
      subject={company?.corpName}
      text={text}
      pending={setEnd.isPending}
      onClose={onClose}
      serviceStopTime={company?.serviceStopTime ?? null}
      save={(serviceStopTime) => setEnd.mutateAsync({ corpId: company!.corpId, serviceStopTime })}
    />
  );
}
