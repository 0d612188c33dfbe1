"""The browser page: HTML, CSS and a little JavaScript that draws what the server sends.

The script knows no game: it shows the board's SVG, turns a click on a move
target (``class="move"``) or a move button into a request, and redraws on
every server-sent event.
"""

import html

from oogames.game.commands import commands_of

_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>oogames</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0; padding: 0.5em 1em; color: #222; }
header { display: flex; flex-wrap: wrap; gap: 0.5em; align-items: end; }
header label { display: flex; flex-direction: column; font-size: 85%; }
main { display: flex; flex-wrap: wrap; gap: 1em; margin-top: 0.8em; }
#board svg { max-width: 100%; height: auto; }
#board { min-width: 200px; }
#side { flex: 1 1 280px; }
#status { font-weight: bold; font-size: 110%; }
#error { color: #b00020; min-height: 1.2em; }
#moves button, #controls button { margin: 2px; min-width: 3em; }
.thinking #status::after { content: " (thinking...)"; color: #7b2cbf; }
#moves button.hinted { background: #d9c2f0; }
#board .move:focus { outline: 3px solid #7b2cbf; }
#recent a { margin-right: 0.8em; }
#controls a { white-space: nowrap; margin: 0 0.3em; }
</style></head>
<body>
<header>
  <label>Game <select id="game"></select></label>
  <label>Options <input id="options" size="24"></label>
  <label>First player <input id="player0" value="human" size="12"></label>
  <label>Second player <input id="player1" value="alphabeta:4" size="12"></label>
  <label>Who starts <input id="first" value="0" size="2"></label>
  <label>Hint depth <input id="hint" value="3" size="2"></label>
  <button id="new">New game</button>
  <label>Go on with a save <input id="upload" type="file" accept=".json,application/json"></label>
</header>
<div id="recent"></div>
<main>
  <div id="board" aria-label="the board"></div>
  <div id="side">
    <div id="status"></div>
    <div id="info"></div>
    <div id="last"></div>
    <div id="hinted"></div>
    <div id="error" role="alert"></div>
    <div id="controls">
<!--commands-->
      <a id="download" href="#">Download</a>
      <a id="tree" href="#" target="_blank">Last search tree</a>
    </div>
    <div id="moves" aria-label="legal moves"></div>
  </div>
</main>
<script>
"use strict";
let gameId = new URLSearchParams(location.search).get("game");
let source = null;
const $ = (id) => document.getElementById(id);

async function call(method, url, body) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  const response = await fetch(url, {method, headers: {"Content-Type": "application/json"},
    body: body === undefined ? undefined : text});
  const data = await response.json();
  if (!response.ok) { $("error").textContent = data.error || response.statusText; return null; }
  $("error").textContent = "";
  return data;
}

let shown = {id: null, version: -1};
function draw(state) {
  // A reply and a pushed event may arrive in either order: never draw an older state.
  if (state.id === shown.id && state.version < shown.version) return;
  if (state.id !== shown.id) {  // a game opened: the form shows its game
    const known = meta.find((g) => g.name === state.game);
    if (known) { $("game").value = known.name; $("options").value = known.options; }
  }
  shown = {id: state.id, version: state.version};
  document.body.classList.toggle("thinking", state.thinking);
  $("board").innerHTML = state.svg;
  $("status").textContent = state.status;
  $("info").textContent = state.info || "";
  $("last").textContent = state.last ? `${state.last.player} played ${state.last.move}: ` +
    `${state.last.figures}; line ${state.last.pv.join(" ")}` : "";
  $("hinted").textContent = state.hint ? `Hint: ${state.hint.move} (${state.hint.outcome}); ` +
    `line ${state.hint.line.join(" ")}` : "";
  const moves = $("moves");
  moves.innerHTML = "";
  const playable = state.human_to_move ? state.legal.concat(state.can_pass ? ["pass"] : []) : [];
  for (const move of playable) {
    const button = document.createElement("button");
    button.textContent = move;
    button.dataset.move = move;
    moves.appendChild(button);
  }
  for (const target of $("board").querySelectorAll(".move")) {
    target.setAttribute("tabindex", "0");
    target.setAttribute("role", "button");
    target.setAttribute("aria-label", "play " + target.dataset.move);
    if (state.hint && state.human_to_move && target.dataset.move === state.hint.move) {
      target.classList.add("hinted");  // the hint on the board: one click plays it
      target.setAttribute("fill", "rgba(123, 44, 191, 0.35)");
    }
  }
  for (const button of moves.querySelectorAll("button")) {
    if (state.hint && button.dataset.move === state.hint.move) button.classList.add("hinted");
  }
  const entry = $("recent").querySelector(`a[data-id="${state.id}"]`);
  if (entry) entry.textContent = describe(state.game, state.moves.length, state.status);
  $("download").href = `/api/games/${state.id}/save`;
  $("tree").href = `/api/games/${state.id}/tree`;
  $("tree").hidden = !state.last;
}

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
$("new").addEventListener("click", async () => {
  const state = await call("POST", "/api/games", {game: $("game").value,
    options: $("options").value, player0: $("player0").value, player1: $("player1").value,
    first: $("first").value, hint_depth: $("hint").value});
  if (state) { draw(state); listen(state.id); recent(); }
});
$("upload").addEventListener("change", async () => {
  const file = $("upload").files[0];
  if (!file) return;
  const state = await call("POST", "/api/upload", await file.text());
  $("upload").value = "";
  if (state) { draw(state); listen(state.id); recent(); }
});

let meta = [];
async function start() {
  meta = (await call("GET", "/api/meta")).games;
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
  });
  $("options").value = meta[0].options;
  if (gameId) {
    const state = await call("GET", `/api/games/${gameId}`);
    if (state) { draw(state); listen(gameId); }
  }
  recent();
}

async function recent() {
  const data = await call("GET", "/api/games");
  const box = $("recent");
  box.innerHTML = data && data.games.length ? "Your games: " : "";
  for (const game of (data ? data.games : [])) {
    const link = document.createElement("a");
    link.href = `?game=${game.id}`;
    link.dataset.id = game.id;
    link.textContent = describe(game.game, game.moves, game.status);
    box.appendChild(link);
  }
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
