// Keyboard, focus, notes mode and "Copy link" for the grid. Everything also works without this
// file (notes then are several digits typed into a cell).
(function () {
  'use strict';
  document.documentElement.classList.add('js');

  var MOVES = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  var current = 0; // the cell that holds the grid's single tab stop
  var notesMode = false; // digits typed toggle notes instead of filling the cell

  function isCell(el) {
    return el && el.classList && el.classList.contains('cell') && el.id.charAt(0) === 'c';
  }

  function cell(i) {
    return document.getElementById('c' + i);
  }

  // One tab stop for the whole grid (arrows move inside it), on the cell last visited.
  function rove(i) {
    var cells = document.querySelectorAll('#grid .cell');
    if (!cells.length) return;
    current = Math.max(0, Math.min(80, i));
    for (var j = 0; j < cells.length; j++) cells[j].tabIndex = j === current ? 0 : -1;
  }

  // Put a digit (or '' to clear) in an editable cell and let htmx post the grid.
  function put(el, value) {
    if (el.readOnly || el.value === value) return;
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
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
  function note(el, digit) {
    if (el.readOnly) return;
    var field = notesField(el);
    var notes = '';
    if (digit) {
      notes = field.value.indexOf(digit) < 0 ? field.value + digit : field.value.replace(digit, '');
    }
    field.value = notes.split('').sort().join('');
    el.value = '';
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }

  // A digit (or '' to clear) typed into a cell: an entry, or a note in notes mode.
  function type(el, digit) {
    if (notesMode && document.getElementById('notes-mode')) note(el, digit);
    else put(el, digit);
  }

  function showNotesMode() {
    var button = document.getElementById('notes-mode');
    if (button) button.setAttribute('aria-pressed', notesMode ? 'true' : 'false');
  }

  // Keep the hint's "Hint for" choice on the cell last focused.
  function select(el) {
    var choice = document.getElementById('hint-cell');
    if (!choice) return;
    var i = Number(el.id.slice(1));
    var name = 'r' + (Math.floor(i / 9) + 1) + 'c' + ((i % 9) + 1);
    for (var j = 0; j < choice.options.length; j++) {
      if (choice.options[j].value === name) choice.selectedIndex = j;
    }
  }

  document.addEventListener('keydown', function (ev) {
    var el = ev.target;
    if (!isCell(el) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    var i = Number(el.id.slice(1));
    var move = MOVES[ev.key];
    if (move) {
      var row = Math.max(0, Math.min(8, Math.floor(i / 9) + move[0]));
      var col = Math.max(0, Math.min(8, (i % 9) + move[1]));
      ev.preventDefault();
      cell(row * 9 + col).focus();
    } else if (ev.key === 'Home' || ev.key === 'End') {
      ev.preventDefault();
      cell(i - (i % 9) + (ev.key === 'End' ? 8 : 0)).focus();
    } else if (/^[1-9]$/.test(ev.key)) {
      ev.preventDefault();
      type(el, ev.key);
    } else if (ev.key === 'Backspace' || ev.key === 'Delete' || ev.key === '0' || ev.key === '.' || ev.key === ' ') {
      ev.preventDefault();
      type(el, '');
    } else if ((ev.key === 'n' || ev.key === 'N') && document.getElementById('notes-mode')) {
      ev.preventDefault();
      notesMode = !notesMode;
      showNotesMode();
    } else if (ev.key === 'Enter' || ev.key.length === 1) {
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
    rove(Number(el.id.slice(1)));
    select(el);
    if (!el.readOnly) el.select(); // typing replaces the digit
  });

  document.addEventListener('click', function (ev) {
    if (ev.target.id === 'notes-mode') {
      notesMode = !notesMode;
      showNotesMode();
      cell(current).focus();
      return;
    }
    var button = ev.target.closest && ev.target.closest('[data-copy]');
    if (!button) return;
    var field = document.querySelector(button.getAttribute('data-copy'));
    var done = function () {
      button.textContent = 'Copied!';
      setTimeout(function () { button.textContent = 'Copy link'; }, 1600);
    };
    var fallback = function () {
      field.select();
      try { document.execCommand('copy'); done(); } catch (e) { /* the field stays selected */ }
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value).then(done, fallback);
    } else {
      fallback();
    }
  });

  function settle() {
    var focused = document.activeElement;
    rove(isCell(focused) ? Number(focused.id.slice(1)) : current);
    showNotesMode();
    document.getElementById('offline').hidden = true;
  }

  function trouble() {
    document.getElementById('offline').hidden = false;
  }

  document.addEventListener('DOMContentLoaded', settle);
  document.addEventListener('htmx:afterSettle', settle);
  document.addEventListener('htmx:sendError', trouble);
  document.addEventListener('htmx:responseError', trouble);
})();
