/**
 * The route table (spec 000 §2 Routes, 001 §2 personal file group): /login; / and /myDocument (我的文件),
 * /myCollection (我的收藏), /myShare (我的分享) in the document sidebar layout inside the navbar shell;
 * /s and /share (share landing, outside the shell, no sign-in); /404 and unknown paths → /404. Every
 * leaf runs the guard loader; screens, the shell and the layouts load lazily (a route's lazy parts load
 * together), so public pages (/login, /s) ship none of the signed-in frame and the progress bar covers
 * the loading. Every route but /login, /s and /share sits under the antd shell's layout route
 * (antd-root.tsx, loaded with its first screen): those three are drawn without antd (issue 17).
 * /preview (001 §2: a file's preview by URL, over 我的文件) and /bimiframe (the embeddable viewer of a
 * signed link, public). Service screens (000 §2): /systemInitError, /mobileTip (phones); the pay pages /payCenter, /wxPay, /aliPay,
 * /wxPayRedirect (features/billing), /alladmin →
 * /companyManagement, /helpCenter (→ HELP_CENTER_URL). The project group (/lately, /all, /myCreated,
 * /myParticipateIn, /myCollectionProject, kept alive) and /projectFile sit in the project layout; the
 * libraries in the document layout; the administration group in its own layout (admin-layout.tsx);
 * /corpDetail and /board inside the shell. Menu routes are allowed or refused by the permission menu
 * (guard.ts).
 */
import { Suspense, type ReactElement } from 'react';
import { createBrowserRouter, Navigate, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { shareCodeOf } from '../features/share/lib/share-link.ts';
import { startShareLink } from './start-share-link.ts';
import { TopProgressBar } from '../components/top-progress-bar.tsx';
import { guardLoader } from './guard.ts';
import { RootLayout, type RouteHandle } from './root-layout.tsx';
import { LIBRARY_KINDS, LIBRARY_ROUTES, MENU_ROUTE_PATHS, PROJECT_SCOPES } from '@bimdrive/contracts';
import { clientConfigQueryOptions } from '../features/auth/api/get-client-config.ts';
import { queryClient } from '../lib/query-client.ts';
import { lazyWithAntd, loadAntdRoot } from './providers.tsx';

const handle = (title: string): RouteHandle => ({ title });

/**
 * The crash screen loads when a route fails, in the antd shell (its antd Result is not part of any
 * page's first load).
 */
const RouteError = lazyWithAntd(() => import('./routes/route-error.tsx').then((m) => m.RouteError));

const myDocument = {
  loader: guardLoader,
  lazy: async () => ({ Component: (await import('./routes/my-document-route.tsx')).MyDocumentRoute }),
};

const shareLanding = {
  // A share link's calls start with the navigation, not after the landing page's code has loaded
  // and rendered; a public link opens its file (and a model starts its first frame) as soon as it is
  // verified.
  loader: (args: LoaderFunctionArgs) => {
    const code = shareCodeOf(new URL(args.request.url));
    if (code) startShareLink(code);
    return guardLoader(args);
  },
  handle: handle('share'),
  lazy: async () => ({
    Component: (await import('../features/share/components/share-landing-page.tsx')).ShareLandingPage,
  }),
};

/** Screens of the service feature (000 §2 /systemInitError, /payCenter, phones' notice), public and bare. */
const serviceScreen = (
  path: string,
  title: string,
  load: () => Promise<{ Component: () => ReactElement }>,
) => ({
  path,
  loader: guardLoader,
  handle: handle(`service:title.${title}`),
  lazy: load,
});

/**
 * Administration group (issue 16; 001 §2 layout 4): four screens in the system-management sidebar
 * layout; the guard refuses them to everybody whose permission menu lacks them (non-administrators).
 */
const ADMIN_PAGES = [
  {
    path: '/personalManagement',
    load: async () =>
      (await import('../features/admin/components/personal-management-page.tsx')).PersonalManagementPage,
  },
  {
    path: '/companyManagement',
    load: async () =>
      (await import('../features/admin/components/company-management-page.tsx')).CompanyManagementPage,
  },
  {
    path: '/orderManagement',
    load: async () =>
      (await import('../features/admin/components/order-management-page.tsx')).OrderManagementPage,
  },
  {
    path: '/operationLog',
    load: async () => (await import('../features/admin/components/operation-log-page.tsx')).OperationLogPage,
  },
] as const;
const adminRoutes: RouteObject = {
  lazy: async () => ({ Component: (await import('./admin-layout.tsx')).AdminLayout }),
  children: ADMIN_PAGES.map(({ path, load }) => ({
    path,
    loader: guardLoader,
    handle: handle(`service:title.${path.slice(1)}`),
    lazy: async () => ({ Component: await load() }),
  })),
};

/** Menu routes (001 §2) without a screen yet: 建设中 inside the shell, guarded by the menu rules. */
const BUILT_MENU_PATHS = new Set([
  '/myDocument',
  '/myCollection',
  '/myShare',
  ...Object.values(LIBRARY_ROUTES),
  '/myCollectionKnowledgeBase',
  ...PROJECT_SCOPES.map((scope) => `/${scope}`),
  ...ADMIN_PAGES.map((page) => page.path),
]);
const MENU_TITLES: Record<string, string> = {
  '/blueprintData': 'blueprint',
  '/standardData': 'StandardInfo',
  '/companyKnowledgeBase': 'Company',
  '/myKnowledgeBase': 'Mine',
};
const placeholderRoutes: RouteObject[] = MENU_ROUTE_PATHS.filter((p) => !BUILT_MENU_PATHS.has(p)).map(
  (path) => ({
    path,
    loader: guardLoader,
    handle: handle(`service:title.${MENU_TITLES[path] ?? path.slice(1)}`),
    lazy: async () => ({
      Component: (await import('../features/service/components/under-construction-page.tsx'))
        .UnderConstructionPage,
    }),
  }),
);

/**
 * Library group (issue 5; 001 §2 library group, §3): each library route resolves its area and shows the
 * shared file browser; /myCollectionKnowledgeBase lists the libraries' favourites. They sit in the
 * document sidebar layout, whose sidebar lists the library group under 资源库.
 */
const LIBRARY_TITLES: Record<string, string> = { component: 'commonBuildLibrary' };
const libraryRoutes: RouteObject[] = [
  ...LIBRARY_KINDS.map((kind): RouteObject => ({
    path: LIBRARY_ROUTES[kind],
    loader: guardLoader,
    handle: handle(`service:title.${LIBRARY_TITLES[kind] ?? kind}`),
    lazy: async () => {
      const { LibraryRoute } = await import('./routes/library-route.tsx');
      return { Component: () => <LibraryRoute kind={kind} /> };
    },
  })),
  {
    path: '/myCollectionKnowledgeBase',
    loader: guardLoader,
    handle: handle('service:title.myCollectionKnowledgeBase'),
    lazy: async () => ({
      Component: (await import('./routes/library-collection-route.tsx')).LibraryCollectionRoute,
    }),
  },
];

/**
 * Project group (issue 5; 001 §2 project group, layout 1, and /projectFile): the five lists and the
 * project space inside the project layout, which keeps the five lists mounted between visits (their
 * route elements are empty: the layout shows the list of the current path) and renders /projectFile
 * through its outlet.
 */
const projectRoutes: RouteObject = {
  lazy: async () => ({ Component: (await import('./project-layout.tsx')).ProjectLayout }),
  children: [
    ...PROJECT_SCOPES.map((scope): RouteObject => ({
      path: `/${scope}`,
      loader: guardLoader,
      handle: handle(`service:title.${scope}`),
      Component: () => null,
    })),
    {
      path: '/projectFile',
      loader: guardLoader,
      handle: handle('service:title.projectFile'),
      lazy: async () => ({
        Component: (await import('./routes/project-file-route.tsx')).ProjectFileRoute,
      }),
    },
  ],
};

const alladminRedirect: RouteObject = {
  path: '/alladmin',
  element: <Navigate to="/companyManagement" replace />,
};

/** Route objects (exported for tests and tooling). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: (
      <Suspense fallback={null}>
        <RouteError />
      </Suspense>
    ),
    hydrateFallbackElement: <TopProgressBar active />,
    children: [
      {
        path: '/login',
        loader: guardLoader,
        handle: handle('login'),
        lazy: async () => ({ Component: (await import('./routes/login-route.tsx')).LoginRoute }),
      },
      { path: '/s', ...shareLanding },
      { path: '/share', ...shareLanding },
      alladminRedirect,
      {
        // Every other screen renders in the antd shell, which loads with it (the public pages /login
        // and /s above do without antd: issue 17 "Weight and speed").
        lazy: async () => ({ Component: (await loadAntdRoot()).AntdLayout }),
        children: [
          {
            // The chat app's sign-in entry (000 §2): public, signs in with DingTalk's auth code.
            path: '/ddLogin',
            loader: guardLoader,
            handle: handle('ddLogin'),
            lazy: async () => ({ Component: (await import('./routes/dd-login-route.tsx')).DdLoginRoute }),
          },
          {
            // Company invite link (000 §2 member list): public, outside the shell.
            path: '/invite',
            loader: guardLoader,
            handle: handle('invite'),
            lazy: async () => ({
              Component: (await import('../features/companies/components/invite-landing-page.tsx'))
                .InviteLandingPage,
            }),
          },
          {
            // A document from a signed, expiring link (000 §2 /bridgeOffice; public, outside the shell).
            path: '/bridgeOffice',
            loader: guardLoader,
            handle: handle('bridgeOffice'),
            lazy: async () => ({
              Component: (await import('../features/preview/components/bridge-office-page.tsx'))
                .BridgeOfficePage,
            }),
          },
          {
            // The embeddable model / drawing viewer of a signed, expiring link (000 §2 /bimiframe; public).
            path: '/bimiframe',
            loader: guardLoader,
            handle: handle('bimiframe'),
            lazy: async () => ({
              Component: (await import('../features/preview/components/bim-iframe-page.tsx')).BimIframePage,
            }),
          },
          serviceScreen('/systemInitError', 'systemInitError', async () => ({
            Component: (await import('../features/service/components/system-init-error-page.tsx'))
              .SystemInitErrorPage,
          })),
          serviceScreen('/mobileTip', 'mobileTip', async () => ({
            Component: (await import('../features/service/components/mobile-tip-page.tsx')).MobileTipPage,
          })),
          // The pay pages (000 §2; issue 16): public paths (orders still need a session: 请先登录), bare,
          // each in its own chunk.
          serviceScreen('/payCenter', 'payCenter', async () => ({
            Component: (await import('../features/billing/components/pay-center-page.tsx')).PayCenterPage,
          })),
          serviceScreen('/wxPay', 'wxPay', async () => {
            const { PayOrderPage } = await import('../features/billing/components/pay-order-page.tsx');
            return { Component: () => <PayOrderPage channel="wechat" /> };
          }),
          serviceScreen('/aliPay', 'aliPay', async () => {
            const { PayOrderPage } = await import('../features/billing/components/pay-order-page.tsx');
            return { Component: () => <PayOrderPage channel="alipay" /> };
          }),
          serviceScreen('/wxPayRedirect', 'wxPayRedirect', async () => ({
            Component: (await import('../features/billing/components/pay-redirect-page.tsx')).PayRedirectPage,
          })),
          {
            // 000 §2: /helpCenter opens on the external help site (HELP_CENTER_URL); 建设中 when none is set.
            path: '/helpCenter',
            loader: async (args: LoaderFunctionArgs) => {
              const guarded = await guardLoader(args);
              if (guarded) return guarded;
              const url = (await queryClient.ensureQueryData(clientConfigQueryOptions())).helpCenterUrl;
              if (url) window.location.replace(url);
              return null;
            },
            handle: handle('service:title.helpCenter'),
            lazy: async () => {
              const { UnderConstructionPage } =
                await import('../features/service/components/under-construction-page.tsx');
              return { Component: () => <UnderConstructionPage fullPage /> };
            },
          },
          {
            path: '/404',
            handle: handle('notFound'),
            lazy: async () => ({ Component: (await import('./routes/not-found-route.tsx')).NotFoundRoute }),
          },
          {
            // The shell and the layouts load with their first screen (public pages do without them).
            lazy: async () => ({ Component: (await import('./app-shell.tsx')).AppShell }),
            children: [
              {
                path: '/userCenter',
                handle: handle('userCenter'),
                loader: guardLoader,
                lazy: async () => ({
                  Component: (await import('./routes/user-center-route.tsx')).UserCenterRoute,
                }),
              },
              {
                // A company's detail pages (000 §2 /corpDetail): its administrators and system administrators.
                path: '/corpDetail',
                handle: handle('corpDetail'),
                loader: guardLoader,
                lazy: async () => ({
                  Component: (await import('../features/companies/components/corp-detail-page.tsx'))
                    .CorpDetailPage,
                }),
              },
              {
                // The dashboard (001 §2 /board, 看板) of the user's company or projects.
                path: '/board',
                handle: handle('board'),
                loader: guardLoader,
                lazy: async () => ({
                  Component: (await import('../features/board/components/board-page.tsx')).BoardPage,
                }),
              },
              ...placeholderRoutes,
              adminRoutes,
              projectRoutes,
              {
                lazy: async () => ({ Component: (await import('./document-layout.tsx')).DocumentLayout }),
                children: [
                  { index: true, handle: handle('home'), ...myDocument },
                  { path: '/myDocument', handle: handle('myDocument'), ...myDocument },
                  {
                    // A file's preview by URL (001 §2 /preview), over 我的文件.
                    path: '/preview',
                    handle: handle('preview'),
                    loader: guardLoader,
                    lazy: async () => ({
                      Component: (await import('./routes/preview-route.tsx')).PreviewRoute,
                    }),
                  },
                  {
                    path: '/myCollection',
                    handle: handle('myCollection'),
                    loader: guardLoader,
                    lazy: async () => ({
                      Component: (await import('./routes/my-collection-route.tsx')).MyCollectionRoute,
                    }),
                  },
                  {
                    path: '/myShare',
                    handle: handle('myShare'),
                    loader: guardLoader,
                    lazy: async () => ({
                      Component: (await import('./routes/my-share-route.tsx')).MyShareRoute,
                    }),
                  },
                  ...libraryRoutes,
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

/** The browser data router of the SPA. */
export const router = createBrowserRouter(routes);

// 000 §2 guard step 6: errors raised when pushing a navigation are swallowed (logged in development).
const push = router.navigate.bind(router);
router.navigate = ((...args: Parameters<typeof push>) =>
  push(...args).catch((err: unknown) => {
    if (import.meta.env.DEV) console.warn('navigation failed', err);
  })) as typeof push;
