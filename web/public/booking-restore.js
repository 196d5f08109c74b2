// A blocking classic script in the booking page's head (ADR 0072), the only script that runs before
// the first paint: when this tab may hold a booking of this practice (a stored booking for this
// path, a step in the address, a step trail in the history entry), it marks <html> so that the
// server's first step stays hidden (styles.css) until the app has shown the stored step. Without
// it, a reload on step 5 would show step 1 until the scripts ran. Plain ES5: no module, no build.
(function () {
  var html = document.documentElement;
  try {
    var slug = decodeURIComponent(window.location.pathname.split('/')[1] || '');
    var stored = JSON.parse(window.sessionStorage.getItem('chairtime-booking') || 'null');
    var entry = window.history.state;
    var hasTrail = Boolean(entry && entry.usr && entry.usr.bookingTrail);
    var hasStep = /[?&]step=/.test(window.location.search);
    if (hasStep || hasTrail || (stored && stored.state && stored.state.formUrl === slug)) {
      html.setAttribute('data-booking-restore', '');
    }
  } catch (error) {
    // Storage refused or unreadable: let the app decide, with the server's step hidden meanwhile.
    html.setAttribute('data-booking-restore', '');
  }
})();
