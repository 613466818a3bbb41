// "Your record": the games begun and won in this browser (localStorage), by level: how many,
// the best time and the average, and how many days in a row today's puzzle was won on its
// day. A game won on this page says in its summary how its time compares; the New puzzle
// list offers the whole table. Nothing of it goes to the server.
(function () {
  'use strict';

  var KEY = 'sudoku-record';
  var KEEP = 1000; // the latest wins kept
  var LEVELS = ['Easy', 'Medium', 'Hard', 'Expert', 'Extreme'];
  var inPlay = ''; // the puzzle this page has shown in play: only its win is counted
  var wonOnPage = {}; // puzzle -> the id of its win counted, shown won on this page (once:
  //                    not again after an Undo and the same last digit typed anew)

  function valid(win) {
    return win && typeof win.id === 'string' && typeof win.level === 'string' &&
      typeof win.seconds === 'number' && isFinite(win.seconds) && win.seconds >= 0;
  }

  function stored(key) { // the list kept under `key`
    try {
      var list = JSON.parse(localStorage.getItem(key) || '[]');
      return Array.isArray(list) ? list : [];
    } catch (e) {
      return []; // no storage (private mode, blocked) or a damaged one: nothing to show
    }
  }

  function store(key, list) {
    try {
      localStorage.setItem(key, JSON.stringify(list.slice(-KEEP)));
    } catch (e) { /* no storage: nothing kept */ }
  }

  function wins() {
    return stored(KEY).filter(valid);
  }

  function save(list) {
    store(KEY, list);
  }

  // The puzzles begun here (shown in play before any move) and those whose solution was
  // shown here. Only a game begun here is counted, not someone's game in progress opened by
  // its link (its clock holds their time), nor a game won after its solution was shown and
  // hidden again (on this page or after a reload).
  var STARTED = 'sudoku-started';
  var SHOWN = 'sudoku-solution-shown';

  function keptIn(key, puzzle) {
    var list = stored(key);
    if (list.indexOf(puzzle) < 0) store(key, list.concat([puzzle]));
  }

  // The game this page shows won, with `fresh` if this page showed it in play (only such a
  // win is counted): one id per win (the puzzle, the moves and the time), so a reload or a
  // later answer does not count it again.
  function wonHere() {
    var line = document.getElementById('status-line');
    var summary = document.getElementById('summary');
    var puzzle = line && line.getAttribute('data-puzzle');
    if (!puzzle) return null;
    if (line.getAttribute('data-game') === 'on') inPlay = puzzle;
    else if (!line.getAttribute('data-win')) keptIn(SHOWN, puzzle); // over, unsolved: shown
    if (line.hasAttribute('data-start') && inPlay === puzzle) keptIn(STARTED, puzzle);
    if (!summary || !line.getAttribute('data-win')) return null;
    var level = document.querySelector('#difficulty .level');
    var daily = summary.getAttribute('data-daily') || '';
    return {
      puzzle: puzzle,
      daily: daily === today() ? daily : '', // a day's puzzle counts on its day only
      id: [puzzle, summary.getAttribute('data-moves'), summary.getAttribute('data-seconds')].join(':'),
      level: level ? level.textContent.trim() : '',
      seconds: Number(summary.getAttribute('data-seconds')),
      fresh: puzzle === inPlay
    };
  }

  // Count a win won here once (its level filled in when the rating arrives after it): true
  // if the record holds it.
  function remember(win, list) {
    var kept = list.filter(function (w) { return w.id === win.id; })[0];
    if (!kept && wonOnPage[win.puzzle]) return false; // won again after an Undo
    if (!kept && !win.fresh) { // someone's finished game, opened by its link (nor after an Undo)
      wonOnPage[win.puzzle] = win.id;
      return false;
    }
    if (!kept && stored(STARTED).indexOf(win.puzzle) < 0) return false; // begun elsewhere
    if (!kept && stored(SHOWN).indexOf(win.puzzle) >= 0) return false; // its solution seen
    wonOnPage[win.puzzle] = win.id; // (a won game reloaded, then undone, too)
    if (!kept) {
      list.push({ id: win.id, level: win.level, seconds: win.seconds, daily: win.daily });
      save(list);
    } else if (!kept.level && win.level) {
      kept.level = win.level;
      save(list);
    }
    return true;
  }

  var DAY = 86400000; // ms

  function isoDay(ms) { // 'YYYY-MM-DD' in UTC, as /daily counts days
    return new Date(ms).toISOString().slice(0, 10);
  }

  function day(offset) { // `offset` days ago
    return isoDay(Date.now() - offset * DAY);
  }

  function today() {
    return day(0);
  }

  // Today's puzzles won on their day: the days in a row up to today (or up to yesterday, as
  // today's may still be won), and the longest such run.
  function streaks(list) {
    var won = {};
    list.forEach(function (w) { if (typeof w.daily === 'string' && w.daily) won[w.daily] = true; });
    var days = Object.keys(won).sort();
    var longest = 0, run = 0, before = null;
    days.forEach(function (d) {
      var next = before && isoDay(Date.parse(before) + DAY);
      run = d === next ? run + 1 : 1;
      longest = Math.max(longest, run);
      before = d;
    });
    var current = 0;
    for (var back = won[today()] ? 0 : 1; won[day(back)]; back++) current++;
    return { current: current, longest: longest, today: !!won[today()] };
  }

  function timesAt(list, level, except) {
    return list.filter(function (w) { return w.level === level && w.id !== except; })
      .map(function (w) { return w.seconds; });
  }

  function average(times) {
    return Math.round(times.reduce(function (a, b) { return a + b; }, 0) / times.length);
  }

  // The summary's line: a first win at this level, a new best, or the best to beat.
  function compare(win, list) {
    var box = document.getElementById('summary-record');
    if (!box || !win.level) return;
    var clock = window.sudokuClock;
    var others = timesAt(list, win.level, win.id);
    var all = others.concat([win.seconds]);
    var count = all.length + ' ' + win.level + ' puzzles won in this browser, in ' +
      clock(average(all)) + ' on average.';
    var best = Math.min.apply(null, others);
    if (!others.length) {
      box.textContent = 'Your first ' + win.level + ' puzzle won in this browser.';
    } else if (win.seconds < best) {
      box.textContent = 'A new best ' + win.level + ' time (it was ' + clock(best) + '). ' + count;
    } else {
      box.textContent = 'Your best ' + win.level + ' time: ' + clock(best) + '. ' + count;
    }
    if (win.daily) {
      box.textContent += " Days in a row you won today's puzzle: " + streaks(list).current + '.';
    }
    box.hidden = false;
  }

  function cell(row, text, header) {
    var td = document.createElement(header ? 'th' : 'td');
    if (header) td.scope = 'row';
    td.textContent = text;
    row.appendChild(td);
  }

  // The table under New puzzle: one row per level won at least once.
  function table(list) {
    var box = document.getElementById('record');
    var rows = document.getElementById('record-rows');
    if (!box || !rows) return;
    rows.textContent = '';
    LEVELS.forEach(function (level) {
      var times = timesAt(list, level, null);
      if (!times.length) return;
      var row = document.createElement('tr');
      cell(row, level, true);
      cell(row, String(times.length));
      cell(row, window.sudokuClock(Math.min.apply(null, times)));
      cell(row, window.sudokuClock(average(times)));
      rows.appendChild(row);
    });
    box.hidden = !rows.children.length;
    var daily = document.getElementById('record-daily');
    var runs = streaks(list);
    if (daily) {
      daily.textContent = "Days in a row you won today's puzzle: " + runs.current + ' now, ' +
        runs.longest + ' at most.';
      daily.hidden = !runs.longest;
    }
    var chip = document.querySelector('a.chip.daily');
    if (chip && runs.today) {
      chip.textContent = "Today's puzzle \u2713";
      chip.setAttribute('aria-label', "Today's puzzle, won today");
    } else if (chip) {
      chip.textContent = "Today's puzzle";
      chip.removeAttribute('aria-label');
    }
  }

  // "Forget my record": every win in this browser, gone.
  document.addEventListener('click', function (ev) {
    if (!ev.target.closest || !ev.target.closest('#record-forget')) return;
    try {
      localStorage.removeItem(KEY);
      localStorage.removeItem(STARTED);
      localStorage.removeItem(SHOWN);
    } catch (e) { /* no storage: nothing was kept */ }
    var box = document.getElementById('record');
    if (box) box.open = false;
    table([]);
    var summary = document.getElementById('summary-record');
    if (summary) summary.hidden = true;
    var announce = document.getElementById('announce');
    if (announce) announce.textContent = 'Your record in this browser is forgotten.';
  });

  function update() {
    var list = wins();
    var win = wonHere();
    if (win && remember(win, list)) compare(win, list);
    table(list);
  }

  document.addEventListener('DOMContentLoaded', update);
  document.addEventListener('htmx:afterSettle', update); // a winning move, a rating arrived
  window.addEventListener('pageshow', function (ev) { if (ev.persisted) update(); });
})();
