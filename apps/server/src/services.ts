/**
 * The composition root of the modules' services (DESIGN.md layering: routes → services →
 * repositories). Every service is built here once from the app context, in the order of what it
 * uses, and handed to the routes, hooks and jobs that need it (app.ts); no service builds another.
 * One instance each also means one of each in-memory state (the ticket check's memo, DingTalk's
 * access-token cache, the -120 guard).
 */
import type { AppContext } from './app-context.ts';
import { accountService } from './modules/account/account.service.ts';
import { adminService } from './modules/admin/admin.service.ts';
import { archivesService } from './modules/archives/archives.service.ts';
import { authService } from './modules/auth/auth.service.ts';
import { boardService } from './modules/board/board.service.ts';
import { companiesService } from './modules/companies/companies.service.ts';
import { companyInvitesService } from './modules/companies/company-invites.service.ts';
import { corpDetailService } from './modules/companies/corp-detail.service.ts';
import { dingtalkService } from './modules/dingtalk/dingtalk.service.ts';
import { drawingLinksService } from './modules/drawing-links/drawing-links.service.ts';
import { favouritesService } from './modules/favourites/favourites.service.ts';
import { filesService } from './modules/files/files.service.ts';
import { ticketAccess } from './modules/files/ticket-access.ts';
import { spaceZipArea } from './modules/folder-zip/folder-zip.service.ts';
import { librariesService } from './modules/libraries/libraries.service.ts';
import { modelOpenGuard } from './modules/model-opens/model-open-guard.ts';
import { modelOpensService } from './modules/model-opens/model-opens.service.ts';
import { operationLogService } from './modules/operation-log/operation-log.service.ts';
import { ordersService } from './modules/orders/orders.service.ts';
import { paymentsService } from './modules/payments/payments.service.ts';
import { plansService } from './modules/plans/plans.service.ts';
import { shareLimitService } from './modules/plans/share-limit.ts';
import { projectsService } from './modules/projects/projects.service.ts';
import { searchService } from './modules/search/search.service.ts';
import { serviceStateService } from './modules/service-state/service-state.service.ts';
import { sharesService } from './modules/shares/shares.service.ts';
import { smsService } from './modules/sms/sms.service.ts';
import { listAddService } from './modules/spaces/list-add.service.ts';
import { spaceAccessService } from './modules/spaces/space-access.ts';
import { transfersService } from './modules/transfers/transfers.service.ts';
import { uploadsService } from './modules/uploads/uploads.service.ts';
import { versionsService } from './modules/versions/versions.service.ts';

/** Build every service once, each given the services it uses. */
export function createServices(ctx: AppContext) {
  const sms = smsService(ctx);
  const auth = authService(ctx, { sms });
  const spaces = spaceAccessService(ctx);
  const openGuard = modelOpenGuard(ctx);
  const files = filesService(ctx, { spaces, openGuard });
  const versions = versionsService(ctx, { files, openGuard });
  const shareLimit = shareLimitService(ctx);
  const shares = sharesService(ctx, { files, spaces, shareLimit });
  const tickets = ticketAccess(ctx, { auth, files, shares });
  const transfers = transfersService(ctx);
  const companies = companiesService(ctx);
  const payments = paymentsService(ctx);
  return {
    sms,
    auth,
    account: accountService(ctx, { sms }),
    dingtalk: dingtalkService(ctx, { auth }),
    serviceState: serviceStateService(ctx),
    spaces,
    openGuard,
    files,
    versions,
    tickets,
    shareLimit,
    shares,
    transfers,
    uploads: uploadsService(ctx, { auth, files, versions, transfers }),
    archives: archivesService(ctx, { files, shares, tickets }),
    folderZip: spaceZipArea(ctx, { files }),
    drawingLinks: drawingLinksService(ctx, { files }),
    favourites: favouritesService(ctx, { files }),
    libraries: librariesService(ctx, { spaces, files }),
    search: searchService(ctx, { files }),
    listAdd: listAddService(ctx, { files }),
    modelOpens: modelOpensService(ctx, { auth, files }),
    projects: projectsService(ctx, { spaces }),
    board: boardService(ctx, { spaces }),
    companies,
    companyInvites: companyInvitesService(ctx, { auth, companies }),
    corpDetail: corpDetailService(ctx),
    plans: plansService(ctx),
    payments,
    orders: ordersService(ctx, { payments }),
    admin: adminService(ctx),
    operationLog: operationLogService(ctx),
  };
}

/** The app's services (built by `createServices`); routes take the part they use (`Pick<Services, …>`). */
export type Services = ReturnType<typeof createServices>;
