// What only a browser can add to the grid form: the keyboard (digits, arrows, N, H, Ctrl+Z/Y),
// instant highlights, the digit pad (cell first or digit first), the clock's tick, focus kept
// on the grid across swaps, "Copy link" and "Share…". Everything else works without this file.
(function () {
  'use strict';
  var root = document.documentElement;
  root.classList.add('js');
  if (navigator.share) root.classList.add('can-share'); // Share… opens the system's sheet

  var MOVES = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  var TOUCH = window.matchMedia && window.matchMedia('(pointer: coarse)').matches;
  var current = 0; // the selected cell, which also holds the grid's single tab stop
  var chosen = false; // a cell has been selected (before that, the pad picks digits)
  var picked = 0; // digit first: the pad digit that the next tapped cells get (0: none)
  var lastFocus = ''; // the id focused when a request left, to find focus again after the swap
  var hintCell = -1; // the cell of the hint whose move was asked for
  var shownAt = Date.now(); // when the clock's seconds were last read from the page

  function $(id) { return document.getElementById(id); }
  function cell(i) { return $('c' + i); }
  function isCell(el) {
    return !!(el && el.classList && el.classList.contains('cell') && /^c\d+$/.test(el.id));
  }
  function index(el) { return Number(el.id.slice(1)); }
  function box(i) { return Math.floor(i / 27) * 3 + Math.floor((i % 9) / 3); }
  function notesOn() { var f = $('notes-field'); return !!f && f.value === '1'; }
  // The grid form's field that holds the URL of the state the page shows.
  function stateField() { return document.querySelector('#board input[name="state"]'); }

  // One tab stop for the whole grid (arrows move inside it), on the selected cell.
  function rove(i) {
    var cells = document.querySelectorAll('#grid .cell');
    if (!cells.length) return;
    current = Math.max(0, Math.min(80, i));
    for (var j = 0; j < cells.length; j++) cells[j].tabIndex = j === current ? 0 : -1;
  }

  // Highlights, drawn here without asking the server: the selected cell's row, column and box,
  // every cell holding its digit (or the picked pad digit), and that digit in notes. They go
  // on each input's box, not on the input: Chrome's Autofill reads the fields' classes, and
  // after a change it parses the form's 81 fields again at the next focus (twice per tap,
  // about 50 ms of the browser's CPU each here).
  function highlight() {
    var cells = document.querySelectorAll('#grid .cell');
    if (!cells.length) return;
    var sel = cells[current];
    var digit = picked ? String(picked) : (chosen && sel && sel.value.length === 1 ? sel.value : '');
    var row = Math.floor(current / 9), col = current % 9, b = box(current);
    for (var j = 0; j < cells.length; j++) {
      var c = cells[j], place = c.parentNode;
      var peer = Math.floor(j / 9) === row || j % 9 === col || box(j) === b;
      place.classList.toggle('hl-sel', chosen && j === current && !picked);
      place.classList.toggle('hl-unit', chosen && peer && !picked && j !== current);
      place.classList.toggle('hl-same', digit !== '' && c.value === digit);
      var marks = place.querySelectorAll('.notes span');
      for (var k = 0; k < marks.length; k++) {
        marks[k].classList.toggle('hl-note', digit !== '' && marks[k].textContent === digit);
      }
    }
    var keys = document.querySelectorAll('.pad .key');
    for (var n = 0; n < keys.length; n++) {
      var on = String(picked) === keys[n].getAttribute('data-digit');
      keys[n].setAttribute('aria-pressed', on ? 'true' : 'false');
    }
  }

  // Keep "Hint for" on the selected cell (a given, which has no hint of its own: any cell).
  // Written only when it changes: any write, even of the same value, has Autofill parse the
  // form again.
  function syncHintChoice(i) {
    var choice = $('hint-cell');
    if (!choice) return;
    var name = 'r' + (Math.floor(i / 9) + 1) + 'c' + ((i % 9) + 1), value = '';
    for (var j = 0; j < choice.options.length; j++) {
      if (choice.options[j].value === name) value = name;
    }
    if (choice.value !== value) choice.value = value;
  }

  // Put a digit (or '' to clear) in an editable cell and let htmx post the grid.
  function put(el, value) {
    if (el.readOnly) return;
    var field = el.parentNode.querySelector('input[type=hidden]');
    if (el.value === value && !(value === '' && field && field.value)) {
      if (retry) again(); // the last post did not get through: the same digit again tries it now
      return;
    }
    setCell(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }

  function setCell(el, value) {
    var field = el.parentNode.querySelector('input[type=hidden]');
    if (field && value === '') field.value = ''; // erasing takes the notes too
    el.value = value;
    drawNotes(el, '');
    typedIn(el);
  }

  // A cell typed into is a move to undo before the server's answer says so (on a slow network
  // Undo right after a first digit was still disabled), and the cells typed into since the
  // last answer are kept in the order they were, which the next post sends (`order`): taps
  // that reach the server in one post are undone last first.
  var typedOrder = [];
  function typedIn(el) {
    var i = index(el);
    typedOrder = typedOrder.filter(function (c) { return c !== i; }).concat([i]);
    var undo = $('act-undo');
    if (undo) undo.disabled = false;
  }

  // Draw a cell's notes ("137") at once, before the server's answer draws them again with
  // their marks: on a slow network a note would otherwise wait for it.
  function drawNotes(el, notes) {
    var places = el.parentNode.querySelector('.notes');
    if (!places && !notes) return;
    if (!places) {
      places = document.createElement('span');
      places.className = 'notes';
      places.setAttribute('aria-hidden', 'true');
      for (var d = 0; d < 9; d++) places.appendChild(document.createElement('span'));
      el.parentNode.appendChild(places);
    }
    for (var k = 0; k < places.children.length; k++) {
      var digit = String(k + 1);
      places.children[k].textContent = notes.indexOf(digit) >= 0 ? digit : '';
    }
  }

  // The hidden field that posts a cell's notes ("137"), made when first needed.
  function notesField(el) {
    var field = el.parentNode.querySelector('input[type=hidden]');
    if (!field) {
      field = document.createElement('input');
      field.type = 'hidden';
      field.name = 'n' + el.id.slice(1);
      el.parentNode.appendChild(field);
    }
    return field;
  }

  // Toggle one note (or clear them all with '') in an editable cell and post the grid.
  // A cell's notes ('37') with `digit` switched on or off ('' clears them all).
  function noted(notes, digit) {
    if (!digit) return '';
    notes = notes.indexOf(digit) < 0 ? notes + digit : notes.replace(digit, '');
    return notes.split('').sort().join('');
  }

  function note(el, digit) {
    if (el.readOnly) return;
    var field = notesField(el);
    field.value = noted(field.value, digit);
    field.setAttribute('data-typed', digit); // what was typed, if it must be done again
    el.value = '';
    drawNotes(el, field.value);
    typedIn(el);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }

  // A digit (or '' to clear) for a cell: an entry, or a note in notes mode.
  function type(el, digit) {
    if (notesOn() && !(el.value && digit === '')) note(el, digit);
    else put(el, digit);
  }

  // Notes mode on or off, kept in the link (unless `quiet`: a later post carries it).
  function toggleNotes(quiet) {
    var field = $('notes-field');
    if (!field) return;
    field.value = field.value === '1' ? '0' : '1';
    var button = $('notes-mode');
    if (button) {
      button.setAttribute('aria-pressed', field.value === '1' ? 'true' : 'false');
      var word = button.querySelector('.tool-state');
      if (word) word.textContent = field.value === '1' ? 'on' : 'off';
    }
    if (quiet) return;
    tell(field.value === '1' ? 'Notes on.' : 'Notes off.');
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }

  function press(id) {
    var button = $(id);
    if (button && !button.disabled) button.click();
  }

  // The digit a key types: its own, or the digit printed on a top-row key whose layout puts
  // a sign there without Shift (AZERTY's '&' is 1, 'é' is 2; Czech QWERTZ's 'ě' is 2).
  function topRowDigit(ev) {
    if (/^[0-9]$/.test(ev.key)) return ev.key;
    var top = /^Digit([0-9])$/.exec(ev.code || '');
    return top && ev.key.length === 1 ? top[1] : '';
  }

  document.addEventListener('keydown', function (ev) {
    var el = ev.target;
    var key = ev.key;
    var typing = el && (el.tagName === 'TEXTAREA' || (el.tagName === 'INPUT' && !isCell(el)));
    if ((ev.ctrlKey || ev.metaKey) && !ev.altKey && !typing && $('act-undo')) {
      var lower = key.toLowerCase();
      if (lower === 'z' || lower === 'y') {
        ev.preventDefault();
        press(lower === 'y' || ev.shiftKey ? 'act-redo' : 'act-undo');
      }
      return;
    }
    if (key === 'Escape' && picked) {
      picked = 0;
      chosen = false;
      highlight();
      return;
    }
    if (key === 'Escape' && !typing) { // closes a confirmation, else the hint
      var open = document.querySelector('details.confirm[open]');
      if (open) {
        var inside = open.contains(el); // focus in the question goes back to its button;
        open.open = false; // elsewhere (a cell, say) it stays where it is
        if (inside) open.querySelector('summary').focus();
      } else {
        press('act-hint-close');
      }
      return;
    }
    if ((key === 'Enter' || key === ' ') && el.matches && el.matches('.hint-text[aria-expanded]')) {
      ev.preventDefault();
      unfold(el);
      return;
    }
    if (!isCell(el) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    var i = index(el);
    var move = MOVES[key];
    var digit = topRowDigit(ev);
    if (move) {
      var row = Math.max(0, Math.min(8, Math.floor(i / 9) + move[0]));
      var col = Math.max(0, Math.min(8, (i % 9) + move[1]));
      ev.preventDefault();
      cell(row * 9 + col).focus();
    } else if (key === 'Home' || key === 'End') {
      ev.preventDefault();
      cell(i - (i % 9) + (key === 'End' ? 8 : 0)).focus();
    } else if (/^[1-9]$/.test(digit)) {
      ev.preventDefault();
      type(el, digit);
    } else if (key === 'Backspace' || key === 'Delete' || digit === '0' || key === '.' || key === ' ') {
      ev.preventDefault();
      type(el, '');
    } else if ((key === 'n' || key === 'N') && $('notes-field')) {
      ev.preventDefault();
      var notesButton = $('notes-mode'); // a solved grid has none: it is locked
      if (notesButton && !notesButton.disabled) toggleNotes();
    } else if ((key === 'h' || key === 'H') && $('act-hint')) {
      ev.preventDefault();
      press('act-hint'); // about this cell; focus stays in the grid
    } else if (key === 'Enter' || key.length === 1) {
      ev.preventDefault(); // no stray letters, and Enter must not press a button
    }
  });

  // Touch keyboards send no usable keydown: take the digit from beforeinput instead.
  document.addEventListener('beforeinput', function (ev) {
    var el = ev.target;
    if (!isCell(el) || ev.inputType !== 'insertText' || !ev.data) return;
    ev.preventDefault();
    var ch = ev.data.slice(-1);
    if (/[1-9]/.test(ch)) type(el, ch);
    else if (ch === '0') type(el, '');
  });

  document.addEventListener('focusin', function (ev) {
    var el = ev.target;
    if (!isCell(el)) return;
    chosen = true;
    rove(index(el));
    syncHintChoice(current);
    if (!el.readOnly) el.select(); // typing replaces the digit
    highlight();
  });

  // Tapping the selected cell again lets it go (in play, where there is a pad): the next pad
  // digit is then picked for the cells tapped after it (digit first), not typed into that cell.
  var tappedSelected = false; // the pointer went down on the cell already selected
  document.addEventListener('pointerdown', function (ev) {
    tappedSelected = isCell(ev.target) && chosen && !picked && document.activeElement === ev.target;
  });
  function letGo(el) {
    chosen = false;
    if ($('hint-cell')) $('hint-cell').value = ''; // a hint asked for now: about any cell
    lastFocus = ''; // an answer on its way must not select it again
    // after the click is done: Chromium gave focus back to a cell blurred during its click
    setTimeout(function () { el.blur(); }, 0);
    highlight();
  }

  document.addEventListener('click', function (ev) {
    var target = ev.target;
    if (target.matches && target.matches('a.skip')) {
      // To the content without a history entry of its own: an earlier entry of this page
      // would keep the state before the moves made since, and Back would load it again.
      ev.preventDefault();
      location.replace(target.hash);
      return;
    }
    if (isCell(target)) {
      if (picked && !target.readOnly) type(target, String(picked)); // digit first
      else if (tappedSelected && document.querySelector('.pad')) letGo(target);
      return;
    }
    var key = target.closest && target.closest('.pad .key');
    if (key) {
      ev.preventDefault(); // without this file the pad highlights its digit on the server
      var digit = key.getAttribute('data-digit');
      var sel = cell(current);
      if (!picked && chosen && sel && !sel.readOnly) {
        type(sel, digit);
        sel.focus();
      } else {
        if (String(picked) === digit) {
          picked = 0; // put back: no cell is selected (the last one filled would get the next digit)
          chosen = false;
        } else {
          picked = Number(digit);
        }
        highlight();
      }
      return;
    }
    var tool = target.closest && target.closest('#notes-mode, #act-erase');
    if (tool) {
      ev.preventDefault();
      if (tool.id === 'notes-mode') toggleNotes();
      else if (chosen && cell(current)) type(cell(current), ''); // nothing selected: nothing to erase
      // back to the selected cell, if any; from the keyboard, Notes keeps focus (its state is heard)
      var keyboard = ev.detail === 0 && tool.id === 'notes-mode';
      if (chosen && !keyboard && cell(current)) cell(current).focus();
      return;
    }
    var button = target.closest && target.closest('[data-copy]');
    if (button) copy(button);
    var sharing = target.closest && target.closest('[data-share]');
    if (sharing && navigator.share) {
      var link = document.querySelector(sharing.getAttribute('data-share'));
      // the sheet closed without sharing is no error to report
      navigator.share({ title: document.title, url: link.value }).catch(function () {});
    }
    var level = target.closest && target.closest('.hint-text[aria-expanded]');
    if (level) unfold(level);
  });

  function unfold(level) {
    level.setAttribute('aria-expanded', level.getAttribute('aria-expanded') === 'true' ? 'false' : 'true');
  }

  function copy(button) {
    var field = document.querySelector(button.getAttribute('data-copy'));
    var label = button.textContent;
    var done = function () {
      button.textContent = 'Copied!';
      tell('Link copied.');
      setTimeout(function () { button.textContent = label; }, 1600);
    };
    var fallback = function () {
      field.select();
      var copied = false;
      try { copied = document.execCommand('copy'); } catch (e) { /* not copied */ }
      if (copied) {
        done();
        return;
      }
      button.textContent = 'Selected: copy it';
      tell('The link could not be copied. It is selected: copy it from there.');
      setTimeout(function () { button.textContent = label; }, 2400);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value).then(done, fallback);
    } else {
      fallback();
    }
  }

  // A time as the server writes it: '4:05', or '1:02:03' past an hour (record.js too).
  function clockText(total) {
    var h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
    return (h ? h + ':' + (m < 10 ? '0' : '') : '') + m + ':' + (s < 10 ? '0' : '') + s;
  }
  window.sudokuClock = clockText;

  // The clock: the page says the seconds played; this adds the time since it was shown.
  function played() { // the seconds played by now, or -1 where no clock runs
    var clock = $('clock');
    if (!clock || !clock.hasAttribute('data-running')) return -1;
    return Number(clock.getAttribute('data-seconds')) + Math.floor((Date.now() - shownAt) / 1000);
  }

  function tick() {
    var total = played();
    var text = total < 0 ? '' : clockText(total);
    if (text && $('clock').textContent !== text) $('clock').textContent = text;
  }

  // The link holds the time of the last move: a reload (or Back to the page) would start the
  // clock there again. The seconds since are kept for this tab as the page goes, and the page
  // loaded again at that address moves its stamp (ts) back by them, so the next move counts
  // them: the clock goes on where it was.
  var CLOCK_KEPT = 'sudoku-clock'; // sessionStorage: {url, seconds} of the page left
  var IDLE_LIMIT = 600; // seconds: what the server counts at most between two moves
  window.addEventListener('pagehide', function () {
    var total = played();
    try {
      if (total < 0) sessionStorage.removeItem(CLOCK_KEPT);
      else sessionStorage.setItem(CLOCK_KEPT, JSON.stringify({ url: location.href, seconds: total }));
    } catch (e) { /* no storage: the clock starts at the link's time */ }
  });
  function clockGoesOn() {
    var kept = null;
    try {
      kept = JSON.parse(sessionStorage.getItem(CLOCK_KEPT) || 'null');
      sessionStorage.removeItem(CLOCK_KEPT);
    } catch (e) {
      return;
    }
    var stamp = document.querySelector('input[name="ts"]');
    var total = played();
    if (!kept || kept.url !== location.href || !stamp || total < 0) return;
    var more = Math.floor(Number(kept.seconds) - total);
    if (!(more > 0) || more > IDLE_LIMIT) return; // a damaged or stale entry
    stamp.value = String(Number(stamp.value) - more);
    shownAt -= more * 1000;
    tick();
  }

  // The clock stops while the page is hidden (another tab, the phone locked): the time away
  // moves the page's stamp (ts) on, so the next post counts only the time the game was in
  // view, and the clock shown leaves it out too. Away since the stamp came, not before.
  var hiddenAt = 0;
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'hidden') {
      hiddenAt = Date.now();
      return;
    }
    var away = hiddenAt ? Math.floor((Date.now() - Math.max(hiddenAt, shownAt)) / 1000) : 0;
    var stamp = document.querySelector('input[name="ts"]');
    hiddenAt = 0;
    if (away < 1 || !stamp) return;
    stamp.value = String(Number(stamp.value) + away);
    shownAt += away * 1000;
    tick();
  });

  // After a swap: focus where it was (by id), else on the content that took the place of the
  // button pressed, else on the selected cell: never on <body>.
  function refocus() {
    var active = document.activeElement;
    if (active && active !== document.body) return;
    var before = lastFocus && $(lastFocus);
    if (before && !before.disabled && visible(before)) {
      before.focus({ preventScroll: true });
      return;
    }
    var next = null;
    if (lastFocus === 'act-hint-more') next = $('act-hint-apply') || $('act-hint-close');
    if (lastFocus === 'act-hint-any') next = $('act-hint-more') || $('act-hint-close');
    if (hintCell >= 0) next = cell(hintCell); // the cell the hint's move was in
    if (lastFocus === 'act-anyway' || lastFocus === 'act-main') next = $('problem');
    if (!chosen && !next) next = $('act-hint'); // focus on a cell would select it for the pad
    if (next && visible(next)) {
      next.focus({ preventScroll: true });
    } else if (cell(current)) {
      cell(current).focus({ preventScroll: true });
    }
  }

  // Shown on the page (an element in a closed <details> has a box, but can't take focus).
  function visible(el) {
    return el.checkVisibility ? el.checkVisibility() : el.offsetParent !== null;
  }

  // The pad's digits and the notes switch act here, not on the server: without a name they
  // add nothing to the grid's next post (htmx remembers the last button pressed in a form).
  function enhance() {
    var buttons = document.querySelectorAll('.pad .key, #notes-mode');
    for (var j = 0; j < buttons.length; j++) buttons[j].removeAttribute('name');
    var narrow = window.matchMedia && window.matchMedia('(max-width: 820px)').matches;
    var earlier = narrow ? document.querySelectorAll('.hint-level:not(:last-child) .hint-text') : [];
    for (var h = 0; h < earlier.length; h++) { // on a phone one line each: a tap shows it whole
      earlier[h].setAttribute('aria-expanded', 'false');
      if (earlier[h].scrollWidth <= earlier[h].clientWidth) { // it fits: nothing to open
        earlier[h].removeAttribute('aria-expanded');
        continue;
      }
      earlier[h].setAttribute('tabindex', '0');
      earlier[h].setAttribute('role', 'button');
    }
    if (!TOUCH || !document.querySelector('.pad')) return; // no pad: the system keyboard types
    var cells = document.querySelectorAll('#grid .cell');
    for (var k = 0; k < cells.length; k++) cells[k].setAttribute('inputmode', 'none');
  }

  function settle() {
    enhance();
    var focused = document.activeElement;
    rove(isCell(focused) ? index(focused) : current);
    shownAt = Date.now();
    tick();
    refocus();
    highlight();
    $('offline').hidden = true;
    var problem = $('problem'); // why play did not start: below the grid, often off a phone's screen
    if (problem) problem.scrollIntoView({ block: 'nearest' });
    if (lastFocus.indexOf('act-hint') === 0) showHintActions();
  }

  // A hint's buttons (its move, Show more) just under a phone's screen are brought up into it,
  // but only as far as the whole grid stays on screen: its cells show what the hint says. (A
  // phone on its side holds its grid in view: there the buttons come up all the way.)
  function showHintActions() {
    var actions = document.querySelector('#hint .hint-actions'), grid = $('grid');
    if (!actions || !grid) return;
    var below = actions.getBoundingClientRect().bottom + 8 - window.innerHeight;
    var held = getComputedStyle(grid).position === 'sticky';
    var room = held ? below : grid.getBoundingClientRect().top;
    if (below > 0 && room > 0) window.scrollBy(0, Math.min(below, room));
  }

  // A question opened under a button (Solve…, Clear…) near the screen's foot is brought into
  // view, with its answer button.
  document.addEventListener('toggle', function (ev) {
    var box = ev.target;
    if (!box.matches || !box.matches('details.confirm') || !box.open) return;
    var question = box.querySelector('.confirm-text');
    if (question) question.scrollIntoView({ block: 'nearest' });
  }, true);

  // Back or Forward to another entry of this page's history changes the address bar alone
  // (htmx loads such an entry again, but only once it is ready: not on a page still loading).
  // A grid that is not the state in the address bar is loaded again from there; so is a page
  // of steps (the lab, a solve path) whose script says it shows another step.
  function showsTheAddress() {
    if (window.sudokuShowsTheAddress) return window.sudokuShowsTheAddress();
    var field = stateField();
    var address = location.pathname;
    if (!field || !(address === '/' || address.indexOf('/p/') === 0)) return true; // no state URL
    var shown = new URL(field.value, location.href);
    if (decodeURIComponent(shown.pathname) !== decodeURIComponent(address)) return false; // %76 is v
    return address === '/' || shown.search === location.search; // the home page reads no query
  }
  // Once: a page that still differs from its address after loading it again (a case not
  // foreseen above) stays as it is rather than reloading for ever.
  var LOADED_AGAIN = 'sudoku-loaded-again'; // sessionStorage: the address last loaded again
  function loadTheAddress() {
    try {
      if (showsTheAddress()) {
        sessionStorage.removeItem(LOADED_AGAIN);
        return;
      }
      if (sessionStorage.getItem(LOADED_AGAIN) === location.href) return;
      sessionStorage.setItem(LOADED_AGAIN, location.href);
    } catch (e) {
      return; // no storage to keep count with: no reload
    }
    location.reload();
  }
  window.addEventListener('popstate', function (event) {
    // htmx, once ready (it then owns window.onpopstate), loads its own entries again itself
    // (refreshOnHistoryMiss): a second reload here would send the page's request twice.
    if (event.state && event.state.htmx && window.onpopstate) return;
    loadTheAddress();
  });

  document.addEventListener('DOMContentLoaded', function () {
    loadTheAddress();
    enhance();
    rove(current);
    shownAt = Date.now();
    clockGoesOn();
    highlight();
  });
  document.addEventListener('htmx:beforeRequest', function (ev) {
    if (ev.detail.elt && ev.detail.elt.id === 'difficulty') return; // loads by itself
    var active = document.activeElement;
    lastFocus = active && active.id ? active.id : '';
    var apply = actionOf(ev.detail.requestConfig && ev.detail.requestConfig.triggeringEvent);
    var placed = apply === 'hint-apply' && $($('act-hint-apply').getAttribute('data-cell') || '');
    hintCell = placed ? index(placed) : -1;
  });
  // The grid stays exactly where it was across a swap: whatever the browser or a restored focus
  // does to the scroll position while the content changes is put back.
  var scrollBefore = null;
  document.addEventListener('htmx:beforeSwap', function () { scrollBefore = window.scrollY; });
  document.addEventListener('htmx:afterSwap', function (ev) {
    var pasted = ev.detail.requestConfig && ev.detail.requestConfig.path === '/load';
    if (pasted && $('paste-error')) { // it can't be read: back to the box, its error read with it
      $('paste-text').focus({ preventScroll: true });
    } else if (pasted) { // a pasted puzzle opened: a new game, from its top
      chosen = false;
      current = 0;
      window.scrollTo(0, 0);
    } else if (scrollBefore !== null && window.scrollY !== scrollBefore) {
      window.scrollTo(0, scrollBefore);
    }
    scrollBefore = null;
  });
  document.addEventListener('htmx:beforeSwap', function (ev) {
    // On a touch screen the pad, where there is one (in play), is the keyboard: cells must not
    // open the system one. Typing in a puzzle has no pad, so there the system keyboard stays.
    var html = ev.detail.serverResponse;
    if (TOUCH && typeof html === 'string' && html.indexOf('class="pad"') !== -1) {
      ev.detail.serverResponse = html.split('inputmode="numeric"').join('inputmode="none"');
    }
  });
  document.addEventListener('htmx:afterSwap', enhance);

  // An error page swapped in for the grid (a link or form the server can't read): its title
  // in the tab, and focus on its heading, which is read out.
  document.addEventListener('htmx:afterSwap', function (ev) {
    var heading = ev.detail.target && ev.detail.target.id === 'main' && $('error-title');
    if (!heading) return;
    document.title = heading.textContent + ': Sudoku';
    heading.focus();
  });

  // What a screen reader hears after the grid's answer (#announce): what changed, not the
  // whole page again. The cells the answer changed that were not typed here (Undo, Redo, a
  // hint's move, Clear: typed ones are heard as they are typed), the messages that are new or
  // that Check asked for, the broken rules when they change or go, the win, a hint's newest
  // level.
  var MOST_CELLS_SAID = 4;
  var said = null; // what the page said when the answer came
  var SAID_FOR = { undo: 'Undone: ', redo: 'Redone: ' };

  function saying() {
    var now = { cells: [], labels: [], wrong: [], messages: [], clashes: '', win: '', hint: '' };
    var cells = document.querySelectorAll('#grid .cell');
    for (var j = 0; j < cells.length; j++) {
      var notes = cells[j].parentNode.querySelector('input[type=hidden]');
      now.cells.push(cells[j].value + '/' + (notes ? notes.value : ''));
      now.labels.push(cells[j].getAttribute('aria-label'));
      now.wrong.push(/, wrong\b/.test(now.labels[j])); // its label says so
    }
    var messages = document.querySelectorAll('#game .status .msg');
    for (var k = 0; k < messages.length; k++) {
      var items = [].map.call(messages[k].querySelectorAll('li'), function (li) { return li.textContent; });
      var head = messages[k].querySelector('p');
      var text = ((head ? head.textContent : '') + ' ' + items.join('; ')).replace(/\s+/g, ' ').trim();
      if (messages[k].getAttribute('data-kind') === 'clashes') now.clashes = text;
      else now.messages.push(text);
    }
    var line = $('status-line');
    now.win = (line && line.getAttribute('data-win')) || '';
    var levels = document.querySelectorAll('#hint .hint-level');
    var last = levels[levels.length - 1];
    var what = last && last.querySelector('.hint-what');
    var told = last && last.querySelector('.hint-text');
    now.hint = told ? (what ? what.textContent + ': ' : '') + told.textContent : '';
    now.paused = !!document.querySelector('.paused-cover');
    var heading = document.querySelector('#game .mode'); // 'Play: Fill every empty cell'
    now.mode = heading ? heading.textContent.replace(/\s+/g, ' ').trim() : '';
    now.puzzle = (line && line.getAttribute('data-puzzle')) || '';
    now.status = line ? line.textContent.trim() : '';
    return now;
  }

  function changes(before, now, action) {
    var lines = [];
    var changed = [];
    var wrong = []; // typing is heard as it is typed, but not its verdict: entries now wrong
    if (now.mode !== before.mode || now.puzzle !== before.puzzle) { // a game begun or left
      return now.mode + '. ' + now.status + (now.status.slice(-1) === '.' ? '' : '.');
    }
    if (before.paused !== now.paused) { // Pause and Resume change only the button's name
      return now.paused ? 'Paused: the clock is stopped and the grid hidden.' : 'Resumed.';
    }
    for (var j = 0; j < now.cells.length; j++) {
      var fresh = now.cells[j] !== before.cells[j];
      if (action && typedOrder.indexOf(j) < 0) {
        if (fresh) changed.push(now.labels[j]);
      } else if (now.wrong[j] && (fresh || !before.wrong[j])) {
        wrong.push(now.labels[j]);
      }
    }
    if (changed.length) {
      var cells = changed.length > MOST_CELLS_SAID ? changed.length + ' cells changed' : changed.join('; ');
      lines.push((SAID_FOR[action] || '') + cells + '.');
    }
    if (wrong.length) {
      lines.push(wrong.length > MOST_CELLS_SAID ? wrong.length + ' entries are wrong.' : wrong.join('; ') + '.');
    }
    for (var k = 0; k < now.messages.length; k++) {
      if (action === 'check' || before.messages.indexOf(now.messages[k]) < 0) lines.push(now.messages[k]);
    }
    if (now.clashes !== before.clashes && (now.clashes || !now.win)) {
      lines.push(now.clashes || 'No rule is broken now.');
    }
    if (now.win && !before.win) lines.push(now.win);
    if (now.hint && now.hint !== before.hint) lines.push(now.hint);
    return lines.join(' ');
  }

  function tell(text) {
    var region = $('announce');
    if (!region) return;
    region.textContent = ''; // the same words again are read again
    if (text) setTimeout(function () { region.textContent = text; }, 50);
  }

  function isGame(ev) { return isBoard(ev) || (ev.detail.target && ev.detail.target.id === 'game'); }
  document.addEventListener('htmx:beforeSwap', function (ev) {
    if (isGame(ev)) said = { before: saying(), action: isBoard(ev) && sent ? sent.action : '' };
  });
  document.addEventListener('htmx:afterSwap', function (ev) {
    if (!said || !isGame(ev)) return;
    var text = changes(said.before, saying(), said.action);
    said = null;
    if (text) tell(text);
  });
  document.addEventListener('htmx:afterSettle', settle);

  // A slow network. Each post of the grid replaces the one still on its way (hx-sync), which
  // loses nothing when that one was an edit (the new post carries the whole grid), but drops
  // what a button asked for, and merges two changes of one cell into one move. So while a
  // button's answer is on its way, tapping Undo, Redo or More again is counted (the post says
  // how many taps it stands for), and anything else typed or tapped waits for the answer, then
  // is done again on the grid it brings (or goes ahead anyway if the answer takes longer than
  // HOLD_MOST); so does a cell typed into again while the post carrying it is on its way, and
  // whatever comes after it.
  var REPEATABLE = ['undo', 'redo', 'hint-more']; // the server's views.REPEATABLE
  var MOST_TIMES = 50; // views.MOST_TIMES
  var HOLD_MOST = 5000; // ms
  var sent = null; // the grid's post on its way: {action: 'undo', times: 2, cells: [40, 3]}
  // (action '' for an edit; cells: those typed into that it carries)
  var held = []; // what waits for it: {name, value} of a field typed into, or {button: id, action,
  // shown: the state the page showed when it was tapped}
  var holding = 0; // the timer that lets what waits go ahead

  // The cell of a field typed into (c0-c80, its digit, or n0-n80, its notes), else -1.
  function typedCell(field) {
    var name = (field && field.name) || '';
    return /^[cn]\d+$/.test(name) ? Number(name.slice(1)) : -1;
  }

  function actionOf(trigger) {
    var button = trigger && trigger.submitter;
    return button && button.name === 'action' ? button.value : '';
  }

  // Do again what waited for an answer: fields typed into are set as they were typed (then one
  // post carries them all), a button is pressed (what comes after it waits for its answer).
  function release() {
    var later = held;
    var edited = !!sent && !sent.action; // the answer is an edit's: it closed the hint
    var post = null; // the event that posts what was set, and where
    var cells = []; // the cells set for that post
    held = [];
    sent = null;
    clearTimeout(holding);
    holding = 0;
    for (var j = 0; j < later.length; j++) {
      var item = later[j];
      if (item.button) {
        var button = $(item.button) || (edited && standIn(item));
        if (!button || button.disabled) continue; // the answer took it away: nothing to do
        held = later.slice(j + 1); // they wait for this button's answer in turn
        if (held.length) holding = setTimeout(release, HOLD_MOST);
        button.click();
        return;
      }
      var at = typedCell(item);
      if (at >= 0 && cells.indexOf(at) >= 0) { // typed into again: a move of its own, after this
        held = later.slice(j);
        holding = setTimeout(release, HOLD_MOST);
        break;
      }
      if (at >= 0) cells.push(at);
      var el = at >= 0 && cell(at);
      var setting = document.querySelector('.settings input[name="' + item.name + '"]');
      if (item.name === 'notes') {
        if ($('notes-field') && $('notes-field').value !== item.value) toggleNotes(true);
        post = post || { el: $('notes-field'), type: 'input' };
      } else if (setting) {
        setting.checked = item.checked;
        post = { el: setting, type: 'change' };
      } else if (!el || el.readOnly || el.disabled) {
        continue;
      } else if (item.name[0] === 'c') {
        setCell(el, item.value);
        post = { el: el, type: 'input' };
      } else {
        var notes = notesField(el);
        notes.value = item.note === null ? item.value : noted(notes.value, item.note);
        el.value = '';
        drawNotes(el, notes.value);
        typedIn(el);
        post = { el: notesField(el), type: 'input' };
      }
    }
    if (post) post.el.dispatchEvent(new Event(post.type, { bubbles: true }));
    showHeld();
  }

  // A hint's button tapped while what was typed before it waited: typing closes the hint, but
  // the player asked for its move (or more of it, or its candidates) after typing, so that is
  // asked for on the grid as typed, as when the button's post carries what was typed. A hidden
  // button stands in for it until the answer (and for the post made again, if it fails). Show
  // more also posts the state whose hint was read (`hinted`): the server opens the level after
  // it if the grid as typed has the same step, else the new hint's first level.
  var HINT_BUTTONS = ['hint-more', 'hint-apply', 'hint-fill', 'hint-any'];
  function standIn(item) {
    var panel = $('hint'), ask = $('act-hint');
    if (HINT_BUTTONS.indexOf(item.action) < 0 || !panel || !ask || ask.disabled) return null;
    var button = document.createElement('button');
    button.id = item.button;
    button.type = 'submit';
    button.name = 'action';
    button.value = item.action;
    button.hidden = true;
    button.setAttribute('form', 'board');
    panel.appendChild(button);
    if (item.action === 'hint-more') {
      var read = document.createElement('input');
      read.type = 'hidden';
      read.name = 'hinted';
      read.value = item.shown;
      read.setAttribute('form', 'board');
      panel.appendChild(read);
    }
    htmx.process(button); // htmx notes a button of the form as it is clicked
    return button;
  }

  // The cells whose later digits or notes still wait (a cell typed into again) show what was
  // typed last, not the earlier value on its way: the post has read the grid's fields already.
  function showHeld() {
    var notes = {}; // cell -> its notes after what waits (as setCell and note() keep them)
    for (var j = 0; j < held.length; j++) {
      var item = held[j];
      var at = typedCell(item);
      var el = at >= 0 && cell(at);
      if (!el || el.readOnly || el.disabled) continue;
      var field = el.parentNode.querySelector('input[type=hidden]');
      var before = at in notes ? notes[at] : (field ? field.value : '');
      if (item.name[0] === 'c') {
        el.value = item.value;
        notes[at] = item.value === '' ? '' : before; // erasing takes the notes too
        drawNotes(el, '');
      } else {
        notes[at] = item.note === null ? item.value : noted(before, item.note);
        el.value = '';
        drawNotes(el, notes[at]);
      }
    }
    highlight();
  }

  document.addEventListener('htmx:confirm', function (ev) {
    if (ev.detail.elt.id !== 'board' || !sent) return;
    var trigger = ev.detail.triggeringEvent;
    var action = actionOf(trigger);
    var at = action ? -1 : typedCell(trigger && trigger.target);
    var retyped = at >= 0 && sent.cells.indexOf(at) >= 0;
    if (!sent.action && !retyped && !held.length) return; // this post carries the edit on its way
    var repeated = action === sent.action && REPEATABLE.indexOf(action) >= 0;
    if (repeated && !held.length) return; // counted in the post (nothing typed came between)
    ev.preventDefault();
    if (action) {
      held.push({ button: trigger.submitter.id, action: action, shown: stateField().value });
      undoable(action);
    } else if (trigger && trigger.target && trigger.target.name) {
      var field = trigger.target;
      var typed = field.getAttribute('data-typed'); // a note: switched again, on the new grid
      held.push({ name: field.name, value: field.value, checked: field.checked, note: typed });
    }
    if (!holding && !retry) holding = setTimeout(release, HOLD_MOST);
  });
  document.addEventListener('htmx:configRequest', function (ev) {
    if (ev.detail.elt.id !== 'board') return;
    var action = actionOf(ev.detail.triggeringEvent);
    var times = 1;
    if (action && sent && sent.action === action) times = Math.min(sent.times + 1, MOST_TIMES);
    if (resend) { // a failed post made again, as it was (not what was typed since)
      var form = ev.detail.formData;
      Array.from(form.keys()).forEach(function (key) { form.delete(key); });
      resend.forEach(function (pair) { form.append(pair[0], pair[1]); });
      times = Number(form.get('times')) || 1;
      resend = null;
    } else {
      if (times > 1) ev.detail.parameters.times = String(times);
      if (typedOrder.length > 1) ev.detail.parameters.order = typedOrder.join(',');
      ev.detail.parameters.js = '1'; // its digits are entries, its notes in the n fields
    }
    sent = { action: action, times: times, cells: typedOrder.slice() };
    undoable(action);
  });

  // Undo (or Redo) on its way, or waiting for an answer: now there is one to take back (to
  // make again), so the other button works before the answer says so.
  function undoable(action) {
    var other = { undo: 'act-redo', redo: 'act-undo' }[action];
    if (other && $(other)) $(other).disabled = false;
  }

  function isBoard(ev) { return ev.detail.requestConfig && ev.detail.requestConfig.elt.id === 'board'; }

  // When the server can't be reached (or fails), the grid's post is made again as it was, a
  // little later each time and as soon as the browser is back online; the page says so
  // meanwhile. What is typed or tapped after it waits for it as for a post on its way: after a
  // button (else Undo, made again, would take back a digit typed after it), further taps of
  // the same button are counted and the rest done afterwards; after an edit, a cell typed into
  // again (else its two changes would be one move) and what comes after it.
  var FIRST_RETRY = 2000, LAST_RETRY = 30000; // ms
  var retry = null; // the post to make again: {button: its id, or '' for the grid; fields}
  var resend = null; // the fields of the failed post being made again: [[name, value]...]
  var retryDelay = FIRST_RETRY, retryTimer = 0;
  var OFFLINE = $('offline') ? $('offline').textContent : '';

  function again() {
    clearTimeout(retryTimer);
    var what = retry;
    retry = null;
    if (!what) return;
    var state = stateField();
    var here = state && what.fields.some(function (pair) {
      return pair[0] === 'state' && pair[1] === state.value;
    });
    if (!here) { // a pasted puzzle opened since: nothing of the game before is made
      held = [];
      sent = null;
      return;
    }
    var button = what.button && $(what.button);
    if (what.button && (!button || button.disabled)) {
      release(); // the button is gone: what waited for it goes ahead
      return;
    }
    sent = null; // not held behind itself
    resend = what.fields;
    if (held.length) holding = setTimeout(release, HOLD_MOST); // as behind any post on its way
    if (button) button.click();
    else $('board').dispatchEvent(new Event('input', { bubbles: true }));
  }

  function failed(ev) {
    var message = $('offline');
    message.hidden = false;
    if (!isBoard(ev)) { // nothing is made again but the grid's posts
      message.textContent = "Can't reach the server: try again in a moment.";
      return;
    }
    message.textContent = OFFLINE;
    var trigger = ev.detail.requestConfig.triggeringEvent;
    var button = trigger && trigger.submitter;
    var fields = Array.from(ev.detail.requestConfig.formData.entries());
    retry = { button: button && button.id ? button.id : '', fields: fields };
    clearTimeout(retryTimer);
    retryTimer = setTimeout(again, retryDelay);
    retryDelay = Math.min(retryDelay * 2, LAST_RETRY);
    clearTimeout(holding); // what waits, waits for the post made again (then HOLD_MOST at most)
    holding = 0;
  }

  document.addEventListener('htmx:afterOnLoad', function (ev) {
    if (!isBoard(ev) || ev.detail.failed) return; // a failed answer goes to failed()
    typedOrder = []; // the answer's page holds them
    retry = null;
    retryDelay = FIRST_RETRY;
    clearTimeout(retryTimer);
    release();
  });
  document.addEventListener('htmx:sendError', failed);
  document.addEventListener('htmx:timeout', failed);
  document.addEventListener('htmx:responseError', failed);
  window.addEventListener('online', function () {
    if (!retry) $('offline').hidden = true; // nothing waits to be made again
    again();
  });
  setInterval(tick, 1000);
})();
