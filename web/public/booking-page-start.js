// ADR 0072: run before a server-rendered page's first paint. On /{form_url} it hides the server's first
// step while a stored booking may replace it; it starts the app after that paint, so the app's scripts
// never hold the first paint back.
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
  // ADR 0074). React marks a hydrated element with its props.
  var early = { entries: [], onHeld: null, isHydrated: isHydrated };
  function isHydrated(element) {
    var keys = Object.keys(element);
    for (var i = 0; i < keys.length; i++) if (keys[i].indexOf('__reactProps$') === 0) return true;
    return false;
  }
  function isServerMarkup(target) {
    return target instanceof Element && target.closest('#root') !== null && !isHydrated(target);
  }
  function held(entry) {
    early.entries.push(entry);
    if (early.onHeld) early.onHeld();
  }
  function holdClick(event) {
    var target = event.target;
    if (!isServerMarkup(target) || target.closest('a[href]')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held({ kind: 'click', target: target });
  }
  function noteEdit(event) {
    var target = event.target;
    var last = early.entries[early.entries.length - 1];
    if (!isServerMarkup(target)) return;
    if (last && last.kind === 'edit' && last.target === target) last.value = target.value;
    else held({ kind: 'edit', target: target, value: target.value });
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
