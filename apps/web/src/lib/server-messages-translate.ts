/**
 * Translating one server text (issue 17), kept apart from lib/server-messages.ts so the catalogue
 * and its matcher load with the English texts, in a lazy chunk, and never in the zh-CN start-up
 * bundle.
 */
import { fillServerMessage, matchServerMessage } from '@bimdrive/contracts';

/** Code → text of one language (locales/<lng>/serverMessages.json). */
export type ServerMessageTexts = Readonly<Record<string, string>>;

/** How deep values are translated (a message inside a message inside a message). */
const MAX_DEPTH = 2;

/**
 * Translate one server text with the given texts (pure): match it to its catalogue code, take that
 * code's text and put the values back, translating values that are catalogued texts or terms
 * themselves (e.g. the reason inside 转换失败：…). Null texts, an unknown text or a code without a
 * text give the server's text back.
 */
export function translateServerText(text: string, texts: ServerMessageTexts | null, depth = 0): string {
  if (!text || !texts) return text;
  const found = matchServerMessage(text, { terms: depth > 0 });
  const template = found ? texts[found.code] : undefined;
  if (!found || !template) return text;
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(found.params))
    params[name] = depth < MAX_DEPTH ? translateServerText(value, texts, depth + 1) : value;
  const out = fillServerMessage(template, params);
  return depth === 0 ? out.trim() : out;
}
