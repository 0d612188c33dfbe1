"""The browser page: HTML, CSS and a little JavaScript that draws what the server sends.

The script knows no game: it shows the board's SVG as large as the window allows,
turns a click on a move target (``class="move"``) or a move button into a request,
and redraws on every server-sent event. What it says comes from the game's state
(:meth:`oogames.web.games.WebGame.state`): whose side is whose, in the colours the
board is drawn in, the moves so far, and the computer's figures only on request.
The command buttons are made from :data:`oogames.game.commands.COMMANDS`. The page
loads nothing from elsewhere (no CDN): its style and script are here.
"""

import html

from oogames.game.commands import commands_of

_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>oogames</title>
<link rel="icon" href="data:,">
<style>
:root { --ink: #1d2433; --muted: #5b6472; --line: #d8dde6; --paper: #f6f7fb;
        --accent: #3a5bd9; --accent-soft: #e4e9fb; --bad: #b00020; --good: #1b7f3b; }
* { box-sizing: border-box; }
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0;
       color: var(--ink); background: var(--paper); }
header { display: flex; align-items: center; gap: 0.8em; flex-wrap: wrap;
         padding: 0.5em 1em; background: #fff; border-bottom: 1px solid var(--line); }
header h1 { font-size: 1.25em; margin: 0; letter-spacing: 0.02em; }
#howto { color: var(--muted); flex: 1 1 16em; margin: 0; font-size: 0.95em; }
button { font: inherit; border: 1px solid var(--line); background: #fff; color: var(--ink);
         border-radius: 6px; padding: 0.35em 0.8em; cursor: pointer; white-space: nowrap; }
button:hover:not(:disabled) { border-color: var(--accent); }
button:disabled { opacity: 0.45; cursor: default; }
button.primary { background: var(--accent); border-color: var(--accent); color: #fff; }
main { display: flex; flex-wrap: wrap; gap: 1em; padding: 0.8em 1em; align-items: flex-start; }
#play { flex: 0 1 auto; min-width: 0; max-width: 100%; }
#turn { font-weight: 600; font-size: 1.1em; margin: 0 0 0.4em; min-height: 1.4em; }
#turn .disc { display: inline-block; width: 0.9em; height: 0.9em; border-radius: 50%;
              border: 1px solid #0005; vertical-align: -0.1em; margin-right: 0.3em; }
.thinking #turn::after { content: " …"; }
#board svg { display: block; max-width: 100%; height: auto; background: #fff;
             border-radius: 8px; box-shadow: 0 1px 4px #0002; }
#board .move { cursor: pointer; }
#board svg .status { display: none; }  /* the turn line above the board says it */
body:not(.playing) main { visibility: hidden; }  /* no game yet: the dialog first */
#board .move:focus { outline: 3px solid var(--accent); }
#moves { margin-top: 0.5em; display: flex; flex-wrap: wrap; gap: 0.3em; }
#moves button { min-width: 2.8em; }
#moves button.hinted, #controls button.hinted { background: var(--accent-soft); }
#banner { display: flex; align-items: center; gap: 0.8em; flex-wrap: wrap; margin: 0 0 0.5em;
          padding: 0.6em 0.9em; border-radius: 8px; background: #fff7d6;
          border: 1px solid #ecd67a; font-weight: 600; }
#banner[hidden] { display: none; }
#side { flex: 1 1 18em; max-width: 32em; display: flex; flex-direction: column; gap: 0.7em; }
.panel { background: #fff; border: 1px solid var(--line); border-radius: 8px;
         padding: 0.6em 0.8em; }
.panel h2 { font-size: 0.85em; text-transform: uppercase; letter-spacing: 0.05em;
            color: var(--muted); margin: 0 0 0.4em; }
#controls { display: flex; flex-wrap: wrap; gap: 0.35em; }
#said p { margin: 0.2em 0; }
#said details { color: var(--muted); font-size: 0.9em; }
#error { color: var(--bad); min-height: 1.2em; margin: 0; }
#movelist { margin: 0; padding-left: 2.2em; max-height: 12em; overflow-y: auto;
            font-variant-numeric: tabular-nums; }
#movelist li.last { font-weight: 700; color: var(--accent); }
#movelist li span { display: inline-block; min-width: 3.5em; }
#current dl { display: grid; grid-template-columns: auto 1fr; gap: 0.1em 0.8em; margin: 0; }
#current dt { color: var(--muted); }
#current dd { margin: 0; }
#files a, #recent a { margin-right: 0.8em; }
dialog { border: none; border-radius: 10px; padding: 1em 1.2em; max-width: 30em; width: 92vw;
         box-shadow: 0 8px 30px #0004; }
dialog::backdrop { background: #1d243366; }
dialog h2 { margin: 0 0 0.6em; font-size: 1.15em; }
dialog label { display: grid; grid-template-columns: 8.5em 1fr; align-items: center;
               gap: 0.5em; margin: 0.35em 0; }
dialog input, dialog select { font: inherit; padding: 0.3em; border: 1px solid var(--line);
                              border-radius: 5px; min-width: 0; }
dialog .hint { color: var(--muted); font-size: 0.85em; margin: 0.4em 0; }
dialog .buttons { display: flex; gap: 0.5em; justify-content: flex-end; margin-top: 0.8em; }
#form-error { color: var(--bad); min-height: 1.2em; margin: 0.3em 0 0; }
@media (max-width: 700px) {
  header { padding: 0.4em 0.6em; flex-wrap: nowrap; gap: 0.5em; }
  header h1 { font-size: 1.05em; }
  #howto { font-size: 0.78em; }
  #turn { font-size: 1em; }
  main { padding: 0.5em; gap: 0.6em; }
  #play, #side { flex: 1 1 100%; max-width: 100%; }
  #moves.repeats { display: none; }
}
</style></head>
<body>
<header>
  <h1>oogames</h1>
  <p id="howto">Click a square or a column to move; New game to choose the game and
  the players.</p>
  <button id="open-new" class="primary">New game</button>
</header>
<main>
  <section id="play" aria-label="the game">
    <div id="banner" hidden><span id="result"></span>
      <button id="again" class="primary">Play again</button></div>
    <p id="turn" aria-live="polite"></p>
    <div id="board" aria-label="the board"></div>
    <div id="moves" aria-label="moves"></div>
  </section>
  <aside id="side">
    <div class="panel">
      <div id="controls">
<!--commands-->
      </div>
      <p id="error" role="alert"></p>
      <div id="said" aria-live="polite">
        <p id="info"></p><p id="last"></p><p id="hinted"></p>
        <details id="details"><summary>details</summary><p id="figures"></p></details>
      </div>
    </div>
    <div class="panel"><h2>Moves</h2><ol id="movelist"></ol></div>
    <div class="panel" id="current"><h2>This game</h2><dl id="settings"></dl>
      <p id="files"><a id="download" href="#">Download the save</a>
      <a id="tree" href="#" target="_blank">The last search's tree</a></p></div>
    <div class="panel"><h2>Your games</h2><div id="recent"></div></div>
  </aside>
</main>
<dialog id="newgame" aria-labelledby="newgame-title">
  <form method="dialog" id="form">
    <h2 id="newgame-title">New game</h2>
    <label>Game <select id="game"></select></label>
    <p class="hint" id="summary"></p>
    <label>Options <input id="options" autocomplete="off"></label>
    <label>First player <input id="player0" value="human" autocomplete="off"></label>
    <label>Second player <input id="player1" value="alphabeta:4" autocomplete="off"></label>
    <label>Who starts <select id="first"><option value="0">the first player</option>
      <option value="1">the second player</option></select></label>
    <label>Hint depth <input id="hint" value="3" inputmode="numeric"></label>
    <p class="hint">A player is <b>human</b> or a computer: <b>alphabeta:4</b> looks 4
    moves ahead, <b>alphabeta+tt@1</b> thinks a second a move, <b>mcts@1</b> plays out
    random games for a second.</p>
    <label>Or go on with a save <input id="upload" type="file"
      accept=".json,application/json"></label>
    <p id="form-error" role="alert"></p>
    <div class="buttons"><button value="cancel" id="cancel" formnovalidate>Cancel</button>
      <button id="new" class="primary" value="start">Start</button></div>
  </form>
</dialog>
<script>
"use strict";
let gameId = new URLSearchParams(location.search).get("game");
let source = null;
let current = null;  // the state drawn last
const $ = (id) => document.getElementById(id);

async function call(method, url, body, where) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  let response;
  try {
    response = await fetch(url, {method, headers: {"Content-Type": "application/json"},
      body: body === undefined ? undefined : text});
  } catch (error) {
    $(where || "error").textContent = "the server does not answer: is oogames serve running?";
    return null;
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    $(where || "error").textContent = data.error || "the server refused: " + response.status;
    return null;
  }
  $(where || "error").textContent = "";
  return data;
}

function side(state, player) {  // "X (blue)", or "Black" when the name is the colour
  const s = state.sides[player];
  return s.name.toLowerCase() === s.colour ? s.name : `${s.name} (${s.colour})`;
}

function disc(state, player) {
  const span = document.createElement("span");
  span.className = "disc";
  span.style.background = state.sides[player].hex;
  return span;
}

let shown = {id: null, version: -1};
function draw(state) {
  // A reply and a pushed event may arrive in either order: never draw an older state, nor
  // the same one again (a redraw would take the focus off the board's square).
  if (state.id === shown.id && state.version <= shown.version) return;
  shown = {id: state.id, version: state.version};
  current = state;
  document.body.classList.add("playing");
  document.body.classList.toggle("thinking", state.thinking);
  const board = $("board");
  board.innerHTML = state.svg;
  // Whose side is whose, and whose turn it is.
  const turn = $("turn");
  turn.textContent = "";
  const humans = state.sides.filter((s) => s.human).length;
  if (state.over) {
    turn.textContent = state.score || "";
  } else {
    const mover = state.to_move;
    turn.appendChild(disc(state, mover));
    const who = side(state, mover);
    let words = `${who} to move`;
    if (state.thinking) words = `${who} (the computer) is thinking`;
    else if (state.sides[mover].human && humans === 1) words = `Your turn: you play ${who}`;
    turn.appendChild(document.createTextNode(words + (state.score ? ` · ${state.score}` : "")));
  }
  // The end of the game: a banner and "play again".
  $("banner").hidden = !state.over;
  if (state.over) {
    let result = state.winner === null ? "A draw." : `${side(state, state.winner)} has won.`;
    if (state.winner !== null && humans === 1) {
      result = state.sides[state.winner].human ? "You won!" : "The computer won.";
    }
    $("result").textContent = result;
  }
  // What was said: the last move and the hint in words, the figures on request.
  $("info").textContent = state.info || "";
  const last = state.last;
  $("last").textContent = last ? `${last.player} played ${last.move}` +
    (last.expects ? `; it sees ${last.expects}.` : ".") : "";
  const hint = state.hint;
  $("hinted").textContent = hint && state.human_to_move ? `Hint: play ${hint.move}` +
    (hint.expects ? ` (${hint.expects} with best play).` : ".") : "";
  const figures = [];
  if (last) figures.push(`${last.player}'s search: ${last.figures}; line ${last.pv.join(" ")}`);
  if (hint) figures.push(`hint: ${hint.outcome}; line ${hint.line.join(" ")}`);
  $("figures").textContent = figures.join(" — ");
  $("details").hidden = figures.length === 0;
  // The moves a person can play, in the board's order.
  const moves = $("moves");
  moves.innerHTML = "";
  const playable = state.human_to_move ? state.legal.concat(state.can_pass ? ["pass"] : []) : [];
  for (const move of playable) {
    const button = document.createElement("button");
    button.textContent = move;
    button.dataset.move = move;
    if (hint && move === hint.move) button.classList.add("hinted");
    moves.appendChild(button);
  }
  // On a phone, buttons that repeat the board's own targets give their room to the board.
  const targets = board.querySelectorAll(".move").length;
  moves.classList.toggle("repeats", targets > 0 && targets >= state.legal.length);
  for (const target of board.querySelectorAll(".move")) {
    target.setAttribute("tabindex", "0");
    target.setAttribute("role", "button");
    target.setAttribute("aria-label", "play " + target.dataset.move);
    if (hint && state.human_to_move && target.dataset.move === hint.move) {
      target.classList.add("hinted");  // the hint on the board: one click plays it
      target.setAttribute("fill", "rgba(58, 91, 217, 0.35)");
    }
  }
  // The buttons: only what makes sense now.
  for (const button of $("controls").querySelectorAll("button")) {
    const action = button.dataset.action;
    const enabled = {
      hint: state.human_to_move, accept: !!(hint && state.human_to_move),
      undo: state.can_undo && !state.thinking, redo: state.can_redo && !state.thinking,
      go: !state.over && !state.thinking && !state.sides[state.to_move].human,
      stop: state.thinking, now: state.thinking,
    }[action];
    button.disabled = enabled === false;
  }
  // The moves so far, the last one marked.
  const list = $("movelist");
  list.innerHTML = "";
  for (let i = 0; i < state.moves.length; i += 2) {
    const item = document.createElement("li");
    for (const ply of [i, i + 1]) {
      if (ply >= state.moves.length) break;
      const span = document.createElement("span");
      span.textContent = state.moves[ply];
      item.appendChild(span);
    }
    if (i + 2 >= state.moves.length) item.classList.add("last");
    list.appendChild(item);
  }
  list.scrollTop = list.scrollHeight;
  // This game's settings, its files.
  const settings = $("settings");
  settings.innerHTML = "";
  const rows = [["game", state.game], ["options", state.settings.options || "none"],
    ["first player", state.settings.player0], ["second player", state.settings.player1],
    ["starts", state.settings.first === 0 ? "the first player" : "the second player"]];
  for (const [name, value] of rows) {
    const term = document.createElement("dt");
    term.textContent = name;
    const detail = document.createElement("dd");
    detail.textContent = value;
    settings.append(term, detail);
  }
  const entry = $("recent").querySelector(`a[data-id="${state.id}"]`);
  if (entry) entry.textContent = describe(state.game, state.moves.length, state.status);
  $("download").href = `/api/games/${state.id}/save`;
  $("tree").href = `/api/games/${state.id}/tree`;
  $("tree").hidden = !state.last;
  fit();  // once what goes under the board is drawn
}

function fit() {  // the board as large as the window allows, what is played with in view
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  const box = svg.viewBox.baseVal;
  const phone = window.innerWidth <= 700;
  const top = $("board").getBoundingClientRect().top + window.scrollY;
  // On a phone the move buttons and the game's buttons come under the board: keep them
  // in view too; on a desktop they are beside it.
  const moves = $("moves").offsetHeight;
  const under = phone ? moves + $("controls").offsetHeight + 48 : moves + 28;
  const room = Math.max(200, window.innerHeight - top - under);
  const wide = phone ? window.innerWidth - 16 : window.innerWidth * 0.62;
  const scale = Math.min(room / box.height, wide / box.width);
  svg.style.width = `${Math.floor(box.width * scale)}px`;
}
window.addEventListener("resize", fit);

function listen(id) {
  if (source) source.close();
  gameId = id;
  history.replaceState(null, "", `?game=${id}`);
  source = new EventSource(`/api/games/${id}/events`);
  source.onmessage = (event) => draw(JSON.parse(event.data));
}

async function act(action, move) {
  if (!gameId) return;
  const state = await call("POST", `/api/games/${gameId}/action`, {action, move});
  if (state) draw(state);
}

$("board").addEventListener("click", (event) => {
  const target = event.target.closest(".move");
  if (target) act("move", target.dataset.move);
});
$("board").addEventListener("keydown", (event) => {
  const targets = [...$("board").querySelectorAll(".move")];
  const index = targets.indexOf(document.activeElement);
  if (event.key === "Enter" && index >= 0) { act("move", targets[index].dataset.move); return; }
  const step = {ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1}[event.key];
  if (step && targets.length) {
    event.preventDefault();
    targets[(index + step + targets.length) % targets.length].focus();
  }
});
$("moves").addEventListener("click", (event) => {
  if (event.target.dataset.move) act("move", event.target.dataset.move);
});
$("controls").addEventListener("click", (event) => {
  if (event.target.dataset.action) act(event.target.dataset.action);
});

// The new-game dialog: it shows the game being played, and starts another.
function openForm() {
  if (current) {
    const s = current.settings;
    $("game").value = s.game; $("options").value = s.options; $("player0").value = s.player0;
    $("player1").value = s.player1; $("first").value = String(s.first);
    $("hint").value = String(s.hint_depth);
  }
  showSummary();
  $("form-error").textContent = "";
  $("newgame").showModal();
}
$("open-new").addEventListener("click", openForm);
async function begin(fields) {
  const state = await call("POST", "/api/games", fields, "form-error");
  if (!state) return false;
  draw(state); listen(state.id); recent();
  return true;
}
function formFields() {
  return {game: $("game").value, options: $("options").value, player0: $("player0").value,
    player1: $("player1").value, first: $("first").value, hint_depth: $("hint").value};
}
$("form").addEventListener("submit", async (event) => {
  event.preventDefault();
  if (event.submitter && event.submitter.value === "cancel") { $("newgame").close(); return; }
  if (await begin(formFields())) $("newgame").close();
});
$("again").addEventListener("click", () => {
  if (current) begin({...current.settings, first: String(current.settings.first)});
});
$("upload").addEventListener("change", async () => {
  const file = $("upload").files[0];
  if (!file) return;
  const state = await call("POST", "/api/upload", await file.text(), "form-error");
  $("upload").value = "";
  if (state) { draw(state); listen(state.id); recent(); $("newgame").close(); }
});

let meta = [];
function showSummary() {
  const chosen = meta.find((g) => g.name === $("game").value);
  $("summary").textContent = chosen ? chosen.summary : "";
}
async function start() {
  const data = await call("GET", "/api/meta");
  meta = data ? data.games : [];
  for (const game of meta) {
    const option = document.createElement("option");
    option.value = option.textContent = game.name;
    $("game").appendChild(option);
  }
  $("game").addEventListener("change", () => {
    const chosen = meta.find((g) => g.name === $("game").value);
    $("options").value = chosen.options;
    for (const field of ["player0", "player1"]) {  // a computer: the new game's own default
      if ($(field).value.trim().toLowerCase() !== "human") $(field).value = chosen.player;
    }
    showSummary();
  });
  if (meta.length) {
    $("options").value = meta[0].options;
    $("player1").value = meta[0].player;
  }
  if (gameId) {
    const state = await call("GET", `/api/games/${gameId}`);
    if (state) { draw(state); listen(gameId); }
  }
  if (!current) openForm();  // nothing to show yet: choose a game first
  recent();
}

async function recent() {
  const data = await call("GET", "/api/games");
  const box = $("recent");
  box.innerHTML = "";
  for (const game of (data ? data.games : [])) {
    const link = document.createElement("a");
    link.href = `?game=${game.id}`;
    link.dataset.id = game.id;
    link.textContent = describe(game.game, game.moves, game.status);
    box.appendChild(link);
  }
  if (!box.children.length) box.textContent = "none yet";
}

function describe(game, moves, status) {  // a recent game's link, kept up to date by draw()
  return `${game} (${moves} move${moves === 1 ? "" : "s"}, ${status})`;
}
start();
</script>
</body></html>
"""


def _buttons() -> str:
    """The page's command buttons, made from :data:`oogames.game.commands.COMMANDS`."""
    return "\n".join(
        f'      <button data-action="{command.word}" title="{html.escape(command.summary)}">'
        f"{html.escape(command.label)}</button>"
        for command in commands_of("web")
    )


PAGE = _PAGE.replace("<!--commands-->", _buttons())
"""The page, with its command buttons."""
