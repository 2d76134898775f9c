/**
 * Start the browser download of a signed original URL (spec 001 §2 download button, "only when
 * downloads are allowed"; `originalUrl` of PreviewInfo). A temporary anchor keeps the SPA page.
 */

/** Download `url` under `fileName` through a temporary anchor. */
export function triggerDownload(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
