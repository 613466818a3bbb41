// The solver lab: play/pause through the steps at a chosen speed, arrow keys for back and
// forward, and focus kept on the control that was used. Without this file every step is
// still a link (first, back, forward, last, next dead end), and htmx only makes them faster.
(function () {
  'use strict';

  var playing = false;
  var timer = null;
  var focusedId = null; // the control to focus again once a step is swapped in
  var OTHER_WAY = { 'lab-next': 'lab-back', 'lab-last': 'lab-back', 'lab-back': 'lab-next', 'lab-first': 'lab-next' };
  var loading = false; // a step is on its way: keys wait for it, so none is lost or doubled

  function byId(id) {
    return document.getElementById(id);
  }

  function nextUrl() {
    var next = byId('lab-next');
    return next && next.getAttribute('href');
  }

  function show() {
    var button = byId('lab-play');
    if (!button) return;
    button.setAttribute('aria-pressed', playing ? 'true' : 'false');
    button.textContent = playing ? 'Pause' : 'Play';
  }

  function stop() {
    playing = false;
    clearTimeout(timer);
    show();
  }

  // A screen reader hears the step shown once: each step swapped in while not playing (Next,
  // the keys, Go) and the step playing stopped on (Pause, the end of the run), not every step
  // while playing.
  var saying = 0;
  function announce() {
    var title = byId('lab-step-title');
    var region = byId('announce');
    if (!title || !region) return;
    var text = title.textContent;
    region.textContent = ''; // the same words again are read again
    clearTimeout(saying);
    saying = setTimeout(function () { region.textContent = text; }, 50);
  }

  // Playing stops on the step shown, which is told; a step on its way is told when it comes.
  function pause() {
    stop();
    if (!loading) announce();
  }

  function delay() {
    var speed = Number((byId('lab-speed') || {}).value) || 3;
    return 1000 / speed;
  }

  // Fetch the next step, swap it in, put its URL in the address bar, and go on after a pause.
  function tick() {
    var url = nextUrl();
    if (!playing || !url) {
      stop();
      return;
    }
    window.htmx.ajax('GET', url, { target: '#lab-step', swap: 'outerHTML' }).then(
      function () {
        if (resting) { // asked again once the allowance has room
          if (playing) timer = setTimeout(tick, resting * 1000);
          resting = 0;
          return;
        }
        history.replaceState(history.state, '', url); // the step shown, even if paused meanwhile
        if (!playing) return;
        if (nextUrl()) timer = setTimeout(tick, delay());
        else pause();
      },
      stop
    );
  }

  // Playing faster than the site's per-client allowance of engine work (or with hints asked
  // for meanwhile) gets a 429: instead of its page, a pause as long as it says, then on.
  var resting = 0; // seconds to wait before the step is asked for again
  document.addEventListener('htmx:beforeSwap', function (ev) {
    if (!playing || ev.detail.xhr.status !== 429) return;
    ev.detail.shouldSwap = false;
    resting = Math.min(Number(ev.detail.xhr.getResponseHeader('Retry-After')) || 5, 60);
  });

  function play() {
    if (!window.htmx || !nextUrl()) return;
    playing = true;
    show();
    tick();
  }

  document.addEventListener('click', function (ev) {
    var target = ev.target;
    if (target.id === 'lab-play') {
      if (playing) pause();
      else play();
      return;
    }
    if (playing && target.closest && target.closest('.lab-nav, .lab-jump')) stop();
  });

  document.addEventListener('keydown', function (ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.shiftKey) return;
    var tag = ev.target.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
    var id = { ArrowLeft: 'lab-back', ArrowRight: 'lab-next' }[ev.key];
    var link = id && byId(id);
    if (!link) return;
    ev.preventDefault();
    if (loading || !link.getAttribute('href')) return;
    stop();
    link.click();
  });

  document.addEventListener('htmx:beforeRequest', function () {
    loading = true;
  });

  // Every answer, error or abort (a 429 while playing is not swapped in, so it never settles).
  document.addEventListener('htmx:afterRequest', function () {
    loading = false;
  });

  document.addEventListener('htmx:beforeSwap', function () {
    var active = document.activeElement;
    focusedId = active && active.id && active.closest('#lab-step') ? active.id : null;
  });

  document.addEventListener('htmx:afterSettle', function () {
    if (!playing) announce();
    var again = focusedId && byId(focusedId);
    if (again && again.getAttribute('aria-disabled') === 'true') {
      again = byId(OTHER_WAY[focusedId]); // at an end of the run: the way back
    }
    if (again && typeof again.focus === 'function') again.focus();
    focusedId = null;
  });
})();
