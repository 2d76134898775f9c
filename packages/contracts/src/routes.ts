/**
 * Every HTTP call of the main job, by method and path (spec 000 §7, 001 §7; paths the spec leaves
 * open are designed in the same style). Server routes and the web client both import these.
 *
 * Authentication: `Authorization: Bearer <token>` on every call except the public ones marked (public).
 * Visitors of a share link send `Authorization: Share <accessToken>` to the share preview/file calls.
 */
export const Api = {
  // auth (000 §7)
  clientConfig: '/api/Home/ClientConfig', // GET (public) → ClientConfig
  login: '/api/Home/phoneLogin', // POST (public) LoginBody → LoginData
  register: '/api/Home/Register', // POST (public, when enabled) RegisterBody → LoginData
  logout: '/api/Home/Logout', // POST → null
  userInfo: '/api/Home/GetUserInfo', // GET → SessionUser
  publicKey: '/api/Home/GetPublicKey', // GET (public) → FieldPublicKey (sensitive-field encryption key, 000 §7)
  ddLogin: '/api/DingDing/Account/DDLogin', // GET (public) DDLoginQuery → LoginData (chat-app in-app sign-in)
  ddThirdPartyLogin: '/api/DingDing/ThirdPartyAccount/Login', // GET (public) ThirdPartyLoginQuery → LoginData
  space: '/api/Home/GetMySpace', // GET → SpaceInfo
  sendLoginSms: '/api/Home/SendLoginSms', // POST (public) PhoneBody → SmsSent (sign-in code; 429 within 60 s / over the daily cap)
  sendRegisterSms: '/api/Home/SendRegisterSms', // POST (public, when registration is on) PhoneBody → SmsSent (409 phone bound)
  imgFile: '/api/home/GetimgFile', // GET (public) ?fileUrl=<encrypted avatar path> → image bytes

  // personal account (000 §2 editUserInfo / editPwd / editPhone, set-password dialog; §4 phone change; §7)
  setPassword: '/api/WebAccount/SetPassword', // POST SetPasswordBody → SessionUser (only without a password)
  accountSave: '/api/WebAccount/Save', // POST multipart userName, avator (image) → SessionUser
  accountBaseInfo: '/api/WebAccount/BaseInfo', // GET → BaseInfo (ddUserAvatar)
  editPwd: '/api/WebAccount/EditPwd', // POST EditPwdBody → null; ends the account's sessions
  validateRegistPhone: '/api/WebAccount/ValidateRegistPhone', // POST PhoneBody → ValidateRegistPhoneData
  sendEditPhoneSms: '/api/WebAccount/SendEditPhoneSms', // POST PhoneBody → SmsSent (current phone: step 1; other: step 2)
  editPhoneFirstStep: '/api/WebAccount/EditPhoneFirstStep', // POST PhoneCodeBody → null (verifies the current phone)
  editPhone: '/api/WebAccount/EditPhone', // POST PhoneCodeBody → SessionUser (after step 1 in this session)

  // files of every area (001 §2–§5): ListQuery.spaceId / FolderAddBody.spaceId name the area ('' = personal,
  // source type 2); id-based calls find the area from the file. Rights: contracts/spaces.ts.
  myDocumentList: '/api/Home/MyDocumentList', // GET ListQuery → ListData (with `space`: the area and the caller's rights)
  searchFiles: '/api/Home/SearchFiles', // GET SearchQuery → SearchData (name search across every area the caller sees)
  folderAdd: '/api/Home/FolderAdd', // POST FolderAddBody → FileRow
  rename: '/api/Home/FileRename', // POST RenameBody → FileRow
  delete: '/api/Home/FileDelete', // POST IuidBody → null
  modelClose: '/api/Home/ModelClose', // POST ModelCloseBody → null (closes the model in every other viewer; -120 dialog, 001 §8)
  fileInfo: '/api/Home/GetFileInfo', // GET IuidQuery → FileRow
  ossFile: '/api/Home/GetossFile', // GET VersionedIuidQuery → string (signed download URL, Range supported; version absent = current)
  preview: '/api/Home/GetPreviewInfo', // GET VersionedIuidQuery → PreviewInfo (of that version when given)
  signedFile: '/api/files/signed', // GET ?t=<signed ticket> → bytes (Range); the URL is produced by the server
  fileThumb: '/api/files/thumb', // GET ?t=<signed thumbnail token> → thumb.webp (issue 14); the URL is FileRow.thumbUrl
  wpsGenerate: '/api/wps/genarate', // POST WpsGenerateBody → { wpsUrl } (001 §7; an external viewer, when configured)
  bridgeOfficeLink: '/api/Home/BridgeOfficeLink', // POST BridgeOfficeLinkBody → BridgeOfficeLink (issue 14, 000 §2 /bridgeOffice)
  bridgeOfficePreview: '/api/Home/BridgeOfficePreview', // GET ?t=<bridge token> → PreviewInfo, no session (browse only)
  drawingLinks: '/api/Model/DrawingLinks', // GET IuidQuery → DrawingLinksData; POST DrawingLinksBody → DrawingLinksData (001 §2 link-drawing dialog)
  bimIframeLink: '/api/Home/BimIframeLink', // POST BimIframeLinkBody → BimIframeLink (issue 13, 000 §2 /bimiframe)
  bimIframePreview: '/api/Home/BimIframePreview', // GET ?src=<frame token> → BimIframeData, no session (browse only)
  pictureFile: '/api/home/GetUploadPictureFile', // GET ?t=<signed ticket>&page=N → WebP of page N of a large presentation (001 §2, §7)
  videoFile: '/api/home/GetVideoFile', // GET ?fileUrl=<signed ticket> → video bytes (Range), original or converted (001 §7)
  archiveEntries: '/api/home/GetArchiveEntries', // GET VersionedIuidQuery → ArchiveListing (zip/rar entries, issue 14)
  archiveEntry: '/api/files/archive-entry', // GET ArchiveEntryQuery → one entry's bytes (Range); URLs come in ArchiveListing

  // projects (001 §2 project group, §7; issue 5; shapes in projects.ts)
  projectList: '/api/Project/ProjectList', // GET ProjectListQuery → ProjectList (scope lately|all|myCreated|myParticipateIn|myCollectionProject)
  projectCreate: '/api/Project/ProjectAdd', // POST ProjectCreateBody → ProjectRow (company members only; creator is manager)
  projectRename: '/api/Project/ProjectRename', // POST ProjectRenameBody → ProjectRow (manager)
  projectDelete: '/api/Project/ProjectDelete', // POST ProjectIuidBody → null (manager; files and quota freed)
  projectInfo: '/api/Project/ProjectInfo', // GET ProjectIuidQuery → ProjectRow (records the visit for /lately)
  projectCollect: '/api/Project/ProjectCollection', // POST ProjectIuidBody → null
  projectUncollect: '/api/Project/ProjectCollectionDe', // POST ProjectIuidBody → null
  projectMembers: '/api/Project/ProjectMemberList', // GET ProjectIuidQuery → ProjectMember[] (members)
  projectMemberSet: '/api/Project/ProjectMemberSet', // POST ProjectMemberSetBody → ProjectMember[] (manager; same company)
  projectMemberRemove: '/api/Project/ProjectMemberRemove', // POST ProjectMemberRemoveBody → ProjectMember[] (manager; not the last manager)
  getProject: '/api/Noticeboard/GetProject', // POST form GetProjectBody → ProjectBrief[] (type 1 projects, 2 the personal space)
  projectFileTree: '/api/Noticeboard/GetProjectFileTree', // POST ?ProjectFileTreeQuery → ProjectTreeNode[]
  board: '/api/Noticeboard/GetBoard', // GET BoardQuery → BoardData (001 §2 /board 看板: personal | project (member) | company (its administrators); shapes in board.ts)
  // after a batch of tus uploads finishes, the upload component confirms it into its area (001 §7, "chosen
  // by a flag"; errors silenced): ListAddBody → FileRow[]; each endpoint accepts only files of its areas
  projectFileListAdd: '/api/ProjectFile/ProjectFileListAdd', // projects
  drawingFileListAdd: '/api/Drawing/DrawingFileListAdd', // the personal space
  knowledgeBaseListAdd: '/api/KnowledgeBase/KnowledgeBaseListAdd', // knowledge bases
  publicLibraryFileListAdd: '/api/publiclibrary/publiclibraryFileListAdd', // public libraries

  // versions and folder download (001 §7 FileVersionAdd, CompressFileFolder; issue 5)
  compressFolder: '/api/home/CompressFileFolder', // GET CompressFolderQuery (Bearer, or the t of compressFolderUrl) → application/zip stream
  compressFolderUrl: '/api/home/CompressFileFolderUrl', // GET LowerIuidQuery → string (signed same-origin URL of the zip for the browser, 5 min to start)
  versionAdd: '/api/ProjectFile/FileVersionAdd', // POST tus creation; metadata filename, versionOf=<file iuid>; then PATCH the Location like any tus upload
  versionList: '/api/ProjectFile/FileVersionList', // GET LowerIuidQuery → FileVersionList
  versionSetCurrent: '/api/ProjectFile/FileVersionSetCurrent', // POST FileVersionBody → FileVersionList
  versionDelete: '/api/ProjectFile/FileVersionDelete', // POST FileVersionBody → FileVersionList (not the current one; frees quota)

  // uploads (tus 1.0) and cancel (000 §7)
  tus: '/api/files/uploads', // tus creation/termination/expiration; metadata: filename, folderId
  fragmentDelete: '/api/Home/Getfragmentdelete', // GET ?IUID=<upload id> → null

  // completed-transfer records (000 §7; issue 5)
  transmissionList: '/api/Home/GetTransmissionData', // POST TransmissionQuery (form or JSON page, rows) → TransmissionList
  transmissionDelete: '/api/Home/DeleteTransmissionDataById', // POST ?IUID=<record iuid> → null (the record only, never the file)
  transmissionDeleteAll: '/api/Home/DeleteAllTransmissionData', // POST → null (all the caller's records)

  // favourites (001 §7)
  collect: '/api/Drawing/DrawingCollection', // POST IuidBody → null  (message Collected)
  uncollect: '/api/Drawing/DrawingCollectionDe', // POST IuidBody → null (message Cancelled)
  myCollectionList: '/api/Home/MyCollectionList', // GET ListQuery (folderId, spaceId ignored) → ListData (personal and project files)
  myCollectionKnowledgeBaseList: '/api/KnowledgeBase/MyCollectionList', // GET ListQuery (folderId, spaceId ignored) → ListData (knowledge bases and public libraries)

  // knowledge bases and public libraries (001 §2 library group, §7; issue 5; shapes in libraries.ts)
  libraryGet: '/api/KnowledgeBase/GetLibrary', // GET LibraryQuery → SpaceSummary (created on first use; Company: 403 without a company / personal edition)
  knowledgeBaseCollect: '/api/KnowledgeBase/KnowledgeBaseCollection', // POST IuidBody → null (file of StandardInfo, Company, Mine; else 404)
  knowledgeBaseUncollect: '/api/KnowledgeBase/KnowledgeBaseCollectionDe', // POST IuidBody → null
  publicLibraryCollect: '/api/publiclibrary/publiclibraryCollection', // POST IuidBody → null (file of component, blueprint; else 404)
  publicLibraryUncollect: '/api/publiclibrary/publiclibraryCollectionDe', // POST IuidBody → null

  // sharing (001 §7)
  shareCheck: '/api/Drawing/DrawingShareCheckForWeb', // POST ShareRequest → ShareLimitData
  share: '/api/Drawing/DrawingShare', // POST ShareRequest → ShareCreated
  shareList: '/api/Drawing/DrawingShareList', // GET → [{userName, shareCount}]
  myShareList: '/api/Drawing/MyShareList', // GET → MyShareRow[]
  myShareListPage: '/api/Drawing/MySharePage', // GET ShareListQuery → MySharePage (sorted, filtered, paged)
  shareCancel: '/api/Drawing/DrawingShareCancel', // POST ShareCancelBody → null

  // companies (000 §7; create, mine and exit designed in its style)
  companyCreate: '/api/WebAccount/CreateCompany', // POST CreateCompanyBody → MyCompany
  myCompany: '/api/WebAccount/MyCompany', // GET → MyCompany
  companySearch: '/api/WebCompanyApply/GetCorpId', // POST CompanySearchBody → CompanySearchItem[]
  companyJoin: '/api/WebAccount/JoinCompany', // POST JoinCompanyBody → null (Application submitted…)
  companyApplyPending: '/api/WebCompanyApply/QueryCompanyApply', // GET → boolean (undealt applications)
  companyMyApplication: '/api/WebCompanyApply/MyApplication', // GET → MyCompanyApplication (the caller's latest; null if none)
  companyApplicants: '/api/WebAccount/CheckCompanyApplyPerson', // GET → CompanyApplication[]
  companyApplyAccept: '/api/WebCompanyApply/AccessApply', // POST ApplyDecisionBody → null
  companyApplyReject: '/api/WebCompanyApply/RejectApply', // POST ApplyDecisionBody → null
  companyMembers: '/api/WebAccount/CheckCompanyPerson', // GET CorpIdQuery → CompanyPersonList
  companyAdmins: '/api/WebAccount/GetCorpAdmin', // GET CorpIdQuery → CompanyPerson[]
  companyRemove: '/api/WebAccount/RemoveUser', // POST MemberBody → null
  companySetAdmin: '/api/WebAccount/SetAdmin', // POST MemberBody → null (toggles)
  companyExit: '/api/WebAccount/ExitCompany', // POST → null
  companySpace: '/api/WebAccount/GetCorpSpace', // GET → CorpSpace
  companyInvite: '/api/WebAccount/InviteUser', // POST InviteBody → CompanyPerson (invitebit false)
  companyInviteLink: '/api/WebAccount/CopyInviteLink', // POST MemberBody (the invitation's row) → InviteLink
  inviteInfo: '/api/WebAccount/InviteInfo', // GET (public) InviteCodeQuery → InviteInfo (404 unknown, 410 used/expired/revoked)
  inviteAccept: '/api/WebAccount/AcceptInvite', // POST AcceptInviteBody → MyCompany
  inviteRegister: '/api/WebAccount/InviteRegister', // POST (public) InviteRegisterBody → LoginData
  corpUsers: '/api/home/GetCorpUsers', // GET → CorpUser[] (company administrators)

  // service state and permission menu (000 §2 guard steps 3–4, §7)
  serviceTimeVerify: '/api/WebOrder/ServiceTimeVerify', // GET → ServiceTimeVerify
  menuList: '/api/Menu/GetLoginUserMenuList', // GET → MenuList

  // plans, orders and payment (000 §2 /payCenter /wxPay /wxPayRedirect /aliPay, §7, §9; shapes in plans.ts)
  planList: '/api/WebOrder/GetPlanList', // GET PlanListQuery → PlanCatalog
  orderCreate: '/api/WebOrder/CreateOrder', // POST CreateOrderBody → OrderView (corp: company administrators only)
  orderState: '/api/WebOrder/GetOrderState', // GET OrderStateQuery → OrderView (the buyer's own orders only; else 404)
  myOrders: '/api/WebOrder/MyOrders', // GET → OrderView[]
  wxPayNotify: '/api/WebOrder/WxPayNotify', // POST (public) WeChat Pay v3 notification; answers WeChat's own protocol
  aliPayNotify: '/api/WebOrder/AliPayNotify', // POST (public) Alipay asynchronous notification (form); answers `success`
  // system administration (001 §2 /orderManagement; system administrators only, 403 otherwise)
  adminOrderList: '/api/SystemSetting/GetOrderList', // GET AdminOrderQuery → AdminOrderPage
  adminOrderExport: '/api/SystemSetting/ExportOrderList', // GET AdminOrderQuery → text/csv (UTF-8 with BOM)

  // share visitor (public)
  shareInfo: '/api/Share/Info', // GET ?code= → ShareInfo (404 unknown, 410 expired/cancelled)
  shareVerify: '/api/Share/Verify', // POST ShareVerifyBody → ShareAccess (403 wrong code, 429 too many)
  sharePreview: '/api/Share/Preview', // GET with Share token → PreviewInfo
  shareArchiveEntries: '/api/Share/ArchiveEntries', // GET with Share token → ArchiveListing (the shared archive)

  // system administration, continued (001 §2 layout 4; shapes in admin.ts; 403 for others)
  // /operationLog: system administrators see every entry, company administrators their company's
  adminOperationLog: '/api/SystemSetting/GetOperationLog', // GET OperationLogQuery → OperationLogPage
  adminOperationLogExport: '/api/SystemSetting/ExportOperationLog', // GET OperationLogQuery → text/csv (UTF-8 with BOM)
  // /personalManagement, /companyManagement: system administrators only
  adminUserList: '/api/SystemSetting/GetUserList', // GET AdminUserQuery → AdminUserPage
  adminSetUserState: '/api/SystemSetting/SetUserState', // POST SetUserStateBody → null
  adminSetUserQuota: '/api/SystemSetting/SetUserQuota', // POST SetUserQuotaBody → null
  adminSetUserServiceEnd: '/api/SystemSetting/SetUserServiceEnd', // POST SetUserServiceEndBody → null
  adminResetUserPassword: '/api/SystemSetting/ResetUserPassword', // POST ResetUserPasswordBody → ResetUserPasswordResult
  adminCompanyList: '/api/SystemSetting/GetCompanyList', // GET AdminCompanyQuery → AdminCompanyPage
  adminSetCompanyQuota: '/api/SystemSetting/SetCompanyQuota', // POST SetCompanyQuotaBody → null
  adminSetCompanyServiceEnd: '/api/SystemSetting/SetCompanyServiceEnd', // POST SetCompanyServiceEndBody → null
  adminUpdateCorpUsingStatus: '/api/SystemSetting/UpdateCorpUsingStatus', // GET UpdateCorpUsingStatusQuery → null (001 §7)
  adminCorpSpace: '/api/SystemSetting/GetCorpSpace', // POST CorpSpaceQuery → CorpSpacePage (001 §7 storage of all companies)
  // /corpDetail (000 §2): the company's administrators and system administrators (403 otherwise)
  corpDetail: '/api/WebAccount/GetCorpDetail', // GET CorpDetailQuery → CorpDetail (no corpId: the caller's company)
  corpOrders: '/api/WebOrder/GetCorpOrders', // GET CorpIdQuery → CompanyOrders
} as const;
