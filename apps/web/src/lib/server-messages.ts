/**
 * The server's messages in the user's language (issue 17). The server always answers in Simplified
 * Chinese (the envelope `msg`, a file's `statusMsg`); zh-CN shows that text unchanged. Any other
 * language matches the text to its catalogue code (`matchServerMessage`, packages/contracts
 * messages.ts) and shows locales/en-US/serverMessages.json's text for it, with the values put back
 * (lib/server-messages-translate.ts). A text the catalogue does not know falls back to the server's.
 *
 * The catalogue, its matcher and the English texts load lazily (one chunk) and only when the
 * language is not Chinese: the zh-CN start-up bundle carries none of them. api-client.ts waits for
 * them before it hands out an answer with a message, so toasts and ApiError messages are translated.
 */
import i18n from './i18n.ts';

/** Whether a language shows translated server texts (every language but Chinese). */
export function translatesServerTexts(lng: string | undefined): boolean {
  return !!lng && !lng.toLowerCase().startsWith('zh');
}

let translate: ((text: string) => string) | null = null;
let loading: Promise<void> | null = null;

/** Load the matcher and the English texts once. */
function loadEnglish(): Promise<void> {
  loading ??= Promise.all([
    import('./server-messages-translate.ts'),
    import('../locales/en-US/serverMessages.json'),
  ])
    .then(([m, json]) => {
      const texts = json.default as Readonly<Record<string, string>>;
      translate = (text) => m.translateServerText(text, texts);
    })
    .catch(() => {
      loading = null; // a failed chunk load: the server's texts are shown; the next call tries again
    });
  return loading;
}

/** Resolves when the current language's texts are ready (at once for zh-CN). */
export function serverMessagesReady(): Promise<void> {
  return translatesServerTexts(i18n.language) ? loadEnglish() : Promise.resolve();
}

/** A server text (envelope `msg`, `statusMsg`) in the current language; the server's text as a fallback. */
export function serverText(text: string): string {
  if (!text || !translatesServerTexts(i18n.language)) return text;
  if (!translate) {
    void loadEnglish();
    return text;
  }
  return translate(text);
}

/** Like `serverText`, after the current language's texts are loaded (for answers not read by api-client). */
export async function serverTextReady(text: string): Promise<string> {
  await serverMessagesReady();
  return serverText(text);
}

if (translatesServerTexts(i18n.language)) void loadEnglish();
i18n.on('languageChanged', (lng) => {
  if (translatesServerTexts(lng)) void loadEnglish();
});
