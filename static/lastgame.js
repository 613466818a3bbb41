// "Continue your game" on a page with a blank grid: the last game played in this browser.
// The game lives in its address; this only remembers which address (localStorage), with its
// level and progress for the link's label, and forgets it once that game is solved or its
// solution shown. Nothing of it goes to the server.
(function () {
  'use strict';

  var KEY = 'sudoku-last-game';

  function recalled() {
    try {
      var kept = JSON.parse(localStorage.getItem(KEY) || 'null');
      return kept && typeof kept.url === 'string' && kept.url.indexOf('/p/') === 0 ? kept : null;
    } catch (e) {
      return null; // no storage (private mode, blocked): nothing to continue
    }
  }

  function keep(game) {
    try {
      if (game) localStorage.setItem(KEY, JSON.stringify(game));
      else localStorage.removeItem(KEY);
    } catch (e) { /* no storage: nothing kept */ }
  }

  // A game in play on this page: remember its address (and level, once the page shows it).
  // A page just opened (someone's link, a new puzzle) does not replace another game kept:
  // only a move, a hint or the like made on it does (`played`).
  function remember(played) {
    var line = document.getElementById('status-line');
    var puzzle = line && line.getAttribute('data-puzzle');
    if (!puzzle || location.pathname.indexOf('/p/') !== 0) return;
    var before = recalled();
    var same = before && before.puzzle === puzzle;
    if (line.getAttribute('data-game') === 'over') {
      if (same) keep(null);
      return;
    }
    if (before && !same && !played) return;
    var level = document.querySelector('#difficulty .level');
    keep({
      url: location.pathname + location.search,
      puzzle: puzzle,
      level: level ? level.textContent : (same ? before.level || '' : ''),
      progress: line.textContent.trim()
    });
  }

  function offer() {
    var box = document.getElementById('last-game');
    var game = recalled();
    if (!box || !game || game.url === location.pathname + location.search) return;
    document.getElementById('last-game-link').setAttribute('href', game.url);
    document.getElementById('last-game-what').textContent = [game.level, game.progress]
      .filter(Boolean).join(' · ');
    box.hidden = false;
  }

  function update(played) {
    remember(played);
    offer();
  }

  function opened() { update(false); }
  function answered() { update(true); }

  document.addEventListener('DOMContentLoaded', opened);
  // after an answer, once htmx has put its address in the bar
  document.addEventListener('htmx:afterSettle', answered);
  document.addEventListener('htmx:replacedInHistory', answered);
  document.addEventListener('htmx:pushedIntoHistory', answered);
  window.addEventListener('pageshow', function (ev) { if (ev.persisted) opened(); });
})();
