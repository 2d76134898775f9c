/**
 * The operation log's reading side (001 §2 /operationLog): `list` one filtered page, `export` the
 * filtered entries as CSV (UTF-8 with a BOM, formula-looking fields defused). System administrators
 * read every entry (and may narrow to one company); a company administrator reads only their own
 * company's entries, whatever the filters say; anyone else gets 403. Writing is `logOperation` /
 * `audited` in operation-log.repository.ts, called by each action.
 */
import type { OperationLogQueryValue, OperationLogPageValue } from '@bimdrive/contracts';
import type { AppContext } from '../../app-context.ts';
import { csvDocument } from '../../lib/csv.ts';
import { forbidden } from '../../lib/errors.ts';
import { formatDateTime } from '../../lib/time.ts';
import type { Caller } from '../auth/caller.ts';
import { operationLogRepository, type OperationLogRowDb } from './operation-log.repository.ts';

/** Message of the log read by neither kind of administrator (403). */
export const NOT_LOG_READER_MSG = '仅系统管理员或企业管理员可以查看操作日志';
/** Largest CSV export. */
const EXPORT_LIMIT = 50_000;

/** Chinese names of the action codes (the CSV; the web has its own labels). */
const ACTION_TEXT: Record<string, string> = {
  'auth.login.ok': '登录成功',
  'auth.login.fail': '登录失败',
  'auth.logout': '退出登录',
  'account.password.change': '修改密码',
  'account.phone.change': '修改手机号',
  'file.upload': '上传文件',
  'file.delete': '删除文件',
  'file.download': '下载文件',
  'share.create': '创建分享',
  'share.cancel': '取消分享',
  'share.open': '打开分享',
  'share.code.wrong': '提取码错误',
  'company.member.add': '添加企业成员',
  'company.member.remove': '移除企业成员',
  'company.member.role': '变更成员角色',
  'order.paid': '订单支付',
  'admin.user.disable': '停用用户',
  'admin.user.enable': '启用用户',
  'admin.user.quota': '修改用户空间',
  'admin.user.serviceEnd': '修改用户服务期',
  'admin.user.password': '重置用户密码',
  'admin.company.quota': '修改企业空间',
  'admin.company.serviceEnd': '修改企业服务期',
};

/** An entry as shown. */
function present(r: OperationLogRowDb) {
  return {
    id: r.id,
    time: formatDateTime(r.at),
    userId: r.actorId,
    userName: r.actorName,
    phone: r.actorPhone,
    companyId: r.companyId,
    ip: r.ip,
    userAgent: r.userAgent,
    action: r.action,
    objectType: r.objectType,
    objectId: r.objectId,
    objectName: r.objectName,
    detail: (r.detail as Record<string, unknown> | null) ?? null,
  };
}

/** Operation-log service bound to the app context. */
export function operationLogService(ctx: AppContext) {
  const repo = operationLogRepository(ctx.db);

  /** The company whose entries the caller may read (null: all). @throws 403. */
  function scopeOf(caller: Caller): string | null {
    const u = caller.user;
    if (u.isAdministrator) return null;
    if (u.isCorpAdmin && u.corpId && !ctx.config.systemIsPersonal) return u.corpId;
    throw forbidden(NOT_LOG_READER_MSG);
  }

  return {
    /** One filtered page, newest first. @throws 403. */
    async list(caller: Caller, q: OperationLogQueryValue): Promise<OperationLogPageValue> {
      const { rows, count } = await repo.page(q, scopeOf(caller));
      return { list: rows.map(present), count };
    },

    /** The filtered entries as CSV text. @throws 403. */
    async export(caller: Caller, q: OperationLogQueryValue): Promise<string> {
      const rows = await repo.all(q, scopeOf(caller), EXPORT_LIMIT);
      return csvDocument(
        ['时间', '用户', '手机号', '操作', '操作代码', '对象类型', '对象', '对象ID', 'IP', '浏览器', '详情'],
        rows.map((r) => [
          formatDateTime(r.at),
          r.actorName,
          r.actorPhone,
          ACTION_TEXT[r.action] ?? r.action,
          r.action,
          r.objectType,
          r.objectName,
          r.objectId,
          r.ip,
          r.userAgent,
          r.detail ? JSON.stringify(r.detail) : '',
        ]),
      );
    },

    /** Remove entries past the retention (OPERATION_LOG_RETENTION_DAYS); answers how many. */
    async purge(now = new Date()): Promise<number> {
      const days = ctx.config.operationLogRetentionDays;
      return repo.purgeBefore(new Date(now.getTime() - days * 24 * 3600 * 1000));
    },
  };
}
export type OperationLogService = ReturnType<typeof operationLogService>;
