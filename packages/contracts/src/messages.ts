/**
 * The catalogue of the server's user-facing messages (issue 17): a stable code for each Simplified
 * Chinese text the server sends as an envelope `msg` or a file's `statusMsg`, with `{{name}}`
 * placeholders where the text carries values. The envelope keeps the Chinese text (the spec and the
 * documented API rely on it); clients that show another language match the text back to its code
 * with `matchServerMessage` and look the code up in their own locale files
 * (apps/web/src/locales/en-US/serverMessages.json). A new server message belongs here: the unit
 * test apps/server/src/lib/server-messages.test.ts fails on a Chinese literal it cannot match.
 */

/** Every user-facing server message: code → exact zh-CN text (`{{name}}` marks a value). */
export const SERVER_MESSAGES = {
  // ── common ──
  'common.ok': '操作成功',
  'common.serverBusy': '服务器繁忙，请稍后重试',
  'common.tooManyRequests': '请求过于频繁，请稍后再试',
  'common.bodyTooLarge': '请求体过大',
  'common.apiNotFound': '接口不存在',
  'common.badParam': '参数错误：{{detail}}',
  'common.tooDeep': '参数错误：结构层次过深',
  'common.unsafeText': '参数错误：包含非法字符',
  'common.textTooLong': '参数错误：内容过长',
  'common.illegalChars': '包含非法字符',
  'common.saved': '已保存',
  'common.deleteOk': '删除成功',
  'common.deleted': '已删除',
  'common.removed': '已移除',
  'common.editOk': '编辑成功',
  'common.changeOk': '修改成功',
  'common.setOk': '设置成功',
  'common.createOk': '创建成功',
  'common.addOk': '添加成功',
  'common.disabled': '已停用',
  'common.enabled': '已启用',
  'common.favourited': '收藏成功',
  'common.unfavourited': '已取消收藏',
  'common.verified': '验证成功',
  'common.noRight': '没有权限执行此操作',
  'common.noDownload': '没有下载权限',
  'common.linkExpired': '链接已失效，请刷新后重试',
  'common.paused': '功能暂停，服务端未支持',
  'common.noRightContact': '您没有此操作的权限，请联系项目管理员',
  'common.noViewRight': '您没有查看权限，请联系管理员',
  'common.nameRequired': '请输入名称',
  'common.nameTooLong': '名称不能超过200个字符',
  'common.illegalName': '文件名不能包含下列任何字符 \\ / : * ? " < > |',
  'common.systemVerifyFileMissing': '系统验证文件异常！！！',
  'common.systemVerifyFailed': '系统验证失败！！！',
  'common.licenceRefused': '系统验证失败：授权文件缺失、无效或已过期，请联系系统管理员',
  // ── sign-in, register, session ──
  'auth.sessionExpired': '登录已失效，请重新登录',
  'auth.loginFirst': '请先登录',
  'auth.loggedInElsewhere': '账户在其他地点登录，如果不是本人登录，请及时更改密码！！',
  'auth.accountDisabled': '该账号已被停用，如有疑问请联系管理员',
  'auth.wrongCredentials': '手机号或密码错误',
  'auth.registerClosed': '注册功能未开放',
  'auth.loginOk': '登录成功',
  'auth.registerOk': '注册成功',
  'auth.loggedOut': '已退出登录',
  'auth.locked': '密码错误次数过多，账号已临时锁定，请{{wait}}后再试',
  'auth.hashBusy': '登录人数较多，请稍后重试',
  'auth.nameRequired': '请输入姓名',
  'auth.passwordRequired': '请输入密码',
  'auth.passwordMin': '密码至少8位',
  'auth.passwordMax': '密码不能超过128位',
  'auth.passwordWeak': '密码不能全为字母或全为数字',
  'auth.fieldEncRequired':
    '为保护密码安全，密码和验证码须加密后发送，但当前浏览器无法加密：请通过 HTTPS（或本机 localhost）地址访问本系统',
  'auth.fieldEncKeyUnknown': '加密密钥已更新，请重试',
  'auth.fieldEncExpired': '加密数据已过期，请重试',
  'auth.fieldEncInvalid': '加密数据无效，请刷新页面后重试',
  // ── SMS codes and the account dialogs ──
  'sms.sent': '验证码已发送',
  'sms.required': '请输入验证码',
  'sms.format': '请输入6位数字验证码',
  'sms.tooFrequent': '验证码发送过于频繁，请{{seconds}}秒后再试',
  'sms.dailyLimit': '该手机号今日获取验证码次数已达上限，请明天再试',
  'sms.sendFailed': '短信发送失败，请稍后重试',
  'sms.none': '请先获取验证码',
  'sms.wrong': '验证码错误',
  'sms.expired': '验证码已过期，请重新获取',
  'sms.used': '验证码已失效，请重新获取',
  'sms.tooManyAttempts': '验证码错误次数过多，请重新获取',
  'account.confirmRequired': '请再次输入密码',
  'account.mismatch': '两次输入的密码不一致！',
  'account.oldPwdRequired': '请输入旧密码',
  'account.newPwdRequired': '请输入新密码',
  'account.sameAsOld': '新密码与旧密码相同，请重新输入',
  'account.passwordHint': '密码至少8位，不能全为字母或全为数字',
  'account.oldPwdWrong': '旧密码错误',
  'account.noPasswordYet': '您的账户尚未设置密码，请先设置登录密码',
  'account.passwordAlreadySet': '已设置登录密码，如需更改请使用修改密码',
  'account.phoneRequired': '请输入手机号',
  'account.phoneInvalid': '请输入正确的手机号',
  'account.phoneBound': '该手机号已被产品账号绑定',
  'account.phoneNotCurrent': '请输入当前账号绑定的手机号',
  'account.phoneSameAsCurrent': '新手机号不能与原手机号相同',
  'account.stepOneFirst': '请先验证原手机号',
  'account.imageOnly': '请上传图片文件',
  'account.imageTooLarge': '头像图片不能超过5MB',
  'account.notRegistered': '该手机号尚未注册，请先注册',
  'account.imageNotFound': '图片不存在',
  // ── DingTalk ──
  'dingtalk.codeMissing': '缺少钉钉授权码',
  'dingtalk.codeInvalid': '钉钉授权码无效',
  'dingtalk.badCode': '钉钉授权码无效或已过期，请重新从钉钉打开应用',
  'dingtalk.badCredentials': '钉钉应用的 AppKey 或 AppSecret 不正确，请联系管理员检查钉钉配置',
  'dingtalk.noPermission': '钉钉应用缺少接口权限（通讯录个人信息或手机号），请联系管理员在钉钉开发者后台开通',
  'dingtalk.ipNotAllowed': '服务器的出口 IP 不在钉钉应用的白名单中，请联系管理员在钉钉开发者后台添加',
  'dingtalk.unavailable': '钉钉服务暂时不可用，请稍后重试',
  'dingtalk.refused': '钉钉拒绝了登录请求',
  'dingtalk.error': '钉钉返回错误：{{detail}}',
  'dingtalk.notConfigured':
    '未开通钉钉登录：服务器未配置钉钉应用（DINGTALK_APP_KEY、DINGTALK_APP_SECRET），请联系管理员',
  'dingtalk.corpMismatch': '该钉钉企业未接入本系统',
  'dingtalk.notRegistered': '该钉钉账号尚未关联本系统的账号，请联系管理员',
  'dingtalk.corpMissing': '缺少钉钉企业标识 corpId',
  'dingtalk.noMobile': '无法获取钉钉账号的手机号，请联系管理员为钉钉应用开通“手机号信息”权限',
  'dingtalk.badMobile': '钉钉账号绑定的不是中国大陆手机号，无法登录',
  // ── files, folders, versions ──
  'file.notFound': '文件不存在或已被删除',
  'file.folderNotFound': '文件夹不存在或已被删除',
  'file.versionNotFound': '该版本不存在或已被删除',
  'file.notConverted': '文件未转换完毕，请稍后查看',
  'file.pageOutOfRange': '页码超出范围',
  'file.nameTaken': '该位置已存在同名文件或文件夹',
  'file.fileNameTaken': '该位置已存在同名文件',
  'file.versionNameTaken': '该位置已存在同名文件，无法切换到此版本',
  'file.folderZipOnly': '文件夹请使用打包下载',
  'file.folderNoPreview': '文件夹不能预览',
  'file.fontNotFound': '字体文件不存在',
  'file.recordNotFound': '记录不存在或已被删除',
  'file.pickRecord': '请指定要删除的记录',
  'file.versionSuffix': '新版本须与原文件格式一致（.{{suffix}}）',
  'file.currentVersionDelete': '当前版本不能删除，请先将其他版本设为当前版本',
  'file.frameOnlyModels': '只有模型和图纸可以生成嵌入链接',
  'file.frameLinkInvalid': '嵌入链接无效或已过期',
  'file.docLinkOnlyOffice': '只有办公文档和 PDF 可以生成文档链接',
  'file.docLinkInvalid': '文档链接无效或已过期',
  'file.linkOnlyModels': '只有模型文件可以关联图纸',
  'file.linkOnlyDwg': '只能关联 DWG 图纸：{{name}}',
  'file.linked': '关联成功',
  'file.modelOccupied': '文件正在被其他用户查看，请在模型关闭后重试',
  'file.modelClosed': '模型已关闭',
  'file.modelCloseFailed': '关闭模型失败，请稍后重试或联系管理员',
  'file.confirmTooMany': '一次最多确认1000个文件',
  // ── uploads ──
  'upload.notFound': '上传记录不存在',
  'upload.dataLost': '上传的数据已丢失，请重新上传',
  'upload.noSpace': '空间不足，上传失败，请清理文件或扩容后重试',
  'upload.sizeRequired': '请提供文件大小',
  'upload.pickFile': '请指定要添加新版本的文件',
  'upload.cancelled': '已取消上传',
  'upload.busy': '同时上传的文件较多，等待中...',
  'upload.personalExpired': '您的个人空间已过期，文件上传受限，请购买存储空间后重试',
  'upload.companyExpired': '企业空间已过期，文件上传受限，请联系管理员购买存储空间',
  // ── listing and search ──
  'list.badSortField': '不支持的排序字段',
  'list.badSortOrder': '排序方向只能是 asc 或 desc',
  'list.badFileGroup': '不支持的文件类型分组',
  'list.badShareState': '分享状态只能是 valid 或 expired',
  'list.tooManyValues': '筛选值过多',
  'list.badTime': '时间格式应为 yyyy-MM-dd HH:mm:ss',
  'list.sizeNotNumber': '文件大小必须是数字',
  'list.sizeNotInteger': '文件大小必须是整数（字节）',
  'list.sizeNegative': '文件大小不能为负数',
  'list.sizeOutOfRange': '文件大小超出范围',
  'list.badSuffix': '后缀只能包含字母和数字',
  'list.badStatus': '状态取值 0–4',
  'list.sizeRange': '文件大小范围的下限大于上限',
  'list.timeRange': '时间范围的开始晚于结束',
  'list.badSearchArea': '不支持的搜索区域',
  'list.keywordRequired': '请输入搜索关键字',
  // ── archives ──
  'archive.overDeclared': '压缩包中的文件已损坏或解压后的大小超过声明的大小，已停止',
  'archive.notArchive': '该文件不是压缩包',
  'archive.unreadable': '压缩包已损坏或格式不受支持，无法读取其中的文件',
  'archive.entryNotFound': '压缩包中没有该文件',
  'archive.folderEntry': '文件夹不能预览或下载',
  'archive.noPreview': '该文件不支持在线预览，请下载后查看',
  'archive.imageTooLarge': '图片过大，无法在线预览，请下载后查看',
  'archive.imageUndecodable': '图片无法解码，请下载后查看',
  'archive.sizeExceeded': '解压后的大小超过声明的大小，已停止',
  'archive.rarTimeout': 'RAR 处理超时',
  'archive.rarFailed': 'RAR 读取失败',
  'archive.entryEncrypted': '该文件已加密，无法在线查看',
  'archive.entryTooLarge': '文件超过 512MB，无法单独查看或下载，请下载压缩包',
  'archive.zipBomb': '压缩比异常（疑似压缩炸弹），已拒绝解压',
  // ── conversions (a file row's statusMsg) ──
  'conversion.retryLater': '转换暂时失败，稍后自动重试',
  'conversion.interrupted':
    '转换多次意外中断（服务器或转换进程退出），已停止自动重试，请重新上传文件或联系管理员',
  'conversion.requeued': '转换中断，已重新排队',
  'conversion.noConverter':
    '需要外部转换器：此格式暂无开源转换器，可下载后使用专业软件查看，或请管理员配置外部转换器',
  'conversion.unsupportedSuffix': '暂不支持转换 .{{suffix}} 文件',
  'conversion.externalCannotStart': '外部转换程序暂时无法启动，稍后自动重试',
  'conversion.externalFailed': '外部转换程序失败（代码 {{code}}）',
  'conversion.externalNoGlb': '外部转换程序没有生成 GLB 文件',
  'conversion.serverBusy': '服务器暂时繁忙，稍后自动重试',
  'conversion.failed': '转换失败：{{detail}}',
  'conversion.memory': '转换所需内存超过上限（{{memoryMb}} MB），文件过大或结构异常',
  'conversion.timeout': '转换超时（超过 {{seconds}} 秒），请检查文件或联系管理员',
  'conversion.toolUnavailable': '{{tool}}暂不可用，稍后自动重试',
  'conversion.cannotStart': '转换进程无法启动，稍后自动重试',
  'conversion.crashedSignal': '转换进程异常退出（{{signal}}），{{what}}可能已损坏',
  'conversion.crashedCode': '转换进程异常退出（代码 {{code}}）：{{detail}}',
  'conversion.missingRefsMany': '缺少引用文件 {{names}} 等 {{count}} 个文件',
  'conversion.missingRefs': '缺少引用文件 {{names}}',
  'conversion.modelUnreadable': '模型文件无法解析：{{detail}}',
  'conversion.noMesh': '模型中没有可显示的网格',
  'conversion.ifcBadHeader': '不是有效的 IFC 文件（缺少 ISO-10303-21 文件头）',
  'conversion.ifcTruncated': 'IFC 文件不完整（文件被截断或上传不完整）',
  'conversion.ifcUnreadable': 'IFC 文件无法解析：{{detail}}',
  'conversion.glbVersion': '仅支持 glTF 2.0 的 GLB 文件',
  'conversion.glbTruncated': 'GLB 文件不完整（文件被截断）',
  'conversion.glbBadHeader': '不是有效的 GLB 文件（文件头错误）',
  'conversion.glbUnreadable': '不是有效的 GLB 文件（{{detail}}）',
  'conversion.gltfNotJson': 'glTF 文件无法解析：不是有效的 JSON',
  'conversion.gltfVersion': '仅支持 glTF 2.0 文件（asset.version 不是 2.0）',
  'conversion.gltfUnreadable': 'glTF 文件无法解析：{{detail}}',
  'conversion.glbInvalid': 'GLB 文件无效（{{count}} 处错误）：{{detail}}',
  'conversion.drawingDamagedDetail': '{{what}}已损坏或不完整，无法读取（{{detail}}）',
  'conversion.drawingDamaged': '{{what}}已损坏或不完整，无法读取',
  'conversion.dwgBadHeader': '不是有效的 DWG 图纸（文件头无法识别）',
  'conversion.dxfBadHeader': '不是有效的 DXF 图纸（文件头无法识别）',
  'conversion.dwgVersion':
    '暂不支持此 DWG 版本（{{version}}），支持 R14 至 2018（AC1014–AC1032），请另存为较新版本或 DXF 后上传',
  'conversion.drawingNoModelSpace': '图纸缺少模型空间或图层表，文件可能已损坏',
  'conversion.drawingUnreadable': '图纸无法转换：{{detail}}',
  'conversion.rhinoNoRenderMesh': '3DM 文件不含渲染网格，请在 Rhino 中保存时包含渲染网格',
  'conversion.rhinoNothing': '3DM 文件中没有可显示的网格或曲面',
  'conversion.rhinoBadHeader': '不是有效的 3DM 文件（缺少 Rhino 文件头）',
  'conversion.rhinoVersion': '3DM 文件已损坏或版本不受支持（文件版本 {{version}}），无法读取',
  'conversion.rhinoUnreadable': '3DM 文件无法转换：{{detail}}',
  'conversion.officeEncrypted': '文档已加密，无法在线预览，请下载后使用本地软件打开',
  'conversion.officeInvalid': '文件已损坏或不是有效的 .{{suffix}} 文档',
  'conversion.officeUnavailable': '文档转换服务（LibreOffice）暂不可用，稍后自动重试',
  'conversion.officeCannotOpen': '文档无法打开，文件可能已损坏或格式不受支持',
  'conversion.officeExportFailed': '文档导出 PDF 失败：{{detail}}',
  'conversion.officeCrashed': '文档转换进程异常退出，文件可能已损坏',
  'conversion.officeNoPdf': '文档转换没有生成 PDF',
  'conversion.videoUnreadableDetail': '视频文件无法解析：{{detail}}',
  'conversion.videoUnreadable': '视频文件无法解析',
  'conversion.videoTranscodeFailed': '视频转码失败：{{detail}}',
  'conversion.videoNoFrames': '视频中没有可显示的画面',
  'conversion.videoNoVideo': '视频文件中没有视频画面',
  // ── shares ──
  'share.created': '分享链接已创建',
  'share.cancelled': '已取消分享',
  'share.extracted': '提取成功',
  'share.pickExpiry': '请选择有效期',
  'share.expiryPast': '有效期必须晚于今天',
  'share.notFound': '分享已取消或不存在',
  'share.expired': '分享链接已过期',
  'share.codeRequired': '请输入提取码',
  'share.folderNotSupported': '文件夹暂不支持分享',
  'share.missing': '分享不存在',
  'share.codeLocked': '提取码错误次数过多，请{{minutes}}分钟后再试',
  'share.codeWrong': '提取码错误',
  'share.overLimit': '分享文件数量超出套餐限制：分享后共 {{count}} 个文件，套餐上限 {{limit}} 个。{{advice}}',
  // ── companies and invitations ──
  'company.personalEdition': '个人版不支持企业功能',
  'company.disabled': '该企业已被停用，如有疑问请联系管理员',
  'company.notJoined': '您还未加入企业',
  'company.notJoinedYet': '您还没有加入企业',
  'company.adminOnly': '只有企业管理员可以执行此操作',
  'company.noViewRight': '无权查看该企业',
  'company.detailForbidden': '无权查看该企业的详情',
  'company.alreadyJoinedCreate': '您已加入企业，不能再创建企业',
  'company.codeTaken': '该组织机构代码已被注册',
  'company.alreadyJoined': '您已加入企业',
  'company.notFoundByCode': '未找到该企业，请核对组织机构代码',
  'company.nameCodeMismatch': '企业名称与组织机构代码不一致',
  'company.applyPending': '您已提交加入申请，请等待管理员审核',
  'company.applyNotFound': '申请不存在或已处理',
  'company.applyMissing': '申请不存在',
  'company.cannotRemoveSelf': '不能移除自己，请使用退出企业',
  'company.memberNotFound': '成员不存在',
  'company.lastAdmin': '企业至少需要保留一名管理员',
  'company.inviteNotAccepted': '该成员尚未接受邀请',
  'company.onlyAdmin': '您是企业唯一的管理员，请先将其他成员设为管理员',
  'company.notFound': '企业不存在',
  'company.nameRequired': '请输入企业名称',
  'company.codeRequired': '请输入18位组织机构代码',
  'company.codeInvalid': '组织机构代码校验失败，请核对后重新输入',
  'company.applied': '申请已提交，请等待管理员审核',
  'company.approved': '已通过',
  'company.rejected': '已拒绝',
  'company.left': '已退出企业',
  'company.invited': '邀请成功',
  'company.linkCopied': '链接复制成功',
  'company.joined': '已加入企业',
  'company.registeredJoined': '注册成功，已加入企业',
  'invite.invalid': '邀请链接无效',
  'invite.expiredLink': '该邀请链接已失效',
  'invite.expired': '邀请链接已过期，请联系企业管理员重新复制',
  'invite.otherCompany': '您已加入其他企业，请先退出该企业',
  'invite.phoneRegistered': '该手机号已注册，请登录后接受邀请',
  'invite.used': '该邀请链接已被使用',
  'invite.revoked': '该邀请已被管理员撤销',
  'invite.alreadyMember': '该手机号已是企业成员',
  'invite.alreadyInvited': '已邀请该手机号，请复制邀请链接发送给对方',
  'invite.notFound': '邀请不存在或已被接受',
  'invite.wrongPhone': '该邀请不是发给您的手机号的，请使用受邀手机号登录',
  'invite.youAreMember': '您已是该企业成员',
  'invite.phoneMismatch': '手机号与邀请的手机号不一致',
  // ── projects, spaces, libraries, board ──
  'project.nameTaken': '已存在同名项目',
  'project.lastManager': '项目至少需要一位管理者',
  'project.notFound': '项目不存在或您无权访问',
  'project.createNeedsCompany': '您还没有加入企业，不能创建项目',
  'project.userNotMember': '该用户不存在或不是本企业成员',
  'project.memberNotFound': '该成员不在项目中',
  'project.nameTooLong': '项目名称不能超过50个字符',
  'project.badScope': '不支持的项目列表',
  'project.badRole': '角色只能是 manager、editor 或 viewer',
  'project.pick': '请选择项目',
  'space.notFound': '该空间不存在或您无权访问',
  'space.badLibraryKind': '不支持的资源库类型',
  'board.companyOnly': '仅企业管理员可以查看企业看板',
  'board.badScope': '看板范围只能是 personal、project 或 company',
  // ── administration, operation log ──
  'admin.badServiceEnd': '服务到期时间格式不正确',
  'admin.userNotFound': '用户不存在',
  'admin.cannotDisableSelf': '不能停用自己的账号',
  'admin.passwordReset': '密码已重置',
  'admin.logReadersOnly': '仅系统管理员或企业管理员可以查看操作日志',
  'admin.systemAdminOnly': '仅系统管理员可以访问',
  'admin.badAction': '操作类型不正确',
  // ── plans and orders ──
  'order.notFound': '订单不存在',
  'order.planNotFound': '套餐不存在',
  'order.contactSupplier': '该套餐请联系供应商购买',
  'order.contactSupplierPhone': '该套餐请联系供应商购买：{{phone}}',
  'order.noSuchPeriod': '该套餐没有此购买周期',
  'order.corpAdminOnly': '只有企业管理员可以为企业购买套餐',
  'order.tooManyMembers': '企业现有 {{members}} 人，超过该套餐的 {{max}} 人上限，请选择更高规格的套餐',
  'order.periodOnce': '该套餐周期仅限购买一次',
  'order.wechatClosed': '微信支付暂未开通',
  'order.alipayClosed': '支付宝支付暂未开通',
  'order.channelDown': '支付通道暂时不可用，请稍后重试',
  'order.created': '订单已创建',
  'order.badOrderNo': '订单号格式错误',
} as const satisfies Record<string, string>;

/**
 * Fragments the server puts into the values of messages (nouns, tool names, units, advice): they
 * are never a whole message, so only a message's values are matched against them.
 */
export const SERVER_MESSAGE_TERMS = {
  'term.file': '文件',
  'term.modelFile': '模型文件',
  'term.drawing': '图纸',
  'term.rhinoFile': '3DM 文件',
  'term.dwgDrawing': 'DWG 图纸',
  'term.dxfDrawing': 'DXF 图纸',
  'term.toolAssimp': '模型转换工具 assimp ',
  'term.toolFfmpeg': '视频转换工具 ffmpeg ',
  'term.unknown': '未知',
  'term.unknownReason': '未知原因',
  'term.seconds': '{{count}}秒',
  'term.minutes': '{{count}}分钟',
  'term.upgradeCompany': '请联系企业管理员升级套餐',
  'term.upgradePersonal': '请升级套餐后再分享',
} as const satisfies Record<string, string>;

/** A code of SERVER_MESSAGES. */
export type ServerMessageCode = keyof typeof SERVER_MESSAGES;
/** A code of SERVER_MESSAGE_TERMS. */
export type ServerMessageTermCode = keyof typeof SERVER_MESSAGE_TERMS;

/** A server text matched back to its code and the values of its placeholders. */
export interface MatchedServerMessage {
  code: ServerMessageCode | ServerMessageTermCode;
  params: Record<string, string>;
}

interface Pattern {
  code: ServerMessageCode | ServerMessageTermCode;
  re: RegExp;
  names: string[];
  /** Characters outside placeholders: longer (more specific) templates are tried first. */
  literal: number;
}

interface Table {
  exact: Map<string, ServerMessageCode | ServerMessageTermCode>;
  patterns: Pattern[];
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

function buildTable(entries: Record<string, string>): Table {
  const exact = new Map<string, ServerMessageCode | ServerMessageTermCode>();
  const patterns: Pattern[] = [];
  for (const [code, text] of Object.entries(entries) as [ServerMessageCode, string][]) {
    const names = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
    if (names.length === 0) {
      if (!exact.has(text)) exact.set(text, code);
      continue;
    }
    const source = text
      .split(PLACEHOLDER)
      .map((part, i) => (i % 2 === 1 ? '([\\s\\S]*?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    patterns.push({
      code,
      re: new RegExp(`^${source}$`),
      names,
      literal: text.replace(PLACEHOLDER, '').length,
    });
  }
  patterns.sort((a, b) => b.literal - a.literal);
  return { exact, patterns };
}

/** The match tables, built on first use (a `const`: the web build splits this file per declaration). */
const tables: { messages?: Table; terms?: Table } = {};

function lookup(table: Table, text: string): MatchedServerMessage | null {
  const code = table.exact.get(text);
  if (code) return { code, params: {} };
  for (const p of table.patterns) {
    const m = p.re.exec(text);
    if (!m) continue;
    const params: Record<string, string> = {};
    p.names.forEach((name, i) => (params[name] = m[i + 1] ?? ''));
    return { code: p.code, params };
  }
  return null;
}

/**
 * Match a server text (an envelope `msg` or a `statusMsg`) to its catalogue code and placeholder
 * values: an exact text first, then the templates, most specific first. `terms: true` also tries
 * the fragments of SERVER_MESSAGE_TERMS (for the values of a matched message). Null when unknown.
 */
export function matchServerMessage(
  text: string,
  opts: { terms?: boolean } = {},
): MatchedServerMessage | null {
  tables.messages ??= buildTable(SERVER_MESSAGES);
  const found = lookup(tables.messages, text);
  if (found || !opts.terms) return found;
  tables.terms ??= buildTable(SERVER_MESSAGE_TERMS);
  return lookup(tables.terms, text);
}

/** Put values into a `{{name}}` template (a missing value leaves the placeholder empty). */
export function fillServerMessage(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(PLACEHOLDER, (_, name: string) => String(params[name] ?? ''));
}

/** The zh-CN template of a code (message or term). */
export function serverMessageText(code: ServerMessageCode | ServerMessageTermCode): string {
  return code in SERVER_MESSAGES
    ? SERVER_MESSAGES[code as ServerMessageCode]
    : SERVER_MESSAGE_TERMS[code as ServerMessageTermCode];
}
