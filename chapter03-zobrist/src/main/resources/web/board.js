// The web board's script: the same file in every chapter. The page holds the game (a FEN
// and the moves since); the server checks every move, and searches with its chapter's search.
// A link is a position: ?fen=...&moves=h2e2+h9g7 sets it up, &go=1 lets the engine move at once
// (&depth=D and &compare=1 are read too), &lang=zh or &lang=en picks the page's language.
'use strict';

const SVG = 'http://www.w3.org/2000/svg';
const STEP = 60;          // distance between two lines of the board, in SVG units
const LEFT = 60;          // x of file a (red's left) when red is at the bottom
const TOP = 60;           // y of rank 9 (black's back rank) when red is at the bottom
const NAMES = {           // red's chariot and horse 俥 傌, black's cannon 砲: no two pieces alike
  K: '帅', A: '仕', B: '相', N: '傌', R: '俥', C: '炮', P: '兵',
  k: '将', a: '士', b: '象', n: '马', r: '车', c: '砲', p: '卒'
};
const RED_FILES = '九八七六五四三二一';  // red counts files from its right, in Chinese numerals

const $ = id => document.getElementById(id);

// Who this tab is to the server (issue 38): an id made up once and kept for the tab's life
// (sessionStorage: a reload keeps it, another tab gets its own), sent with each search, poll
// and stop, so that the server keeps each student's search apart and one's stop ends only
// their own. Random, not secret: it names a tab, it does not prove one.
const CLIENT = (() => {
  const made = () => Array.from(crypto.getRandomValues(new Uint8Array(12)),
    byte => byte.toString(16).padStart(2, '0')).join('');
  try {
    const kept = sessionStorage.getItem('xiangqi-client') || made();
    sessionStorage.setItem('xiangqi-client', kept);
    return kept;
  } catch (error) {
    return made();                               // storage refused (a private window): this page's own
  }
})();

// The address others can open this board at, as 'http://host:port', or null: this page's own
// where it was opened from the network; where it was opened on the lectern's machine
// (localhost, 127.x, ::1), the first network address the server announced, if it serves one.
function reachableOrigin() {
  const host = location.hostname.replace(/^\[|\]$/g, '');
  const loopback = host === 'localhost' || host === '::1' || /^127\./.test(host);
  if (!loopback) {
    return location.origin;
  }
  const join = (state.chapter && state.chapter.join) || [];
  return join.length > 0 ? join[0].replace(/\/$/, '') : null;
}

// An address of this page, made one others can open (see reachableOrigin).
function reachable(address) {
  const origin = reachableOrigin();
  return origin && address.startsWith(location.origin) ? origin + address.slice(location.origin.length) : address;
}
const state = {
  chapter: null,        // what /api/chapter said
  fen: '',              // the position set up ('' is the start position)
  moves: [],            // the moves played since, as h2e2
  view: null,           // what /api/position said about them
  human: 'red',         // the side the player moves
  flipped: false,       // black at the bottom
  selected: -1,         // the square of the piece picked up, or -1
  thinking: 0,          // the id of the search running, or 0
  comparing: false,     // its comparison runs: stop ends that in every chapter
  queued: false,        // it waits for a searcher: stop takes it out of the queue, in every chapter
  nodes: {},            // ply -> nodes the engine searched for the move it played there
  result: null,         // the last search's answer, shown again in another language
  lang: 'en',           // the page's language: 'en' or 'zh'
  langChosen: false     // picked by the reader (or the link): then the link keeps it
};

// The page's words in both languages, {en: {...}, zh: {...}}, from /text.json. Static text
// carries data-i18n="key" (data-i18n-title, -placeholder, -aria-label for attributes).
const TEXT = {en: {}, zh: {}};

// The text for key in the page's language, with each {name} filled in from values.
function t(key, values = {}) {
  const text = TEXT[state.lang][key] ?? TEXT.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => String(values[name] ?? whole));
}

// A score in the page's one notation (issue 39): the server's UCI form (cp 35, mate 2, mate -1) or
// short form (35, M2, M-1) as 35 / M2 / -M1 in English, 35 分 / 两步杀 / 被一步杀 in Chinese; a
// bare number stays bare where {@code unit} is false (inside a window or a comparison).
function scoreWords(score, unit = true) {
  const text = String(score).replace(/^cp /, '');
  const mate = /^(?:mate |M)(-?)(\d+)$/.exec(text);
  const zh = state.lang === 'zh';
  if (mate) {
    return zh ? (mate[1] ? '被' : '') + chineseCount(Number(mate[2])) + '步杀' : mate[1] + 'M' + mate[2];
  }
  return zh && unit && /^-?\d+$/.test(text) ? text + ' 分' : text;
}

// 1 to 99 as a Chinese count before a measure word: 一, 两, 三 ... 十, 十一 ... 九十九.
function chineseCount(n) {
  const digits = '〇一二三四五六七八九';
  if (n === 2) {
    return '两';
  }
  if (n < 10) {
    return digits[n];
  }
  if (n < 100) {
    return (n >= 20 ? digits[Math.floor(n / 10)] : '') + '十' + (n % 10 ? digits[n % 10] : '');
  }
  return String(n);
}

// Switches the page to 'en' or 'zh': its static words, then everything drawn from the game;
// the html element's lang follows, and a 'languagechange' event tells the rest of the page.
function setLanguage(lang, chosen) {
  state.lang = lang;
  state.langChosen = state.langChosen || chosen;
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  for (const element of document.querySelectorAll('[data-i18n]')) {
    element.textContent = t(element.dataset.i18n);
  }
  for (const attribute of ['title', 'placeholder', 'aria-label']) {
    for (const element of document.querySelectorAll('[data-i18n-' + attribute + ']')) {
      element.setAttribute(attribute, t(element.getAttribute('data-i18n-' + attribute)));
    }
  }
  for (const button of document.querySelectorAll('#lang-switch button')) {
    button.setAttribute('aria-pressed', String(button.dataset.lang === lang));
  }
  if (state.langChosen) {                         // the address follows at once: watch mode's link is made from it
    const address = new URLSearchParams(location.search);
    address.set('lang', lang);
    history.replaceState(null, '', '?' + address + location.hash);
  }
  if (state.chapter) {
    showChapter();
    showJoin();
  }
  if (state.view) {
    render();
  }
  if (state.result) {
    showResult(state.result);
  }
  for (const score of document.querySelectorAll('#lines td[data-score]')) {
    score.textContent = scoreWords(score.dataset.score);
  }
  document.dispatchEvent(new Event('languagechange'));
}

// The language a page opens in: the link's, else Chinese if the browser prefers it to English.
function firstLanguage(link) {
  const asked = link.get('lang');
  if (asked === 'zh' || asked === 'en') {
    return asked;
  }
  const preferred = (navigator.languages || [navigator.language || 'en'])
    .find(language => /^(zh|en)\b/i.test(language)) || 'en';
  return preferred.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

function squareOf(name) {
  return (name.charCodeAt(1) - 48) * 9 + (name.charCodeAt(0) - 97);
}

function place(square) {
  let file = square % 9;
  let rank = Math.floor(square / 9);
  if (state.flipped) {
    file = 8 - file;
    rank = 9 - rank;
  }
  return [LEFT + file * STEP, TOP + (9 - rank) * STEP];
}

function make(tag, attributes, parent, text) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) {
    element.setAttribute(name, value);
  }
  if (text !== undefined) {
    element.textContent = text;
  }
  parent.appendChild(element);
  return element;
}

function line(x1, y1, x2, y2, parent, className) {
  const attributes = {x1, y1, x2, y2};
  if (className) {
    attributes.class = className;
  }
  return make('line', attributes, parent);
}

// The lines, the river, the palaces, the coordinates: everything that does not move.
function drawGrid(svg) {
  const grid = make('g', {class: 'grid'}, svg);
  const right = LEFT + 8 * STEP;
  const bottom = TOP + 9 * STEP;
  make('rect', {x: LEFT - 8, y: TOP - 8, width: 8 * STEP + 16, height: 9 * STEP + 16,
    fill: '#e8c98f', stroke: '#5a3d1e', 'stroke-width': 3}, grid);
  for (let row = 0; row < 10; row++) {
    line(LEFT, TOP + row * STEP, right, TOP + row * STEP, grid, row === 0 || row === 9 ? 'frame' : '');
  }
  for (let column = 0; column < 9; column++) {
    const x = LEFT + column * STEP;
    const edge = column === 0 || column === 8;
    if (edge) {
      line(x, TOP, x, bottom, grid, 'frame');
    } else {                                   // the river cuts the inner files
      line(x, TOP, x, TOP + 4 * STEP, grid);
      line(x, TOP + 5 * STEP, x, bottom, grid);
    }
  }
  for (const row of [0, 7]) {                  // the palaces' diagonals
    const y = TOP + row * STEP;
    line(LEFT + 3 * STEP, y, LEFT + 5 * STEP, y + 2 * STEP, grid);
    line(LEFT + 5 * STEP, y, LEFT + 3 * STEP, y + 2 * STEP, grid);
  }
  // The cannons' and soldiers' starting points, marked at their corners.
  const marks = [[1, 2], [7, 2], [0, 3], [2, 3], [4, 3], [6, 3], [8, 3]];
  for (const [column, row] of marks.concat(marks.map(([c, r]) => [c, 9 - r]))) {
    const x = LEFT + column * STEP;
    const y = TOP + row * STEP;
    for (const dx of [-1, 1]) {
      if ((dx < 0 && column === 0) || (dx > 0 && column === 8)) {
        continue;
      }
      for (const dy of [-1, 1]) {
        make('polyline', {points: [x + dx * 14, y + dy * 5, x + dx * 5, y + dy * 5,
          x + dx * 5, y + dy * 14].join(' ')}, grid);
      }
    }
  }
  const riverY = TOP + 4.5 * STEP + 10;
  make('text', {x: LEFT + 2 * STEP, y: riverY, 'text-anchor': 'middle', class: 'river'}, svg, '楚 河');
  make('text', {x: LEFT + 6 * STEP, y: riverY, 'text-anchor': 'middle', class: 'river'}, svg, '汉 界');
  // Coordinates: the files as each side counts them (red 九..一 at red's side, black 1..9 at
  // black's), the letters and rank digits of the moves such as h2e2.
  for (let column = 0; column < 9; column++) {
    const file = state.flipped ? 8 - column : column;
    const x = LEFT + column * STEP;
    const red = RED_FILES[file];
    const black = String(file + 1);
    make('text', {x, y: TOP - 32, 'text-anchor': 'middle', class: 'coord'}, svg, state.flipped ? red : black);
    make('text', {x, y: bottom + 42, 'text-anchor': 'middle', class: 'coord'}, svg, state.flipped ? black : red);
    make('text', {x, y: bottom + 62, 'text-anchor': 'middle', class: 'coord uci'}, svg,
      String.fromCharCode(97 + file));
  }
  for (let row = 0; row < 10; row++) {
    const rank = state.flipped ? row : 9 - row;
    make('text', {x: LEFT - 40, y: TOP + row * STEP + 5, 'text-anchor': 'middle', class: 'coord uci'}, svg,
      String(rank));
  }
}

// The whole board from state.view: grid, last move, pieces, the picked piece's targets.
function drawBoard() {
  const svg = $('board');
  svg.textContent = '';
  drawGrid(svg);
  const view = state.view;
  if (!view) {
    return;
  }
  if (view.moves.length > 0) {
    const last = view.moves[view.moves.length - 1];
    for (const square of [squareOf(last.slice(0, 2)), squareOf(last.slice(2))]) {
      const [x, y] = place(square);
      make('rect', {x: x - 29, y: y - 29, width: 58, height: 58, rx: 6, class: 'last'}, svg);
    }
  }
  const targets = targetsOf(state.selected);
  for (let square = 0; square < 90; square++) {
    const letter = view.board[square];
    if (letter === '.') {
      continue;
    }
    const red = letter === letter.toUpperCase();
    const [x, y] = place(square);
    const classes = ['piece', red ? 'red' : 'black'];
    if (square === state.selected) {
      classes.push('selected');
    }
    if (canMoveFrom(square)) {
      classes.push('movable');
    }
    if (view.check && (letter === 'K' || letter === 'k') && (red ? 'red' : 'black') === view.side) {
      classes.push('check');
    }
    const piece = make('g', {class: classes.join(' ')}, svg);
    make('circle', {cx: x, cy: y, r: 27, class: 'outer'}, piece);
    make('circle', {cx: x, cy: y, r: 22.5, class: 'inner'}, piece);
    make('text', {x, y: y + 11, 'text-anchor': 'middle'}, piece, NAMES[letter]);
  }
  for (const square of targets) {
    const [x, y] = place(square);
    if (view.board[square] === '.') {
      make('circle', {cx: x, cy: y, r: 9, class: 'target'}, svg);
    } else {
      make('circle', {cx: x, cy: y, r: 30, class: 'target-ring'}, svg);
    }
  }
}

function canMoveFrom(square) {
  const view = state.view;
  return view && !view.over && !state.thinking && view.side === state.human
    && view.legal.some(move => squareOf(move.slice(0, 2)) === square);
}

function targetsOf(square) {
  if (square < 0 || !state.view) {
    return [];
  }
  return state.view.legal.filter(move => squareOf(move.slice(0, 2)) === square)
    .map(move => squareOf(move.slice(2)));
}

// A click on the board: pick up a piece of the player's, or put the picked one down.
function clicked(event) {
  const svg = $('board');
  const point = svg.createSVGPoint();
  point.x = event.clientX;
  point.y = event.clientY;
  const at = point.matrixTransform(svg.getScreenCTM().inverse());
  let column = Math.round((at.x - LEFT) / STEP);
  let row = Math.round((at.y - TOP) / STEP);
  if (column < 0 || column > 8 || row < 0 || row > 9) {
    return;
  }
  const file = state.flipped ? 8 - column : column;
  const rank = state.flipped ? row : 9 - row;
  const square = rank * 9 + file;
  if (state.selected >= 0 && targetsOf(state.selected).includes(square)) {
    const move = squareName(state.selected) + squareName(square);
    state.selected = -1;
    play(state.moves.concat([move]));
    return;
  }
  state.selected = canMoveFrom(square) && square !== state.selected ? square : -1;
  drawBoard();
}

function squareName(square) {
  return String.fromCharCode(97 + square % 9) + Math.floor(square / 9);
}

function gameQuery(fen, moves) {
  const query = new URLSearchParams();
  if (fen) {
    query.set('fen', fen);
  }
  if (moves.length > 0) {
    query.set('moves', moves.join(' '));
  }
  return query;
}

// Asks the server about a game; on success it becomes the game, on refusal the old one stays.
async function setGame(fen, moves) {
  const asked = gameQuery(fen, moves);
  asked.set('lang', state.lang);                 // the end of the game, in the page's language
  const answer = await fetch('/api/position?' + asked);
  if (!answer.ok) {
    showError(await answer.text());
    return false;
  }
  state.fen = fen;
  state.moves = moves;
  state.view = await answer.json();
  state.selected = -1;
  clearError();
  const link = gameQuery(fen, moves);
  if (state.langChosen) {
    link.set('lang', state.lang);
  }
  const watching = location.hash.startsWith('#watch') ? location.hash : '';   // a language switch in watch mode stays there
  history.replaceState(null, '', '?' + link + watching);
  $('link').href = reachable(location.origin + location.pathname + '?' + link);
  render();
  return true;
}

// Plays a game and, if it is then the engine's turn, lets the engine move.
async function play(moves) {
  if (await setGame(state.fen, moves)) {
    engineIfItsTurn();
  }
}

function engineIfItsTurn() {
  if (state.view && !state.view.over && !state.thinking && state.view.side !== state.human) {
    think();
  }
}

function render() {
  drawBoard();
  const view = state.view;
  const list = $('moves');
  list.textContent = '';
  const blackFirst = view.fen.split(' ')[1] === 'b';
  let item = null;
  view.chinese.forEach((text, ply) => {
    const index = blackFirst ? ply + 1 : ply;
    if (index % 2 === 0 || item === null) {
      item = document.createElement('li');
      list.appendChild(item);
      if (index % 2 === 1) {
        item.append('… ');
      }
    }
    const move = document.createElement('span');
    move.textContent = text + ' ';
    move.title = view.moves[ply];
    item.appendChild(move);
    if (state.nodes[ply] !== undefined) {
      const nodes = document.createElement('span');
      nodes.className = 'nodes';
      nodes.textContent = t('moves.nodes', {nodes: number(state.nodes[ply])});
      item.appendChild(nodes);
    }
  });
  $('over').hidden = !view.over;
  $('over-text').textContent = view.over || '';
  $('repeated').hidden = !view.repetitionNote;    // from chapter 6: what a third occurrence would bring
  $('repeated-text').textContent = view.repetitionNote || '';
  const side = t(view.side === 'red' ? 'status.red' : 'status.black');
  $('status').textContent = view.over ? t('status.over')
    : state.thinking ? t('status.thinking', {side})
      : t('status.toMove', {side}) + t(view.side === state.human ? 'status.you' : 'status.engine')
        + (view.check ? t('status.check') : '');
  const busy = state.thinking !== 0;
  for (const id of ['new', 'back', 'go', 'side']) {
    $(id).disabled = busy;
  }
  $('fen-form').querySelector('button').disabled = busy;
  $('go').disabled = busy || !!view.over;
  $('stop').hidden = !busy || !(state.chapter.timed || state.comparing || state.queued);
  if (typeof classMoved === 'function') {
    classMoved();                                // a class session's students follow the board (class.js)
  }
}

function showError(text) {
  $('error').textContent = text.trim();
  $('error').hidden = false;
}

function clearError() {
  $('error').hidden = true;
}

function cell(row, text, className) {
  const td = document.createElement('td');
  td.textContent = text;
  if (className) {
    td.className = className;
  }
  row.appendChild(td);
  return td;
}

function number(value) {
  return Number(value).toLocaleString('en-US');
}

// The engine's turn: start this chapter's search, then show each of its lines as it comes.
async function think() {
  const query = gameQuery(state.fen, state.moves);
  query.set('depth', $('depth').value);
  const movetime = Number($('movetime').value);
  if (state.chapter.timed && movetime > 0) {
    query.set('movetime', String(movetime));
  }
  query.set('compare', $('compare').checked ? '1' : '0');
  query.set('client', CLIENT);
  const started = await fetch('/api/search?' + query, {method: 'POST'});
  if (!started.ok) {
    showError(await started.text());
    return;
  }
  const id = (await started.json()).id;
  const moves = state.moves;
  state.thinking = id;
  state.result = null;
  clearSearch();
  clearError();
  render();
  let result = null;
  let since = 0;
  let deepest = 0;                               // the depth the comparison runs at: the last line's
  let waited = 0;                                // ms in the queue before a searcher took it
  while (result === null) {
    const answer = await fetch('/api/search?id=' + id + '&since=' + since + '&client=' + CLIENT);
    if (!answer.ok) {
      showError(await answer.text());
      break;
    }
    const news = await answer.json();
    $('summary').textContent = news.queued > 0    // waiting for a searcher: the place, and how long so far
      ? t('engine.queued', {place: news.queued, seconds: (news.waited / 1000).toFixed(1)}) : '';
    waited = news.waited;
    if ((news.queued > 0) !== state.queued) {
      state.queued = news.queued > 0;
      render();                                  // the stop button, while it waits
    }
    for (const event of news.events) {
      const row = document.createElement('tr');
      if (event.note) {
        const note = event.comparing ? t('result.comparing', {earlier: t('method:' + state.chapter.earlier),
          depth: deepest}) : event.note;
        cell(row, note, 'note').colSpan = 5;
        if (event.comparing) {
          state.comparing = true;
          render();
        }
      } else {
        deepest = event.depth;
        cell(row, event.depth);
        cell(row, number(event.nodes));
        cell(row, number(event.millis));
        cell(row, scoreWords(event.score)).dataset.score = event.score;   // written again in the other language
        cell(row, event.pv);
      }
      $('lines').appendChild(row);
    }
    since = news.next;
    if (news.done) {
      result = news.result;
    }
  }
  state.thinking = 0;
  state.comparing = false;
  state.queued = false;
  if (result === null || result.error) {
    if (result) {
      showError(result.error);
    }
    render();
    return;
  }
  result.waited = waited;
  state.result = result;
  showResult(result);
  state.nodes[moves.length] = result.nodes;
  if (result.bestmove !== '0000' && state.moves === moves) {
    await play(moves.concat([result.bestmove]));
  } else {
    render();
  }
}

// Empties the search's panel: a new search, or a game the last search no longer belongs to.
function clearSearch() {
  state.result = null;
  for (const id of ['lines', 'summary', 'comparison', 'bestmove', 'bestmove-chinese']) {
    $(id).textContent = '';
  }
}

function showResult(result) {
  for (const note of $('lines').querySelectorAll('td.note')) {
    note.parentElement.remove();                 // "comparing..." is answered below the table
  }
  $('bestmove').textContent = result.bestmove;
  $('bestmove-chinese').textContent = result.chinese || t('result.noMove');
  $('summary').textContent = t('result.summary', {depth: result.depth, nodes: number(result.nodes),
    millis: number(result.millis), nps: number(result.nps)})
    + (result.waited >= 100 ? t('result.waited', {seconds: (result.waited / 1000).toFixed(1)}) : '');
  const chapter = state.chapter;
  if (result.earlierNodes !== undefined) {
    const ratio = result.earlierNodes / Math.max(1, result.nodes);
    $('comparison').textContent = t('result.comparison', {depth: result.depth,
      earlier: t('method:' + chapter.earlier), earlierNodes: number(result.earlierNodes),
      earlierMillis: number(result.earlierMillis), method: t('method:' + chapter.method),
      nodes: number(result.nodes), ratio: ratio.toFixed(2)});
  } else if (result.compareNote) {
    $('comparison').textContent = notCompared(result);
  }
}

// Why there is no comparison, in the page's language; the server's compareNote says it in
// English for other clients, and is shown as it is for a reason this page does not know.
function notCompared(result) {
  const earlier = t('method:' + state.chapter.earlier);
  switch (result.notCompared) {
    case 'deeper': return t('result.notComparedDeeper', {earlier, depth: result.compareDepth});
    case 'busy': return t('result.notComparedBusy', {id: result.compareSearch});
    case 'stopped': return t('result.notComparedStopped');
    case 'cutShort': return t('result.comparisonCutShort', {earlier, depth: result.compareDepth});
    case 'unread': return t('result.comparisonUnread', {earlier, depth: result.compareDepth});
    default: return result.compareNote;
  }
}

// What the teacher lets a search take (serve --max-depth, --max-movetime), and where the class
// joins: the address others can open, as a link and a QR code drawn here (qr.js).
function showJoin() {
  const chapter = state.chapter;
  $('caps').textContent = chapter.timed
    ? t('caps.timed', {depth: chapter.maxDepth, seconds: chapter.maxMovetime / 1000})
    : t('caps.depth', {depth: chapter.maxDepth});
  const origin = reachableOrigin();
  if ($('join').hidden && origin !== null) {     // first shown: open on the lectern's page, folded on a student's
    $('join').open = origin !== location.origin;
  }
  $('join').hidden = origin === null;
  const address = origin + '/' + (typeof classJoinQuery === 'function' ? classJoinQuery() : '');   // class.js
  if (origin !== null && $('join-link').textContent !== address) {
    $('join-link').textContent = address;
    $('join-link').href = address;
    $('join-qr').replaceChildren(qrSvg(address));
  }
}

// The chapter's name and method in the heading and the window's title.
function showChapter() {
  const chapter = t('chapter:' + state.chapter.chapter); // the module's name; 第 N 章 on the Chinese page
  document.title = t('page.chapterTitle', {chapter});
  $('chapter').textContent = chapter;
  $('method').textContent = '· ' + t('method:' + state.chapter.method);
}

async function start() {
  const [chapter, text] = await Promise.all([fetch('/api/chapter'), fetch('/text.json')]
    .map(async answer => (await answer).json()));
  Object.assign(TEXT, text);
  state.chapter = chapter;
  const link = new URLSearchParams(location.search);
  setLanguage(firstLanguage(link), ['en', 'zh'].includes(link.get('lang')));
  for (const button of document.querySelectorAll('#lang-switch button')) {
    button.addEventListener('click', () => {
      setLanguage(button.dataset.lang, true);
      if (state.view) {
        setGame(state.fen, state.moves);         // the ruling in the new language, and the link
      }
    });
  }
  const depth = $('depth');
  const wanted = Number(link.get('depth')) || chapter.defaultDepth;
  for (let d = 1; d <= Math.min(chapter.deepest, chapter.maxDepth); d++) {
    const option = new Option(String(d), String(d), false, d === wanted);
    depth.add(option);
  }
  $('time-control').hidden = !chapter.timed;
  $('movetime').max = String(chapter.maxMovetime);
  showJoin();
  $('compare').checked = link.get('compare') === '1';
  $('board').addEventListener('click', clicked);
  $('flip').addEventListener('click', () => {
    state.flipped = !state.flipped;
    drawBoard();
  });
  $('side').addEventListener('change', () => {
    state.human = $('side').value;
    state.flipped = state.human === 'black';
    render();
    engineIfItsTurn();
  });
  $('new').addEventListener('click', () => {
    state.nodes = {};
    clearSearch();
    play([]);
  });
  $('back').addEventListener('click', () => {
    const moves = state.moves.slice(0, -1);
    const blackFirst = state.view.fen.split(' ')[1] === 'b';
    const sideToMove = (moves.length % 2 === 0) !== blackFirst ? 'red' : 'black';
    if (sideToMove !== state.human && moves.length > 0) {
      moves.pop();                               // back to the player's turn
    }
    clearSearch();
    setGame(state.fen, moves);
  });
  $('go').addEventListener('click', () => {
    if (state.view && !state.view.over && !state.thinking) {
      state.human = state.view.side === 'red' ? 'black' : 'red';
      $('side').value = state.human;
      think();
    }
  });
  $('stop').addEventListener('click', async () => {
    const answer = await fetch('/api/stop?client=' + CLIENT, {method: 'POST'});
    if (!answer.ok) {
      showError(await answer.text());
    }
  });
  $('fen-form').addEventListener('submit', event => {
    event.preventDefault();
    state.nodes = {};
    clearSearch();
    setGame($('fen').value.trim(), []).then(ok => ok && engineIfItsTurn());
  });
  const fen = link.get('fen') || '';
  const moves = (link.get('moves') || '').split(/[\s,]+/).filter(word => word.length > 0);
  $('fen').value = fen;
  const linked = await setGame(fen, moves);
  if (!linked) {
    const refused = $('error').textContent;     // a broken link: show why, on the start position
    await setGame('', []);
    showError(refused);
  }
  if (linked && link.get('go') === '1' && !state.view.over) {
    state.human = state.view.side === 'red' ? 'black' : 'red';
    $('side').value = state.human;
    state.flipped = state.human === 'black';
    drawBoard();
    think();
  }
}

start().catch(error => showError(TEXT.en.error ? t('error', {message: error}) : 'error: ' + error));
