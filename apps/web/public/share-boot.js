/*
 * Loaded by index.html before the app's code: on a share link (/s?code= or /share?code=) it starts
 * the share's info call at once, while the app's modules download and evaluate (a few hundred ms on
 * a slow phone). features/share/api/visitor.ts takes the response (window.__bimdriveShareInfo).
 */
(function () {
  if (location.pathname !== '/s' && location.pathname !== '/share') return;
  var code = (new URLSearchParams(location.search).get('code') || '').trim();
  if (!code) return;
  window.__bimdriveShareInfo = {
    code: code,
    response: fetch('/api/Share/Info?code=' + encodeURIComponent(code), { headers: { 'x-client': 'web' } }),
  };
})();
