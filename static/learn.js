// The learning pages: the arrow keys step back and forth through a solve path or a review
// (Home and End go to its first and last step), after a step is swapped in focus goes to its
// heading, which is read out, and Back and Forward show the address bar's step. Without this
// file every step is still a link, and htmx only makes them faster.
(function () {
  'use strict';

  var KEYS = { ArrowLeft: 'back', ArrowRight: 'next', Home: 'first', End: 'last' };
  var loading = false; // a step is on its way: keys wait for it, so none is doubled

  function stepLink(kind) {
    var link = document.querySelector('.learn-nav a[id$="-' + kind + '"]');
    return link && link.getAttribute('href') ? link : null;
  }

  document.addEventListener('keydown', function (event) {
    var kind = KEYS[event.key];
    if (!kind || loading || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
      return;
    }
    var target = event.target;
    if (target && target.closest && target.closest('input, textarea, select, [contenteditable]')) {
      return;
    }
    var link = stepLink(kind);
    if (!link) return;
    event.preventDefault();
    link.click();
  });

  // Back or Forward while the page is still loading (htmx, which loads a step's history entry
  // again, answers them only once it is ready) changes the address bar alone: app.js loads
  // the address again, once, when this says the page shows another step.
  function stepOf(url) { // at= on a review (whose address may hold other keys), else step=
    var query = new URL(url, location.href).searchParams;
    return Number(query.get('at') || query.get('step')) || 1;
  }
  function showsTheAddress() {
    var shown = document.querySelector('.learn-steps [aria-current="step"]');
    return !shown || stepOf(shown.getAttribute('href')) === stepOf(location.href);
  }
  window.sudokuShowsTheAddress = showsTheAddress;

  document.addEventListener('htmx:beforeRequest', function () {
    loading = true;
  });

  document.addEventListener('htmx:afterRequest', function () {
    loading = false;
  });

  // The step shown stays in view in the list of steps, when that list scrolls on its own.
  function showCurrent() {
    var current = document.querySelector('.learn-scroll [aria-current="step"]');
    var list = current && current.closest('.learn-scroll');
    if (!list || list.scrollHeight <= list.clientHeight) return;
    list.scrollTop = current.offsetTop - list.offsetTop - list.clientHeight / 3;
  }

  document.addEventListener('DOMContentLoaded', showCurrent);

  document.addEventListener('htmx:afterSettle', function () {
    showCurrent();
    var title = document.querySelector('.learn-step-title');
    if (!title) return;
    title.focus({ preventScroll: true }); // read out once, as focus lands on it
  });
})();
