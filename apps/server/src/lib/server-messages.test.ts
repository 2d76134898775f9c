/**
 * Every Chinese text the server can send (an envelope `msg`, a file's `statusMsg`, a validation
 * message of a request schema) is in the message catalogue of packages/contracts/src/messages.ts
 * (issue 17), so the web can show it in the user's language. This scans the TypeScript sources of
 * the server and of the contracts for string and template literals with Chinese characters and
 * fails on one the catalogue cannot match, unless it is on the explicit allow-list below (texts that
 * are not messages: folder names, menu titles, log labels, CSV headers, SQL patterns…).
 * A new message: add it to SERVER_MESSAGES and its English text to
 * apps/web/src/locales/en-US/serverMessages.json.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { matchServerMessage } from '@bimdrive/contracts';

const ROOT = join(import.meta.dirname, '../../../..');
const SCANNED = ['apps/server/src', 'packages/contracts/src'];

/** Files whose Chinese literals are not messages at all. */
const SKIPPED_FILES = new Set([
  'apps/server/src/cli.ts', // console output of the command line
  'apps/server/src/test/fake-dingtalk.ts', // a stand-in for DingTalk's own servers
  'packages/contracts/src/messages.ts', // the catalogue itself
]);

/**
 * Chinese literals that are not user messages (a template's `${…}` parts read as `X`). Grouped by
 * what they are; each one is data, a name, a label or a fragment whose whole message is catalogued.
 */
const NOT_MESSAGES = new Set([
  // the drawing converter's warm-up drawing (converters/drawing/warm-up.ts): text inside a sample DWG
  '门',
  '房间X',
  '说明：\\P墙厚 200，{\\fSimSun|b0|i0;门} 见详图',
  // names of spaces, folders, libraries, menu entries and roles (shown as names, translated by the web)
  '我的文件',
  '我的空间',
  '我的收藏',
  '我的分享',
  '最近浏览',
  '全部项目',
  '我的项目',
  '我参与的项目',
  '公共构件库',
  '公共图纸库',
  '公共标准库',
  '企业资源库',
  '我的资源库',
  '用户管理',
  '企业管理',
  '订单管理',
  '操作日志',
  '管理者',
  '编辑者',
  '查看者',
  '(未命名)',
  '钉钉用户X',
  '演示用户',
  // company usage states (data values, an enum of the admin contract)
  '正常',
  '即将到期',
  '已到期',
  '停用',
  // operation-log action labels and CSV export headers
  '登录失败',
  '退出登录',
  '修改密码',
  '修改手机号',
  '上传文件',
  '删除文件',
  '下载文件',
  '创建分享',
  '取消分享',
  '打开分享',
  '添加企业成员',
  '移除企业成员',
  '变更成员角色',
  '订单支付',
  '停用用户',
  '启用用户',
  '修改用户空间',
  '修改用户服务期',
  '重置用户密码',
  '修改企业空间',
  '修改企业服务期',
  '时间',
  '用户',
  '手机号',
  '操作',
  '操作代码',
  '对象类型',
  '对象',
  '对象ID',
  '浏览器',
  '详情',
  '订单号',
  '下单时间',
  '购买人',
  '企业',
  '套餐',
  '周期(月)',
  '金额(元)',
  '支付方式',
  '状态',
  '支付时间',
  '关闭时间',
  '支付流水号',
  '服务到期',
  // order data: status and channel names, the order subject and plan labels
  '待支付',
  '已支付',
  '已关闭',
  '已退款',
  '微信支付',
  '支付宝',
  'X年',
  'X个月',
  'X 个人分享套餐 X',
  'X 企业分享套餐(X人) X',
  'X以上',
  // answers to the payment providers' notifications (read by WeChat Pay / Alipay, not by users)
  '验签失败',
  '处理失败',
  // names inside converted models (materials, blocks, layers)
  '材质',
  '默认',
  '块 X',
  '图层',
  // the note put into a folder zip when files are missing
  '缺失文件清单.txt',
  '以下文件在服务器上未找到，未包含在此压缩包中：\r\nX\r\n',
  // SQL LIKE patterns over stored statusMsg texts
  '需要外部转换器%',
  '暂不支持转换%',
  // fragments whose whole messages are catalogued (order.contactSupplier*, conversion.videoUnreadable*,
  // conversion.modelUnreadable, conversion.videoTranscodeFailed: `${prefix}：${detail}`)
  '该套餐请联系供应商购买X',
  '视频文件无法解析X',
  '模型文件无法解析',
  '视频转码失败',
]);

/** Text of a string or template literal (`${…}` read as `X`), or null for other nodes. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((s) => `X${s.literal.text}`).join('');
  return null;
}

const CHINESE = /[\u4e00-\u9fff]/;

/** Every Chinese literal of the scanned sources, with its file and line. */
function chineseLiterals(): { text: string; where: string }[] {
  const found: { text: string; where: string }[] = [];
  const walkDir = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? (e.name === 'test' ? [] : walkDir(join(dir, e.name))) : [join(dir, e.name)],
    );
  for (const base of SCANNED) {
    for (const file of walkDir(join(ROOT, base))) {
      const rel = relative(ROOT, file);
      if (!file.endsWith('.ts') || file.endsWith('.test.ts') || SKIPPED_FILES.has(rel)) continue;
      const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node): void => {
        // SQL (drizzle's sql`…`) and imports are not texts shown to anyone.
        if (ts.isTaggedTemplateExpression(node) || ts.isImportDeclaration(node)) return;
        const text = literalText(node);
        if (text !== null && CHINESE.test(text)) {
          const line = src.getLineAndCharacterOfPosition(node.getStart()).line + 1;
          found.push({ text, where: `${rel}:${line}` });
          if (ts.isTemplateExpression(node)) node.templateSpans.forEach((s) => visit(s.expression));
          return;
        }
        ts.forEachChild(node, visit);
      };
      visit(src);
    }
  }
  return found;
}

describe('server message catalogue (issue 17)', () => {
  const literals = chineseLiterals();

  it('finds the Chinese literals of the server and the contracts', () => {
    expect(literals.length).toBeGreaterThan(300);
  });

  it('has a code for every Chinese message the server can send', () => {
    const missing = literals
      .filter(({ text }) => !NOT_MESSAGES.has(text) && !matchServerMessage(text, { terms: true }))
      .map(({ text, where }) => `${where}  ${JSON.stringify(text)}`);
    expect(missing, 'add these to SERVER_MESSAGES (or, if not a message, to NOT_MESSAGES)').toEqual([]);
  });

  it('keeps the allow-list free of catalogued messages and of texts no longer in the sources', () => {
    const texts = new Set(literals.map((l) => l.text));
    expect([...NOT_MESSAGES].filter((t) => !texts.has(t))).toEqual([]);
    expect([...NOT_MESSAGES].filter((t) => matchServerMessage(t, { terms: true }))).toEqual([]);
  });
});
