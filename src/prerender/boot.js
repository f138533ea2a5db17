// The one script of a prerendered page (decision 024), loaded from the page's head. The view's
// static copy paints first; only then does the app's code start to load, so on a slow phone
// the first paint never waits behind it. Runs before the body exists: presenter mode (kept for
// the tab) scales the page before that first paint, as the app would.
(function () {
  var script = document.currentScript;
  try {
    if (sessionStorage.getItem('web-data-dashboard.presenter') === 'on')
      document.documentElement.setAttribute('data-presenter', 'on');
  } catch {
    // Storage refused (privacy settings): the app shows the page unscaled as well.
  }
  function load() {
    var preload = (script.getAttribute('data-preload') || '').split(' ');
    for (var i = 0; i < preload.length; i++) {
      if (!preload[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preload[i];
      document.head.appendChild(link);
    }
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = script.getAttribute('data-entry');
    document.head.appendChild(entry);
  }
  // A timeout queued from an animation frame runs once that frame has been painted. A tab
  // opened in the background paints nothing (and runs no frames) until shown: it loads now.
  if (document.visibilityState === 'hidden') load();
  else
    requestAnimationFrame(function () {
      setTimeout(load, 0);
    });
})();
