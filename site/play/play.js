// The play page: a board (cm-chessboard), the rules of the game in the page
// (chess.js: legal-move hints, refused moves, SAN, FEN and PGN), and the
// book's engine as WebAssembly in a Web Worker (worker.js), one per engine,
// spoken to in UCI. Every choice the page offers comes from the engine: the
// stages from its Stage option, the switches from its other options, their
// values at a stage from its "techniques" table.
//
// The address may set the game up: ?stage=13 (or main), &fen=…, &side=black,
// &b=12 (engine against engine, Black at stage 12), &movetime=500 or
// &depth=6, &off=NullMove,LMR and &on=TT. A stage or a switch the engine does
// not know is refused with a message.
import {Chessboard, COLOR, INPUT_EVENT_TYPE, BORDER_TYPE, FEN} from "../vendor/cm-chessboard/src/Chessboard.js";
import {Markers, MARKER_TYPE} from "../vendor/cm-chessboard/src/extensions/markers/Markers.js";
import {PromotionDialog, PROMOTION_DIALOG_RESULT_TYPE} from "../vendor/cm-chessboard/src/extensions/promotion-dialog/PromotionDialog.js";
import {Chess} from "../vendor/chess.js/dist/esm/chess.js";

const $ = (id) => document.getElementById(id);

// How long an engine may take before the page calls it hung: starting and
// answering isready; a move beyond its time; a search to a depth.
// The browser test shortens the last (cb2026Play.hangAfter) to see a hang.
const SETUP_MS = 60000;
const MOVE_MARGIN_MS = 5000;
let depthMS = 180000;

// Options of the engine that are not techniques.
const NOT_SWITCHES = new Set(["Hash", "Clear Hash", "Threads", "Stage"]);

// An Engine is one Web Worker running the engine. ask sends lines and
// collects the answer up to a line that ends it; asks run one at a time, in
// order, as the engine reads its input.
class Engine {
  constructor(name) {
    this.name = name;
    this.worker = null;
    this.listeners = [];
    this.chain = Promise.resolve();
    this.dead = "";
    this.options = [];
  }

  start() {
    this.dead = "";
    this.listeners = [];
    this.chain = Promise.resolve();
    this.worker = new Worker("assets/play/worker.js");
    this.worker.onmessage = (e) => this.line(String(e.data));
    this.worker.onerror = (e) => {
      e.preventDefault();
      this.fail(`${this.name} crashed${e.message ? ": " + e.message : ""}`);
    };
  }

  terminate() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
  }

  line(l) {
    if (l.startsWith("info string the engine did not start")) {
      this.fail(`${this.name}: ${l.slice("info string ".length)}`);
      return;
    }
    for (const f of [...this.listeners]) f(l, "");
  }

  fail(msg) {
    if (this.dead) return;
    this.dead = msg;
    this.terminate();
    for (const f of [...this.listeners]) f(null, msg);
    showProblem(msg);
  }

  ask(lines, done, ms, onLine) {
    const run = () => new Promise((resolve, reject) => {
      if (!this.worker || this.dead) {
        reject(new Error(this.dead || `${this.name} is not running`));
        return;
      }
      const got = [];
      const finish = () => {
        clearTimeout(timer);
        this.listeners = this.listeners.filter((f) => f !== listener);
      };
      const listener = (l, err) => {
        if (l === null) {
          finish();
          reject(new Error(err));
          return;
        }
        got.push(l);
        if (onLine) onLine(l);
        if (done(l)) {
          finish();
          resolve(got);
        }
      };
      const timer = setTimeout(() => {
        finish();
        const msg = `${this.name} did not answer within ${Math.round(ms / 1000)} s`;
        this.fail(msg);
        reject(new Error(msg));
      }, ms);
      this.listeners.push(listener);
      for (const l of lines) this.worker.postMessage(l);
    });
    const p = this.chain.then(run, run);
    this.chain = p.catch(() => {});
    return p;
  }

  // command sends lines and isready, and returns the engine's complaints
  // (its info strings) in between.
  async command(...lines) {
    const got = await this.ask([...lines, "isready"], (l) => l === "readyok", SETUP_MS);
    return got.filter((l) => l.startsWith("info string ")).map((l) => l.slice("info string ".length));
  }

  // boot starts the worker and reads the engine's options.
  async boot() {
    this.start();
    const lines = await this.ask(["uci"], (l) => l === "uciok", SETUP_MS);
    this.options = lines.filter((l) => l.startsWith("option name ")).map(parseOption);
  }

  // techniques returns each switch's value as the engine has it now.
  async techniques() {
    const lines = await this.ask(["techniques", "isready"], (l) => l === "readyok", SETUP_MS);
    const names = new Set(switchOptions(this.options).map((o) => o.name));
    const values = {};
    for (const l of lines) {
      const f = l.trim().split(/\s+/);
      if (f.length >= 4 && names.has(f[2])) values[f[2]] = f[3];
    }
    return values;
  }
}

// parseOption reads "option name N type T default D min A max B var V…".
function parseOption(line) {
  const words = line.split(" ");
  const o = {name: "", type: "", def: "", vars: []};
  let key = "";
  for (const w of words.slice(1)) {
    if (["name", "type", "default", "min", "max", "var"].includes(w)) {
      key = w;
      if (w === "var") o.vars.push("");
      continue;
    }
    if (key === "name") o.name += (o.name ? " " : "") + w;
    if (key === "type") o.type = w;
    if (key === "default") o.def = w;
    if (key === "var") o.vars[o.vars.length - 1] = w;
  }
  return o;
}

function switchOptions(options) {
  return options.filter((o) => !NOT_SWITCHES.has(o.name) && (o.type === "check" || o.type === "combo"));
}

function stageValues(options) {
  const o = options.find((o) => o.name === "Stage");
  return o ? o.vars : [];
}

// The page's state.
const engines = {a: new Engine("the engine"), b: new Engine("Black's engine")};
let game = new Chess();
let startFEN = game.fen();
let gameID = 0; // a new game, an undo or a set-up ends what the engine was asked before
let thinking = false;
let problem = "";
let board;

function showProblem(msg) {
  problem = msg;
  thinking = false;
  $("problem-text").textContent = msg + ". The game on the board is kept.";
  $("problem").hidden = false;
  update();
}

// quietly runs what a control started: an engine that fails has said so
// already (showProblem), and the page goes on.
function quietly(p) {
  p.catch(() => {});
}

function say(msg) {
  $("status").textContent = msg;
}

function mode() {
  return $("mode").value;
}

function humanColor() {
  return $("side").value === "black" ? "b" : "w";
}

function limit() {
  const kind = $("limit").value;
  let value = Math.floor(Number($("limit-value").value));
  if (!(value >= 1)) value = kind === "depth" ? 6 : 1000;
  if (kind === "depth") value = Math.min(value, 64);
  return {kind, value};
}

function positionLine() {
  const moves = game.history({verbose: true}).map((m) => m.lan);
  return `position fen ${startFEN}` + (moves.length ? " moves " + moves.join(" ") : "");
}

// uciMove turns a UCI move into chess.js's form.
function uciMove(m) {
  return {from: m.slice(0, 2), to: m.slice(2, 4), promotion: m.length > 4 ? m[4] : undefined};
}

function pvToSAN(pv) {
  const c = new Chess(game.fen());
  const out = [];
  for (const m of pv) {
    try {
      out.push(c.move(uciMove(m)).san);
    } catch {
      break;
    }
  }
  return out.join(" ");
}

function scoreText(f) {
  const i = f.indexOf("score");
  if (i < 0) return "";
  if (f[i + 1] === "mate") return "mate " + f[i + 2];
  const cp = Number(f[i + 2]);
  return (cp > 0 ? "+" : cp < 0 ? "−" : "") + (Math.abs(cp) / 100).toFixed(2);
}

function field(f, name) {
  const i = f.indexOf(name);
  return i >= 0 ? f[i + 1] : "";
}

// showInfo shows an engine's info line: depth, score, nodes, nps and PV.
function showInfo(who, l) {
  if (!l.startsWith("info ") || l.startsWith("info string")) return;
  const f = l.split(" ");
  if (!f.includes("depth") || !f.includes("pv")) return;
  let row = document.querySelector(`#info tr[data-engine="${who}"]`);
  if (!row) {
    row = document.createElement("tr");
    row.dataset.engine = who;
    for (let i = 0; i < 5; i++) row.appendChild(document.createElement("td"));
    $("info").appendChild(row);
  }
  const name = who === "a" && mode() === "engines" ? "White" : who === "b" ? "Black" : "engine";
  const cells = [name + " (" + stageName(who) + ")", field(f, "depth"), scoreText(f), Number(field(f, "nodes")).toLocaleString("en"), Number(field(f, "nps")).toLocaleString("en")];
  cells.forEach((c, i) => (row.children[i].textContent = c));
  $("pv").textContent = pvToSAN(f.slice(f.indexOf("pv") + 1));
}

function stageName(who) {
  const v = who === "b" ? $("stage-b").value : $("stage").value;
  return v === "main" ? "main" : "stage " + v;
}

// kingInCheck returns the square of the side to move's king if it is in check.
function kingInCheck() {
  if (!game.inCheck()) return "";
  for (const row of game.board()) {
    for (const sq of row) {
      if (sq && sq.type === "k" && sq.color === game.turn()) return sq.square;
    }
  }
  return "";
}

function result() {
  if (game.isCheckmate()) return game.turn() === "w" ? "0-1" : "1-0";
  if (game.isDraw() || game.isStalemate() || game.isThreefoldRepetition() || game.isInsufficientMaterial()) return "1/2-1/2";
  return "*";
}

function resultText() {
  if (game.isCheckmate()) return (game.turn() === "w" ? "0–1: Black" : "1–0: White") + " mates.";
  if (game.isStalemate()) return "½–½: stalemate.";
  if (game.isThreefoldRepetition()) return "½–½: threefold repetition.";
  if (game.isInsufficientMaterial()) return "½–½: insufficient material.";
  if (game.isDraw()) return "½–½: fifty-move rule.";
  return "";
}

// update redraws the board's marks, the status, the move list and what the
// buttons allow.
function update() {
  const svg = $("board").querySelector("svg");
  if (svg && !svg.hasAttribute("aria-label")) svg.setAttribute("aria-label", "chess board");
  board.removeMarkers(MARKER_TYPE.square);
  board.removeMarkers(MARKER_TYPE.circleDanger);
  const hist = game.history({verbose: true});
  const last = hist[hist.length - 1];
  if (last) {
    board.addMarker(MARKER_TYPE.square, last.from);
    board.addMarker(MARKER_TYPE.square, last.to);
  }
  const k = kingInCheck();
  if (k) board.addMarker(MARKER_TYPE.circleDanger, k);
  const over = resultText();
  const side = game.turn() === "w" ? "White" : "Black";
  if (over) say(over);
  else if (problem) say("The engine stopped.");
  else if (thinking) say(`${side} to move: the engine (${stageName(game.turn() === "b" && mode() === "engines" ? "b" : "a")}) is thinking…`);
  else say(`${side} to move${k ? ", in check" : ""}.`);
  const list = $("moves");
  list.textContent = "";
  for (let i = 0; i < hist.length; i += 2) {
    const li = document.createElement("li");
    li.textContent = hist[i].san + (hist[i + 1] ? " " + hist[i + 1].san : "");
    list.appendChild(li);
  }
  list.start = Number(startFEN.split(" ")[5] || 1);
  $("fen").value = game.fen();
  $("undo").disabled = thinking || hist.length === 0;
  $("go").disabled = thinking || !!over || !!problem;
  const humanTurn = mode() === "human" && game.turn() === humanColor() && !thinking && !over && !problem;
  if (humanTurn && !board.isMoveInputEnabled()) board.enableMoveInput(onInput, humanColor() === "w" ? COLOR.white : COLOR.black);
  if (!humanTurn && board.isMoveInputEnabled()) board.disableMoveInput();
}

// onInput is the board's move input: hints on the legal moves of the
// piece taken, a move refused unless legal, a choice of piece on promotion.
function onInput(event) {
  const b = event.chessboard;
  switch (event.type) {
  case INPUT_EVENT_TYPE.moveInputStarted: {
    b.removeMarkers(MARKER_TYPE.dot);
    b.removeMarkers(MARKER_TYPE.bevel);
    const moves = game.moves({square: event.squareFrom, verbose: true});
    for (const m of moves) b.addMarker(m.captured ? MARKER_TYPE.bevel : MARKER_TYPE.dot, m.to);
    return moves.length > 0;
  }
  case INPUT_EVENT_TYPE.validateMoveInput: {
    b.removeMarkers(MARKER_TYPE.dot);
    b.removeMarkers(MARKER_TYPE.bevel);
    const moves = game.moves({square: event.squareFrom, verbose: true}).filter((m) => m.to === event.squareTo);
    if (moves.length === 0) {
      say("Not a legal move.");
      return false;
    }
    if (moves[0].promotion) {
      const color = game.turn() === "w" ? COLOR.white : COLOR.black;
      b.showPromotionDialog(event.squareTo, color, (r) => {
        if (r.type === PROMOTION_DIALOG_RESULT_TYPE.pieceSelected) play({from: event.squareFrom, to: event.squareTo, promotion: r.piece.charAt(1)}, b);
        else board.setPosition(game.fen(), true);
      });
      return true;
    }
    play({from: event.squareFrom, to: event.squareTo}, b);
    return true;
  }
  case INPUT_EVENT_TYPE.moveInputCanceled:
    b.removeMarkers(MARKER_TYPE.dot);
    b.removeMarkers(MARKER_TYPE.bevel);
    return true;
  }
  return true;
}

// play makes the reader's move and, once the board has finished moving
// the piece, lets the engine answer.
function play(move, b) {
  try {
    game.move(move);
  } catch {
    say("Not a legal move.");
    board.setPosition(game.fen(), true);
    return;
  }
  const id = gameID;
  b.state.moveInputProcess.then(() => {
    if (id !== gameID) return;
    board.setPosition(game.fen(), true); // castling and en passant move a second piece
    update();
    next();
  });
}

// next lets the engine move when it is its turn.
function next() {
  if (problem || thinking || resultText()) {
    update();
    return;
  }
  if (mode() === "engines" || game.turn() !== humanColor()) engineMove();
}

// engineMove asks the engine whose turn it is for a move within the limit.
async function engineMove() {
  const who = mode() === "engines" && game.turn() === "b" ? "b" : "a";
  const e = engines[who];
  const id = gameID;
  const l = limit();
  const ms = l.kind === "movetime" ? l.value + MOVE_MARGIN_MS : depthMS;
  thinking = true;
  update();
  let lines;
  try {
    lines = await e.ask([positionLine(), `go ${l.kind} ${l.value}`], (x) => x.startsWith("bestmove"), ms, (x) => showInfo(who, x));
  } catch {
    return; // the engine failed: showProblem says so
  }
  if (id !== gameID) return; // the game changed while the engine thought
  thinking = false;
  const best = lines[lines.length - 1].split(" ")[1];
  try {
    game.move(uciMove(best));
  } catch {
    showProblem(`${e.name} played ${best}, which is not legal here`);
    return;
  }
  board.setPosition(game.fen(), true);
  update();
  if (mode() === "engines") setTimeout(next, 50);
  else next();
}

// configure sets an engine to a stage and then to the switches the page
// shows as changed from that stage's values.
async function configure(e, stage, changes) {
  const complaints = await e.command(`setoption name Stage value ${stage}`);
  for (const [name, value] of Object.entries(changes || {})) {
    complaints.push(...await e.command(`setoption name ${name} value ${value}`));
  }
  if (complaints.length) showProblem(`${e.name} refused: ${complaints.join("; ")}`);
}

// changed holds the switches the reader turned, by option name, as UCI
// values, for engine a.
let changed = {};

async function showSwitches() {
  const e = engines.a;
  const values = await e.techniques();
  const box = $("switches");
  box.textContent = "";
  for (const o of switchOptions(e.options)) {
    const label = document.createElement("label");
    let input;
    if (o.type === "check") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = values[o.name] === "on";
      input.onchange = () => quietly(setSwitch(o.name, input.checked ? "true" : "false"));
      label.append(input, " " + o.name);
    } else {
      input = document.createElement("select");
      for (const v of o.vars) input.add(new Option(v, v));
      input.value = values[o.name] || o.def;
      input.onchange = () => quietly(setSwitch(o.name, input.value));
      label.append(o.name + " ", input);
    }
    input.dataset.option = o.name;
    box.appendChild(label);
  }
  $("switches-of").textContent = mode() === "engines" ? "White's engine" : "the engine";
}

async function setSwitch(name, value) {
  changed[name] = value;
  const complaints = await engines.a.command(`setoption name ${name} value ${value}`);
  if (complaints.length) showProblem(`the engine refused: ${complaints.join("; ")}`);
}

async function setStage() {
  changed = {};
  await configure(engines.a, $("stage").value, {});
  await showSwitches();
  update();
}

// setUp puts a position on the board: the engine reads it first, so a
// position it refuses is refused with the engine's own words.
async function setUp(fen) {
  fen = fen.trim().split(/\s+/).join(" ");
  const complaints = await engines.a.command(`position fen ${fen}`);
  if (complaints.length) {
    say(`The engine refuses the position: ${complaints.join("; ")}`);
    return false;
  }
  let g;
  try {
    g = new Chess(fen);
  } catch (err) {
    say(`The page's rules refuse the position: ${err.message}`);
    return false;
  }
  newGame(g);
  return true;
}

function newGame(g) {
  gameID++;
  thinking = false;
  game = g || new Chess();
  startFEN = game.fen();
  $("info").textContent = "";
  $("pv").textContent = "";
  board.setPosition(game.fen(), false);
  if (mode() === "human") board.setOrientation(humanColor() === "w" ? COLOR.white : COLOR.black);
  update();
  if (mode() === "human") next();
}

function undo() {
  if (thinking) return;
  gameID++;
  game.undo();
  if (mode() === "human" && game.turn() !== humanColor()) game.undo();
  board.setPosition(game.fen(), true);
  update();
}

function pgn() {
  const g = new Chess();
  if (startFEN !== new Chess().fen()) {
    g.load(startFEN);
    g.setHeader("SetUp", "1");
    g.setHeader("FEN", startFEN);
  }
  for (const m of game.history()) g.move(m);
  const engineName = (who) => "cb2026 " + stageName(who);
  const white = mode() === "engines" ? engineName("a") : humanColor() === "w" ? "Reader" : engineName("a");
  const black = mode() === "engines" ? engineName("b") : humanColor() === "b" ? "Reader" : engineName("a");
  g.setHeader("Event", "cb2026 play page");
  g.setHeader("Site", location.origin + location.pathname);
  g.setHeader("White", white);
  g.setHeader("Black", black);
  g.setHeader("Date", new Date().toISOString().slice(0, 10).replaceAll("-", "."));
  g.setHeader("Result", result());
  return g.pgn();
}

async function copy(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    say(`${what} copied.`);
  } catch {
    $("fen").value = text;
    say(`${what} could not be copied here: it is in the position box.`);
  }
}

// restart starts the engines again, at the stages and switches shown, and
// goes on with the game on the board.
async function restart() {
  engines.a.terminate();
  engines.b.terminate();
  problem = "";
  thinking = false;
  $("problem").hidden = true;
  gameID++;
  say("Restarting the engine…");
  try {
    await engines.a.boot();
    await configure(engines.a, $("stage").value, changed);
    if (mode() === "engines") {
      await engines.b.boot();
      await configure(engines.b, $("stage-b").value, {});
    }
  } catch {
    return;
  }
  update();
  next();
}

async function startMatch() {
  try {
    if (!engines.b.worker || engines.b.dead) await engines.b.boot();
    await configure(engines.b, $("stage-b").value, {});
  } catch {
    return;
  }
  gameID++;
  thinking = false;
  update();
  next();
}

function showMode() {
  const ee = mode() === "engines";
  $("side-label").hidden = ee;
  $("stage-b-label").hidden = !ee;
  $("start").hidden = !ee;
  $("switches-of").textContent = ee ? "White's engine" : "the engine";
  $("stage-a-name").textContent = ee ? "White's stage" : "Stage";
  update();
}

// fromAddress reads the address's choices; what the engine does not know
// is refused, with a message, and left as it was.
function fromAddress(stages) {
  const q = new URLSearchParams(location.search);
  const refused = [];
  const stageOK = (v) => stages.includes(v);
  if (q.has("stage")) {
    if (stageOK(q.get("stage"))) $("stage").value = q.get("stage");
    else refused.push(`stage "${q.get("stage")}" is not one the engine plays (${stages[0]} … ${stages[stages.length - 1]}; stages 1 and 2 have no search)`);
  }
  if (q.has("b")) {
    if (stageOK(q.get("b"))) {
      $("stage-b").value = q.get("b");
      $("mode").value = "engines";
    } else refused.push(`stage "${q.get("b")}" for Black is not one the engine plays`);
  }
  if (q.get("side") === "black") $("side").value = "black";
  for (const kind of ["movetime", "depth"]) {
    if (q.has(kind) && Number(q.get(kind)) >= 1) {
      $("limit").value = kind;
      $("limit-value").value = String(Math.floor(Number(q.get(kind))));
    }
  }
  const known = new Set(switchOptions(engines.a.options).map((o) => o.name));
  const sw = {};
  for (const [key, value] of [["off", "false"], ["on", "true"]]) {
    for (const name of (q.get(key) || "").split(",").filter((n) => n)) {
      if (known.has(name)) sw[name] = value;
      else refused.push(`switch "${name}" is not one of the engine's (${[...known].join(", ")})`);
    }
  }
  return {fen: q.get("fen") || "", switches: sw, refused};
}

async function main() {
  board = new Chessboard($("board"), {
    position: FEN.start,
    assetsUrl: "assets/vendor/cm-chessboard/assets/",
    style: {borderType: BORDER_TYPE.none, animationDuration: 150, pieces: {file: "pieces/standard.svg"}},
    extensions: [{class: Markers, props: {autoMarkers: null}}, {class: PromotionDialog}],
  });
  $("new").onclick = () => newGame();
  $("undo").onclick = undo;
  $("flip").onclick = () => board.setOrientation(board.getOrientation() === COLOR.white ? COLOR.black : COLOR.white);
  // "Engine, move" gives the side to move to the engine, and the other
  // side to the reader.
  $("go").onclick = () => {
    if (thinking || problem) return;
    if (mode() === "human" && game.turn() === humanColor()) {
      $("side").value = game.turn() === "w" ? "black" : "white";
      board.setOrientation(humanColor() === "w" ? COLOR.white : COLOR.black);
    }
    engineMove();
  };
  $("copy-fen").onclick = () => copy(game.fen(), "FEN");
  $("copy-pgn").onclick = () => copy(pgn(), "PGN");
  $("restart").onclick = restart;
  $("fen-form").onsubmit = (e) => {
    e.preventDefault();
    if (!thinking) quietly(setUp($("fen").value));
  };
  $("mode").onchange = showMode;
  $("side").onchange = () => newGame(new Chess(startFEN));
  $("stage").onchange = () => quietly(setStage());
  $("stage-b").onchange = () => {
    if (engines.b.worker) quietly(configure(engines.b, $("stage-b").value, {}));
  };
  $("start").onclick = startMatch;
  update();

  await engines.a.boot();
  const stages = stageValues(engines.a.options);
  for (const sel of [$("stage"), $("stage-b")]) {
    for (const v of stages) sel.add(new Option(v === "main" ? "main" : "stage " + v, v));
    sel.value = "main";
  }
  const addr = fromAddress(stages);
  changed = addr.switches;
  await configure(engines.a, $("stage").value, changed);
  await showSwitches();
  showMode();
  if (addr.fen && !(await setUp(addr.fen))) addr.refused.push("the address's position was refused");
  if (addr.refused.length) showProblem("Refused: " + addr.refused.join("; "));
  else update();
  if (mode() === "engines") await startMatch();
  else next();
}

// cb2026Play is what the site's browser test drives: the engine's own
// commands (bench, perft) and the page's state.
const ready = main().catch((err) => {
  if (!problem) showProblem(String(err && err.message ? err.message : err));
});
window.cb2026Play = {
  ready,
  state: () => ({fen: game.fen(), moves: game.history({verbose: true}).map((m) => m.lan), thinking, problem, status: $("status").textContent}),
  bench: async (stage) => {
    await engines.a.command(`setoption name Stage value ${stage}`);
    const lines = await engines.a.ask(["bench"], (l) => / nodes \d+ nps$/.test(l), depthMS);
    await configure(engines.a, $("stage").value, changed);
    return lines[lines.length - 1];
  },
  post: (line) => engines.a.worker.postMessage(line),
  hangAfter: (ms) => {
    depthMS = ms;
  },
  perft: async (depth) => {
    const lines = await engines.a.ask(["position startpos", `go perft ${depth}`], (l) => l.startsWith("Nodes searched"), depthMS);
    return lines[lines.length - 1];
  },
};
