// The solver lab: play/pause through the steps at a chosen speed, arrow keys for back and
// forward, Home and End for the first and last step, focus kept on the control that was
// used, a wait instead of the error page when the site's allowance is spent, and the address
// bar's step after Back and Forward. Without this file every step is still a link (first,
// back, forward, last, next dead end), and htmx only makes them faster.
(function () {
  'use strict';

  var playing = false;
  var timer = null;
  var focusedId = null; // the control to focus again once a step is swapped in
  var OTHER_WAY = { 'lab-next': 'lab-back', 'lab-last': 'lab-back', 'lab-back': 'lab-next', 'lab-first': 'lab-next' };
  var KEYS = { ArrowLeft: 'lab-back', ArrowRight: 'lab-next', Home: 'lab-first', End: 'lab-last' };
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
    var note = byId('lab-wait'); // a wait said below: over, or said again if refused again
    if (note) note.remove();
  }

  var saying = 0;
  function say(text) {
    var region = byId('announce');
    if (!region) return;
    region.textContent = ''; // the same words again are read again
    clearTimeout(saying);
    saying = setTimeout(function () { region.textContent = text; }, 50);
  }

  // A screen reader hears the step shown once: each step swapped in while not playing (Next,
  // the keys, Go) and the step playing stopped on (Pause, the end of the run), not every step
  // while playing.
  function announce() {
    var title = byId('lab-step-title');
    if (title) say(title.textContent);
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
        if (refused) { // asked again once the allowance has room
          if (playing) timer = setTimeout(tick, refused * 1000);
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

  // Steps asked for faster than the site's per-client allowance of engine work (a held arrow
  // key, playing, hints asked for meanwhile) get a 429: instead of its page, the lab stays on
  // the step shown and says how long to wait (its Retry-After). Playing asks again by itself
  // then, as it was asked to go on. A key press or click is not asked again: the step would
  // come seconds later, after the key was let go, and move the lab away from the step being
  // read. The presses of a key held meanwhile are dropped (each would be refused), and once
  // the wait is over a held key goes on by itself.
  var refused = 0; // seconds the step last asked for was refused for (0: it came)
  var restUntil = 0; // Date.now() before which the arrow keys ask for nothing
  document.addEventListener('htmx:beforeSwap', function (ev) {
    if (ev.target.id !== 'lab-step' || ev.detail.xhr.status !== 429) return;
    ev.detail.shouldSwap = false;
    refused = Math.min(Number(ev.detail.xhr.getResponseHeader('Retry-After')) || 5, 60);
    if (!playing) restUntil = Date.now() + refused * 1000; // after Pause a key asks at once
    wait(refused);
  });

  // The wait, said to a screen reader and in a note in the line kept free for it under the
  // step's controls (so it covers none of the grid, and moves nothing), until it is over or
  // the next step comes (the note is part of the step). One short line, on a phone too.
  var waited = 0;
  function wait(seconds) {
    var slot = document.querySelector('#lab-step .lab-wait-slot');
    if (!slot) return;
    var note = byId('lab-wait');
    if (!note) {
      note = document.createElement('p');
      note.id = 'lab-wait';
      note.className = 'lab-wait';
      slot.appendChild(note);
    }
    var time = seconds + ' second' + (seconds === 1 ? '' : 's');
    note.textContent = 'Too many steps: ' + (playing ? 'next in ' : 'wait ') + time + '.';
    say(note.textContent);
    clearTimeout(waited);
    waited = setTimeout(function () { note.remove(); }, seconds * 1000);
  }

  // Playing shows the grid whole: on a phone it stood mostly under the screen's foot, below
  // Play and the step's controls. The least scroll that does it, gliding unless the reader
  // asked for less motion.
  function bringIntoView() {
    var grid = document.querySelector('#lab-step .lab-grid');
    if (!grid) return;
    var still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    grid.scrollIntoView({ block: 'nearest', behavior: still ? 'instant' : 'smooth' });
  }

  function play() {
    if (!window.htmx || !nextUrl()) return;
    playing = true;
    show();
    bringIntoView();
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
    var id = KEYS[ev.key];
    var link = id && byId(id);
    if (!link) return;
    ev.preventDefault();
    if (loading || Date.now() < restUntil || !link.getAttribute('href')) return;
    stop();
    link.click();
  });

  // Back or Forward while the page is still loading (htmx, which loads a step's history entry
  // again, answers them only once it is ready) changes the address bar alone: app.js loads
  // the address again, once, when this says the page shows another step.
  function stepOf(url) {
    return Number(new URL(url, location.href).searchParams.get('step')) || 1;
  }
  function showsTheAddress() {
    var input = byId('lab-step-input'); // its value attribute is the step shown
    return !input || Number(input.defaultValue) === stepOf(location.href);
  }
  window.sudokuShowsTheAddress = showsTheAddress;

  document.addEventListener('htmx:beforeRequest', function () {
    loading = true;
    refused = 0;
  });

  // Every answer, error or abort (a 429 is not swapped in, so it never settles).
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
