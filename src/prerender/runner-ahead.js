// The Trackers view's prerendered page loads this script (async, beside the boot script:
// vite-plugin.ts `withRunnerAhead`, decision 122). A page opened on a runner's tracker
// (`/trackers?runner=ID`) with a runner token held in this tab asks the runner for that
// tracker's first screen at once: its newest runs cut to the movers (decision 107), then the
// list's four reads, in the order the view asks them (decision 120). The app's code (four
// round trips of modules) would ask them only once evaluated; runner-client.ts `call` takes
// these answers instead of asking again, once each, with the same token only. Only the runner
// token is sent, in the header the app sends it in: never the API key. The paths must stay the
// app's own (runner-client.ts `readRunner`, `readRunPage` with FIRST_RUN_PAGE's limit 2).
(function () {
  try {
    // The app already asked (this script came late): its reads are its own.
    if (location.pathname !== '/trackers' || window.__runnerAhead !== undefined) return;
    var trackerId = new URLSearchParams(location.search).get('runner');
    var token = sessionStorage.getItem('web-data-dashboard.runner-token');
    if (!trackerId || !token) return;
    var runs = 'runs?' + new URLSearchParams({ tracker: trackerId, limit: '2', cut: 'movers' });
    var paths = [runs, 'trackers?runs=none', 'last-runs', 'alerts', 'schedules'];
    var answers = {};
    for (var i = 0; i < paths.length; i++) {
      var answer = fetch('/runner/' + paths[i], {
        headers: { 'x-runner-token': token },
        cache: 'no-store',
      });
      // Not taken (the app read otherwise): no unhandled rejection in the console.
      answer.catch(function () {});
      answers[paths[i]] = answer;
    }
    window.__runnerAhead = { token: token, answers: answers };
  } catch {
    // Storage or fetch refused: the app asks on its own, as without this.
  }
})();
