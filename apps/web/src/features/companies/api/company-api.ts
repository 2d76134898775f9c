/**
 * Company calls of the web client (spec 000 §7 WebCompanyApply / WebAccount; contracts `Api.company*`)
 * as plain functions and TanStack Query hooks. Mutations refresh the company queries and the session
 * user (corpIdbit, iscorpadmin, corpName change with membership).
 */
import {
  Api,
  type CompanyApplication,
  type CompanyPerson,
  type CompanyPersonList,
  type CompanySearchItem,
  type CorpSpace,
  type CorpUser,
  type InviteInfo,
  type InviteLink,
  type LoginDataValue,
  type MyCompany,
  type MyCompanyApplicationValue,
} from '@bimdrive/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { accountQueryKeys, companyQueryKeys } from '../../../lib/query-keys.ts';

export type MyCompanyValue = z.infer<typeof MyCompany>;
export type CompanySearchItemValue = z.infer<typeof CompanySearchItem>;
export type CompanyApplicationValue = z.infer<typeof CompanyApplication>;
export type CompanyPersonListValue = z.infer<typeof CompanyPersonList>;
export type CorpSpaceValue = z.infer<typeof CorpSpace>;
export type CorpUserValue = z.infer<typeof CorpUser>;
export type InviteInfoValue = z.infer<typeof InviteInfo>;
export type InviteLinkValue = z.infer<typeof InviteLink>;

/** The caller's company (null when none). */
export function useMyCompany() {
  return useQuery({
    queryKey: companyQueryKeys.mine,
    queryFn: ({ signal }) => api<MyCompanyValue>({ url: Api.myCompany, signal }),
  });
}

/** The caller's company space, loaded only while `enabled`. */
export function useCorpSpace(enabled: boolean) {
  return useQuery({
    queryKey: companyQueryKeys.space,
    queryFn: ({ signal }) => api<CorpSpaceValue>({ url: Api.companySpace, silent: true, signal }),
    enabled,
    staleTime: 0,
  });
}

/** Whether the caller's company has undealt applications (administrators; else false). */
export function usePendingApplications(enabled: boolean) {
  return useQuery({
    queryKey: companyQueryKeys.pending,
    queryFn: ({ signal }) => api<boolean>({ url: Api.companyApplyPending, silent: true, signal }),
    enabled,
  });
}

/** The caller's own latest join application (pending, approved or rejected), while `enabled`. */
export function useMyApplication(enabled: boolean) {
  return useQuery({
    queryKey: companyQueryKeys.myApplication,
    queryFn: ({ signal }) =>
      api<MyCompanyApplicationValue>({ url: Api.companyMyApplication, silent: true, signal }),
    enabled,
  });
}

/** Companies whose name contains `name` (000 §9: up to 999 from page 1). */
export function useCompanySearch(name: string, enabled: boolean) {
  return useQuery({
    queryKey: companyQueryKeys.search(name),
    queryFn: ({ signal }) =>
      api<CompanySearchItemValue[]>({
        method: 'POST',
        url: Api.companySearch,
        data: { CorpName: name, page: 1, rows: 999 },
        silent: true,
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Pending applications of the caller's company. */
export function useApplicants(enabled: boolean) {
  return useQuery({
    queryKey: companyQueryKeys.applicants,
    queryFn: ({ signal }) => api<CompanyApplicationValue[]>({ url: Api.companyApplicants, signal }),
    enabled,
  });
}

/** Members of company `corpId`. */
export function useMembers(corpId: string | undefined) {
  return useQuery({
    queryKey: companyQueryKeys.members(corpId ?? ''),
    queryFn: ({ signal }) =>
      api<CompanyPersonListValue>({ url: Api.companyMembers, params: { corpId }, signal }),
    enabled: Boolean(corpId),
  });
}

/** Administrators of company `corpId` (000 §2 dialog mode checkCompanyAdmin, §7 GetCorpAdmin). */
export function useCompanyAdmins(corpId: string | undefined) {
  return useQuery({
    queryKey: [...companyQueryKeys.members(corpId ?? ''), 'admins'],
    queryFn: ({ signal }) =>
      api<z.infer<typeof CompanyPerson>[]>({ url: Api.companyAdmins, params: { corpId }, signal }),
    enabled: Boolean(corpId),
  });
}

/** A company mutation that refreshes the company queries and the session user afterwards. */
function useCompanyMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: companyQueryKeys.all });
      await qc.invalidateQueries({ queryKey: accountQueryKeys.userInfo });
    },
  });
}

/** Create a company (the caller becomes its administrator). */
export const useCreateCompany = () =>
  useCompanyMutation((v: { name: string; code: string }) =>
    api<MyCompanyValue>({ method: 'POST', url: Api.companyCreate, data: v }),
  );

/** Apply to join a company. */
export const useJoinCompany = () =>
  useCompanyMutation((v: { name: string; code: string; userName: string; useUserName: boolean }) =>
    api<null>({ method: 'POST', url: Api.companyJoin, data: v }),
  );

/** Approve (`accept`) or reject an application. */
export const useDecideApplication = () =>
  useCompanyMutation((v: { id: string; accept: boolean }) =>
    api<null>({
      method: 'POST',
      url: v.accept ? Api.companyApplyAccept : Api.companyApplyReject,
      data: { UserApplyHistoryId: v.id },
    }),
  );

/** Remove a member. */
export const useRemoveMember = () =>
  useCompanyMutation((userId: string) =>
    api<null>({ method: 'POST', url: Api.companyRemove, data: { userId } }),
  );

/** Set or cancel a member's administrator role; resolves to the new role. */
export const useToggleAdmin = () =>
  useCompanyMutation((userId: string) =>
    api<boolean>({ method: 'POST', url: Api.companySetAdmin, data: { userId } }),
  );

/** Leave the caller's company. */
export const useExitCompany = () =>
  useCompanyMutation(() => api<null>({ method: 'POST', url: Api.companyExit, data: {} }));

/** Invite a person (phone and name) to the caller's company; the row shows with invitebit false. */
export const useInviteMember = () =>
  useCompanyMutation((v: { phone: string; userName: string }) =>
    api<z.infer<typeof CompanyPerson>>({ method: 'POST', url: Api.companyInvite, data: v }),
  );

/** A new invite link of an invitation row (its `userId`). */
export const useCopyInviteLink = () =>
  useMutation({
    mutationFn: (userId: string) =>
      api<InviteLinkValue>({ method: 'POST', url: Api.companyInviteLink, data: { userId } }),
  });

/** Registered persons of the caller's company (000 §7 GetCorpUsers; administrators), while `enabled`. */
export function useCorpUsers(enabled: boolean) {
  return useQuery({
    queryKey: companyQueryKeys.corpUsers,
    queryFn: ({ signal }) => api<CorpUserValue[]>({ url: Api.corpUsers, signal }),
    enabled,
    staleTime: 0,
  });
}

/** What invite link `code` offers (public); the error envelope is shown by the landing page. */
export function useInviteInfo(code: string) {
  return useQuery({
    queryKey: ['invite', code],
    queryFn: ({ signal }) =>
      api<InviteInfoValue>({ url: Api.inviteInfo, params: { code }, silent: true, signal }),
    enabled: Boolean(code),
    retry: false,
  });
}

/** The signed-in user joins through invite link `code`. */
export const useAcceptInvite = () =>
  useCompanyMutation((code: string) =>
    api<MyCompanyValue>({ method: 'POST', url: Api.inviteAccept, data: { code } }),
  );

/** Register with the invited phone through link `code`; answers the new session (in the company). */
export const useInviteRegister = () =>
  useMutation({
    mutationFn: (v: { code: string; phone: string; password: string; name: string }) =>
      api<LoginDataValue>({ method: 'POST', url: Api.inviteRegister, data: v }),
  });
