// ADR 0072: the one script of a server-rendered booking page that runs before its first paint. It hides
// the server's first step while a stored booking may replace it, and starts the app only after that
// paint, so the app's scripts never hold the first paint back.
(function () {
  var html = document.documentElement;
  try {
    var slug = decodeURIComponent(location.pathname.split('/')[1] || '');
    var stored = JSON.parse(sessionStorage.getItem('chairtime-booking') || 'null');
    var entry = history.state;
    if (/[?&]step=/.test(location.search) || (entry && entry.usr && entry.usr.bookingTrail) ||
      (stored && stored.state && stored.state.formUrl === slug)) html.setAttribute('data-booking-restore', '');
  } catch (error) {
    html.setAttribute('data-booking-restore', '');
  }
  var me = document.currentScript;
  var app = me.getAttribute('data-entry');
  var preloads = (me.getAttribute('data-preload') || '').split(' ');
  var isStarted = false;
  function add(tag, attributes) {
    var element = document.createElement(tag);
    for (var name in attributes) element.setAttribute(name, attributes[name]);
    document.head.appendChild(element);
  }
  function start() {
    if (isStarted) return;
    isStarted = true;
    for (var i = 0; i < preloads.length; i++) {
      if (preloads[i]) add('link', { rel: 'modulepreload', crossorigin: '', href: preloads[i] });
    }
    add('script', { type: 'module', crossorigin: '', src: app });
  }
  document.addEventListener('DOMContentLoaded', function () {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
    // A hidden tab paints no frames: it starts anyway.
    setTimeout(start, 250);
  });
})();
