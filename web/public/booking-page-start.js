// ADR 0072: run before a server-rendered page's first paint. On /{form_url} it hides the server's first
// step while a stored booking may replace it; it starts the app after that paint, so the app's scripts
// never hold the first paint back. The server writes it into the page (ADR 0085), so the first paint waits for no
// script request; the CSP allows these exact bytes by their hash: any edit here is allowed by the next start.
(function () {
  var html = document.documentElement;
  try {
    var path = location.pathname.split('/');
    var slug = path[2] ? 0 : decodeURIComponent(path[1] || '');
    var stored = JSON.parse(sessionStorage.getItem('chairtime-booking') || 'null');
    var entry = history.state;
    if (/[?&]step=/.test(location.search) || (entry && entry.usr && entry.usr.bookingTrail) ||
      (stored && stored.state && stored.state.formUrl === slug)) html.setAttribute('data-booking-restore', '');
  } catch (error) {
    html.setAttribute('data-booking-restore', '');
  }
  // Until React has hydrated an element of the server's markup, a click on it would do nothing and a
  // value typed into it would be lost. Such clicks are held (links still work) and such edits noted with
  // their values, in order; the app replays each once its element is hydrated (web/src/lib/early-input.ts,
  // ADR 0074).
  var early = { entries: [], onHeld: null, isHydrated: isHydrated };
  // React's own test before an event (getNearestMountedFiber): the element has a fiber, and none up to
  // the root is still being placed or hydrated (flags 4098).
  function isHydrated(element) {
    var keys = Object.keys(element);
    var fiber = null;
    for (var i = 0; i < keys.length; i++) if (keys[i].indexOf('__reactFiber$') === 0) fiber = element[keys[i]];
    if (!fiber) return false;
    var node = fiber;
    var mounted = fiber;
    for (var next = fiber; next && !next.alternate; next = node.return) {
      node = next;
      if (node.flags & 4098) mounted = node.return;
    }
    while (node.return) node = node.return;
    return node.tag === 3 && mounted === fiber;
  }
  function isServerMarkup(target) {
    return target instanceof Element && target.closest('#root') !== null && !isHydrated(target);
  }
  function held(entry) {
    early.entries.push(entry);
    if (early.onHeld) early.onHeld();
  }
  // A box or a radio button is let through and its change noted, so that it shows ticked at once.
  function isCheckable(element) {
    var control = element instanceof HTMLLabelElement ? element.control : element;
    return control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio');
  }
  function holdClick(event) {
    var target = event.target;
    if (!isServerMarkup(target) || target.closest('a[href]') || isCheckable(target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held({ kind: 'click', target: target });
  }
  function noteEdit(event) {
    var target = event.target;
    var last = early.entries[early.entries.length - 1];
    if (!isServerMarkup(target)) return;
    var value = isCheckable(target) ? target.checked : target.value;
    if (last && last.kind === 'edit' && last.target === target) last.value = value;
    else held({ kind: 'edit', target: target, value: value });
  }
  document.addEventListener('click', holdClick, true);
  document.addEventListener('input', noteEdit, true);
  document.addEventListener('change', noteEdit, true);
  window.chairtimeEarlyInput = early;
  var me = document.currentScript;
  if (!me) return;
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
