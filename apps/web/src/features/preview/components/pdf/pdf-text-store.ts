/**
 * Text of a PDF's pages for the bundled viewer (spec 001 §2 "PDF: a bundled PDF viewer"): each page's
 * `getTextContent()` is asked for once and shared by the page's text layer and by the search, so a
 * page's text layer elements and the search's item indexes always describe the same items.
 */
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { indexPageText, type PageText } from '../../lib/pdf-search.ts';

/** Text content of a page, as `page.getTextContent()` answers it. */
export type TextContent = Awaited<ReturnType<PDFPageProxy['getTextContent']>>;

/** Per-document cache of page text (content for the text layer, normalised index for search). */
export class PdfTextStore {
  readonly #doc: PDFDocumentProxy;
  readonly #content = new Map<number, Promise<TextContent>>();
  readonly #index = new Map<number, Promise<PageText>>();

  constructor(doc: PDFDocumentProxy) {
    this.#doc = doc;
  }

  /** Text content of page `page` (1-based), marked content included as pdf.js's own viewer does. */
  content(page: number): Promise<TextContent> {
    let p = this.#content.get(page);
    if (!p) {
      p = this.#doc.getPage(page).then((pg) => pg.getTextContent({ includeMarkedContent: true }));
      // A failed read (e.g. the document was closed mid-way) is not cached.
      p.catch(() => this.#content.delete(page));
      this.#content.set(page, p);
    }
    return p;
  }

  /** Searchable form of page `page`: its text items' strings, in text-layer order. */
  index(page: number): Promise<PageText> {
    let p = this.#index.get(page);
    if (!p) {
      p = this.content(page).then((c) => indexPageText(itemStrings(c)));
      p.catch(() => this.#index.delete(page));
      this.#index.set(page, p);
    }
    return p;
  }
}

/** Strings of the text items (marked-content markers skipped), index i ↔ the text layer's i-th element. */
export function itemStrings(content: TextContent): string[] {
  const out: string[] = [];
  for (const item of content.items) if ('str' in item) out.push(item.str);
  return out;
}
