// Watch mode (issue 24): the same file in every chapter. One request, /api/watch, returns every
// node the chapter's search visited, in the order it entered them, with the window, the value
// and what ended each, recorded in Java by the tree command's recorder. This script only
// replays that list: it steps into and out of the nodes, draws each node's position, and says
// in one sentence what happened. It computes no search of its own.
// A link reopens the same search at the same step: #watch&depth=D&step=S after the game's
// query (?fen=..&moves=..). Uses board.js's drawing helpers (make, place, drawGrid, NAMES, $)
// and its board's measures (STEP, LEFT, TOP).
'use strict';

// Every word watch mode shows, in English and in Chinese; the page's language picks one.
const WATCH_TEXT = {
  en: {
    open: 'watch the search',
    openTitle: 'step through this chapter\'s real search of the position, node by node',
    title: 'Watch the search',
    close: 'back to the game',
    depth: 'depth',
    start: '|◀ start',
    back: '◀ back',
    step: 'step ▶',
    play: '▶▶ play',
    pause: '❚❚ pause',
    speed: 'speed',
    perSecond: n => n + ' steps/s',
    out: 'finish node ⤴',
    outTitle: 'run on until the current node returns',
    end: 'to the end ▶|',
    link: 'link to this step',
    keys: '← → step · ↑ finish node · space: play / pause',
    stepOf: (s, n) => 'step ' + s + ' of ' + n,
    loading: 'searching...',
    summary: (w, cuts) => w.nodes + ' nodes, ' + (cuts ? w.cutoffs + (w.cutoffs === 1 ? ' cut-off, ' : ' cut-offs, ') : '')
      + 'root value ' + w.rootValueText,
    compare: (w, ratio) => 'compare: ' + w.earlier + ', ' + w.earlierNodes.toLocaleString('en-US')
      + ' for the same position and depth (' + ratio + '× this chapter\'s)',
    badLink: 'This link\'s step is not in this search, so it starts from the beginning: ',
    ready: 'Press step (→) or play (space) to watch the search enter the root.',
    root: 'root',
    iterationRoot: k => 'root, iteration ' + k,
    window: (a, b) => '(α, β) = (' + a + ', ' + b + ')',
    enterRoot: (v, win) => 'The search starts at the root, to depth ' + v.depth + (win ? ', with the window ' + win : '') + '.',
    enterIteration: (v, win) => 'Iteration ' + v.iteration + ' starts at the root, to depth ' + v.depth
      + (win ? ', with the window ' + win : '') + '.',
    enter: (v, win) => v.move + ' ' + v.chinese + ': the search enters this node'
      + (v.depth > 0 ? ', depth ' + v.depth + ' left' : ', a leaf (depth 0)') + (win ? ', window ' + win : '') + '.',
    rootReturns: v => 'The root returns ' + v.valueText + ': that is the search\'s answer'
      + (v.iteration ? ' in iteration ' + v.iteration : '') + '.',
    leaf: v => v.move + ' is a leaf: the evaluation gives ' + v.valueText + ' for the side to move.',
    searched: (v, n) => v.move + ' is searched: all ' + n + ' moves tried, it returns ' + v.valueText + '.',
    cut: (v, c) => (v.move ? 'After ' + v.move + ', the reply ' : 'At the root, ') + c.move + ' scores '
      + v.valueText + ' ≥ β = ' + v.beta + ': cut off, the other ' + v.untried + ' moves are never tried.',
    table: v => v.move + ' is answered by the transposition table: ' + v.valueText + ', without searching a move.',
    repetition: (v, ruling) => v.move + ' repeats an earlier position: the repetition ruling says ' + ruling
      + ', so the node scores ' + v.valueText + ' for the side to move.',
    mate: v => 'After ' + v.move + ' the side to move is checkmated (将死): ' + v.valueText + '.',
    stalemate: v => 'After ' + v.move + ' the side to move has no legal move (困毙) and loses: ' + v.valueText + '.',
    marks: {
      cut: v => '✂ cut-off: ' + v.untried + ' never tried',
      table: () => 'answered by the table',
      repetition: v => 'repetition: ' + (WATCH_TEXT.en.rulings[v.ruling] || v.ruling),
      leaf: () => 'leaf',
      mate: () => 'checkmate',
      stalemate: () => '困毙: no move',
      searched: () => ''
    },
    details: {
      ply: p => 'ply ' + p,
      depth: d => 'depth ' + d + ' left',
      key: k => 'key ' + k,
      stage: s => 'from the picker\'s stage: ' + s,
      iteration: i => 'iteration ' + i
    },
    stages: {},
    rulings: {draw: 'a draw', 'red-loses': 'red loses', 'black-loses': 'black loses',
      'draw-by-move-limit': 'a draw by the move limit'}
  },
  zh: {
    open: '观看搜索',
    openTitle: '逐个节点查看本章搜索这个局面的真实过程',
    title: '观看搜索过程',
    close: '回到对局',
    depth: '深度',
    start: '|◀ 开头',
    back: '◀ 后退',
    step: '前进 ▶',
    play: '▶▶ 播放',
    pause: '❚❚ 暂停',
    speed: '速度',
    perSecond: n => '每秒 ' + n + ' 步',
    out: '走完本节点 ⤴',
    outTitle: '一直前进，直到当前节点返回',
    end: '到结尾 ▶|',
    link: '本步链接',
    keys: '← → 单步 · ↑ 走完本节点 · 空格：播放 / 暂停',
    stepOf: (s, n) => '第 ' + s + ' 步，共 ' + n + ' 步',
    loading: '搜索中……',
    summary: (w, cuts) => w.nodes + ' 个节点，' + (cuts ? w.cutoffs + ' 次截断，' : '') + '根节点值 ' + w.rootValueText,
    compare: (w, ratio) => '对比：' + (TEXT.zh['method:' + w.earlier] || w.earlier) + '，同一局面同一深度 ' + w.earlierNodes.toLocaleString('en-US')
      + ' 个节点（本章的 ' + ratio + ' 倍）',
    badLink: '链接里的步数不在这次搜索之内，所以从头开始：',
    ready: '按“前进”（→）或“播放”（空格），看搜索进入根节点。',
    root: '根节点',
    iterationRoot: k => '根节点，第 ' + k + ' 轮迭代',
    window: (a, b) => '(α, β) = (' + a + ', ' + b + ')',
    enterRoot: (v, win) => '搜索从根节点开始，深度 ' + v.depth + (win ? '，窗口 ' + win : '') + '。',
    enterIteration: (v, win) => '第 ' + v.iteration + ' 轮迭代从根节点开始，深度 ' + v.depth
      + (win ? '，窗口 ' + win : '') + '。',
    enter: (v, win) => v.chinese + '（' + v.move + '）：搜索进入这个节点'
      + (v.depth > 0 ? '，还剩 ' + v.depth + ' 层' : '，这是叶节点（深度 0）') + (win ? '，窗口 ' + win : '') + '。',
    rootReturns: v => '根节点返回 ' + v.valueText + '：这就是搜索'
      + (v.iteration ? '第 ' + v.iteration + ' 轮迭代' : '') + '的结论。',
    leaf: v => v.chinese + '（' + v.move + '）是叶节点：局面评估为 ' + v.valueText + '（以轮走方计）。',
    searched: (v, n) => v.chinese + '（' + v.move + '）搜索完毕：' + n + ' 步着法都试过，返回 ' + v.valueText + '。',
    cut: (v, c) => (v.move ? v.chinese + '（' + v.move + '）之后，应着 ' : '在根节点，着法 ') + c.chinese + '（' + c.move
      + '）得 ' + v.valueText + ' ≥ β = ' + v.beta + '：截断，其余 ' + v.untried + ' 步着法不再尝试。',
    table: v => v.chinese + '（' + v.move + '）：置换表命中，直接得 ' + v.valueText + '，一步也不用搜。',
    repetition: (v, ruling) => v.chinese + '（' + v.move + '）重复了先前的局面：重复裁决为“' + ruling + '”，得 '
      + v.valueText + '。',
    mate: v => v.chinese + '（' + v.move + '）之后，轮走方被将死：' + v.valueText + '。',
    stalemate: v => v.chinese + '（' + v.move + '）之后，轮走方无着可走：困毙，判负，' + v.valueText + '。',
    marks: {
      cut: v => '✂ 截断：' + v.untried + ' 步未试',
      table: () => '置换表命中',
      repetition: v => '重复裁决：' + (WATCH_TEXT.zh.rulings[v.ruling] || v.ruling),
      leaf: () => '叶节点',
      mate: () => '将死',
      stalemate: () => '困毙',
      searched: () => ''
    },
    details: {
      ply: p => '第 ' + p + ' 层',
      depth: d => '还剩 ' + d + ' 层',
      key: k => '键值 ' + k,
      stage: s => '着法来自：' + (WATCH_TEXT.zh.stages[s] || s),
      iteration: i => '第 ' + i + ' 轮迭代'
    },
    stages: {hash: '置换表着法', captures: '吃子着法', 'killer 1': '杀手着法 1', 'killer 2': '杀手着法 2',
      quiets: '其余着法'},
    rulings: {draw: '和棋', 'red-loses': '红方判负', 'black-loses': '黑方判负', 'draw-by-move-limit': '限着判和'}
  }
};

const SPEEDS = [1, 2, 4, 8, 16];   // steps per second
const DEFAULT_WATCH_DEPTH = 2;      // from the start position, depth 2 stays within 2,000 nodes in every chapter

const watch = {
  open: false,
  data: null,          // what /api/watch said
  events: [],          // {node, enter}: each node entered once and left once, in the search's order
  enteredAfter: [],    // per step: how many nodes have been entered once that many events are shown
  returnStep: [],      // per node: the step at which it returns
  step: 0,             // how many events are shown
  timer: 0,            // the play timer, or 0
  speed: 4,
  rows: [],            // per node: its row in the tree
  note: ''             // a message about the link
};

function watchText() {
  return WATCH_TEXT[document.documentElement.lang.startsWith('zh') ? 'zh' : 'en'];
}

function element(tag, attributes, parent, text) {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    made.setAttribute(name, value);
  }
  if (text !== undefined) {
    made.textContent = text;
  }
  if (parent) {
    parent.appendChild(made);
  }
  return made;
}

// The watch panel and its button on the game's panel: made once, words set by watchLabels.
function buildWatch() {
  const open = element('button', {id: 'watch-open', type: 'button'});
  $('go').after(' ', open);
  open.addEventListener('click', () => openWatch(Number($('watch-depth').value) || DEFAULT_WATCH_DEPTH, null));
  const section = element('section', {id: 'watch', hidden: ''}, document.body);
  const side = element('div', {id: 'watch-board-side'}, section);
  element('div', {id: 'watch-board-box'}, side).appendChild(document.createElementNS(SVG, 'svg'));
  const svg = $('watch-board-box').firstChild;
  svg.setAttribute('id', 'watch-board');
  svg.setAttribute('viewBox', '0 0 600 668');
  element('p', {id: 'watch-line'}, side);
  const panel = element('div', {id: 'watch-panel'}, section);
  const head = element('div', {id: 'watch-head'}, panel);
  element('h1', {id: 'watch-title'}, head);
  element('button', {id: 'watch-close', type: 'button'}, head).addEventListener('click', closeWatch);
  const bar = element('div', {id: 'watch-bar'}, panel);
  const depthLabel = element('label', {}, bar);
  element('span', {id: 'watch-depth-label'}, depthLabel);
  const depth = element('select', {id: 'watch-depth'}, depthLabel);
  depth.addEventListener('change', () => openWatch(Number(depth.value), null));
  for (const [id, action] of [['watch-start', () => goTo(0)], ['watch-back', () => goTo(watch.step - 1)],
    ['watch-step', () => goTo(watch.step + 1)], ['watch-play', togglePlay], ['watch-out', finishNode],
    ['watch-end', () => goTo(watch.events.length)]]) {
    element('button', {id, type: 'button'}, bar).addEventListener('click', () => {
      if (id !== 'watch-play') {
        pause();
      }
      action();
    });
  }
  const speedLabel = element('label', {}, bar);
  element('span', {id: 'watch-speed-label'}, speedLabel);
  const speed = element('select', {id: 'watch-speed'}, speedLabel);
  speed.addEventListener('change', () => {
    watch.speed = Number(speed.value);
    if (watch.timer) {
      pause();
      togglePlay();
    }
  });
  const status = element('div', {id: 'watch-status'}, panel);
  element('span', {id: 'watch-counter'}, status);
  element('a', {id: 'watch-link', href: '#'}, status);
  element('span', {id: 'watch-keys'}, status);
  element('p', {id: 'watch-explain', role: 'status'}, panel);
  element('p', {id: 'watch-details'}, panel);
  element('p', {id: 'watch-error', role: 'alert', hidden: ''}, panel);
  element('p', {id: 'watch-summary'}, panel);
  element('div', {id: 'watch-tree'}, panel);
  document.addEventListener('keydown', watchKey);
  document.addEventListener('languagechange', () => {
    watchLabels();
    if (watch.data) {
      for (let i = 0; i < watch.rows.length; i++) {
        fillRow(i);
      }
      summarize();
      renderWatch();
    }
  });
  watchLabels();
}

// The words of the buttons and labels, in the page's language.
function watchLabels() {
  const text = watchText();
  $('watch-open').textContent = text.open;
  $('watch-open').title = text.openTitle;
  $('watch-title').textContent = text.title;
  $('watch-close').textContent = text.close;
  $('watch-depth-label').textContent = text.depth + ' ';
  $('watch-speed-label').textContent = text.speed + ' ';
  $('watch-start').textContent = text.start;
  $('watch-back').textContent = text.back;
  $('watch-step').textContent = text.step;
  $('watch-play').textContent = watch.timer ? text.pause : text.play;
  $('watch-out').textContent = text.out;
  $('watch-out').title = text.outTitle;
  $('watch-end').textContent = text.end;
  $('watch-link').textContent = text.link;
  $('watch-keys').textContent = text.keys;
  const speed = $('watch-speed');
  speed.textContent = '';
  for (const n of SPEEDS) {
    speed.add(new Option(text.perSecond(n), String(n), false, n === watch.speed));
  }
}

// Opens watch mode on the game's position: one request, then the replay starts at step
// {@code step} (a link's), or at 0.
async function openWatch(depth, step) {
  pause();
  watch.open = true;
  $('watch').hidden = false;
  document.querySelector('main').hidden = true;
  $('watch-close').before($('lang-switch'));     // the language switch comes along: main is hidden
  const select = $('watch-depth');
  if (select.options.length === 0) {
    for (let d = 1; d <= state.chapter.deepest; d++) {
      select.add(new Option(String(d), String(d)));
    }
  }
  select.value = String(depth);
  const text = watchText();
  $('watch-explain').textContent = text.loading;
  $('watch-error').hidden = true;
  watch.note = '';
  const query = gameQuery(state.fen, state.moves);
  query.set('depth', String(depth));
  if (step !== null) {
    query.set('step', String(step));
  }
  let answer = await fetch('/api/watch?' + query);
  if (!answer.ok && step !== null && answer.status === 400) {
    watch.note = text.badLink + (await answer.text()).trim();
    step = null;
    query.delete('step');
    answer = await fetch('/api/watch?' + query);
  }
  if (!answer.ok) {
    watch.data = null;
    $('watch-tree').textContent = '';
    $('watch-summary').textContent = '';
    $('watch-details').textContent = '';
    $('watch-explain').textContent = '';
    showWatchError((await answer.text()).trim());
    drawWatchBoard(null);
    return;
  }
  watch.data = await answer.json();
  prepare();
  goTo(step === null ? 0 : Number(step));
  if (watch.note) {
    showWatchError(watch.note);
  }
}

function closeWatch() {
  pause();
  watch.open = false;
  $('watch').hidden = true;
  document.querySelector('main').hidden = false;
  $('panel').prepend($('lang-switch'));
  history.replaceState(null, '', location.pathname + location.search);
}

function showWatchError(text) {
  $('watch-error').textContent = text;
  $('watch-error').hidden = false;
}

// The replay's events from the visit order: a node is left when the next node entered is
// no deeper than it (or at the end). Then one row per node for the tree.
function prepare() {
  const visits = watch.data.visits;
  const events = [];
  const open = [];
  const leave = ply => {
    while (open.length > 0 && visits[open[open.length - 1]].ply >= ply) {
      events.push({node: open.pop(), enter: false});
    }
  };
  visits.forEach((visit, i) => {
    visit.children = [];
    if (visit.parent >= 0) {
      visits[visit.parent].children.push(i);
    }
    leave(visit.ply);
    open.push(i);
    events.push({node: i, enter: true});
  });
  leave(0);
  watch.events = events;
  watch.enteredAfter = [0];
  watch.returnStep = [];
  let entered = 0;
  events.forEach((event, i) => {
    if (event.enter) {
      entered++;
    } else {
      watch.returnStep[event.node] = i + 1;
    }
    watch.enteredAfter.push(entered);
  });
  const tree = $('watch-tree');
  tree.textContent = '';
  watch.rows = visits.map((visit, i) => {
    const row = element('div', {class: 'wrow', hidden: ''}, tree);
    row.style.paddingLeft = (0.3 + visit.ply * 1.5) + 'em';
    row.addEventListener('click', () => {
      pause();
      goTo(watch.returnStep[i]);
    });
    return row;
  });
  for (let i = 0; i < visits.length; i++) {
    fillRow(i);
  }
  summarize();
}

// The line under the sentence: the search's size, and the previous chapter's beside it.
function summarize() {
  const w = watch.data;
  const alphaBeta = w.visits[0].alpha !== null;   // chapter 1's minimax has no window, no cut-off, no earlier search
  let summary = watchText().summary(w, alphaBeta);
  if (alphaBeta && w.earlierNodes !== null && w.earlierNodes !== undefined) {
    const ratio = (w.earlierNodes / Math.max(1, w.nodes)).toFixed(1);
    summary += ' · ' + watchText().compare(w, ratio);
  }
  $('watch-summary').textContent = summary;
}

// A node's row: its move, its window, and, once it has returned, its value and mark.
function fillRow(i) {
  const text = watchText();
  const visit = watch.data.visits[i];
  const row = watch.rows[i];
  row.textContent = '';
  if (visit.parent < 0) {
    element('b', {}, row, visit.iteration ? text.iterationRoot(visit.iteration) : text.root);
  } else {
    element('b', {}, row, visit.move);
    row.append(' ' + visit.chinese);
  }
  if (visit.stage) {
    element('span', {class: 'wstage'}, row, ' [' + (text.stages[visit.stage] || visit.stage) + ']');
  }
  if (visit.alpha !== null) {
    element('span', {class: 'wwindow'}, row, ' (' + visit.alpha + ', ' + visit.beta + ')');
  }
  element('span', {class: 'wvalue'}, row, '');
  const mark = text.marks[visit.end](visit);
  element('span', {class: 'wmark ' + visit.end}, row, mark ? ' ' + mark : '');
}

// Shows step {@code step}: the first {@code step} events of the replay.
function goTo(step) {
  if (!watch.data) {
    return;
  }
  watch.step = Math.max(0, Math.min(watch.events.length, step));
  renderWatch();
}

function renderWatch() {
  const text = watchText();
  const w = watch.data;
  const step = watch.step;
  const entered = watch.enteredAfter[step];
  const event = step > 0 ? watch.events[step - 1] : null;
  const current = event ? event.node : -1;
  const line = new Set();
  for (let i = current; i >= 0; i = w.visits[i].parent) {
    line.add(i);
  }
  w.visits.forEach((visit, i) => {
    const row = watch.rows[i];
    row.hidden = i >= entered;
    const returned = watch.returnStep[i] <= step;
    row.classList.toggle('returned', returned);
    row.classList.toggle('current', i === current);
    row.classList.toggle('online', line.has(i) && i !== current);
    row.querySelector('.wvalue').textContent = returned ? '  → ' + visit.valueText : '  …';
  });
  if (current >= 0) {
    centerRow(watch.rows[current]);
  }
  $('watch-explain').textContent = event ? explain(event) : text.ready;
  $('watch-explain').className = event && !event.enter ? 'return ' + w.visits[current].end : 'enter';
  $('watch-details').textContent = current >= 0 ? details(w.visits[current]) : '';
  $('watch-counter').textContent = text.stepOf(step, watch.events.length);
  $('watch-play').textContent = watch.timer ? text.pause : text.play;
  const hash = '#watch&depth=' + w.depth + '&step=' + step;
  history.replaceState(null, '', location.pathname + location.search + hash);
  $('watch-link').href = location.href;
  drawWatchBoard(current >= 0 ? w.visits[current] : w.visits[0], line);
}

// Scrolls the tree, and only the tree, to show the row in its middle: scrollIntoView would
// scroll the page as well, and on a phone, where the tree is under the board, hide the board.
function centerRow(row) {
  const tree = $('watch-tree');
  const offset = row.getBoundingClientRect().top - tree.getBoundingClientRect().top;
  tree.scrollTop += offset - (tree.clientHeight - row.offsetHeight) / 2;
}

// The step's sentence: what the search did at this event, from the recorded node.
function explain(event) {
  const text = watchText();
  const visits = watch.data.visits;
  const v = visits[event.node];
  const win = v.alpha !== null ? text.window(v.alpha, v.beta) : '';
  if (event.enter) {
    return v.parent >= 0 ? text.enter(v, win) : v.iteration ? text.enterIteration(v, win) : text.enterRoot(v, win);
  }
  switch (v.end) {
    case 'cut': return text.cut(v, visits[v.children[v.children.length - 1]]);
    case 'table': return text.table(v);
    case 'repetition': return text.repetition(v, text.rulings[v.ruling] || v.ruling);
    case 'mate': return text.mate(v);
    case 'stalemate': return text.stalemate(v);
    case 'leaf': return text.leaf(v);
    default: return v.parent < 0 ? text.rootReturns(v) : text.searched(v, v.children.length);
  }
}

// The node's facts beside the sentence: where it is, and what this chapter adds (key, stage).
function details(v) {
  const d = watchText().details;
  const parts = [d.ply(v.ply), d.depth(v.depth)];
  if (v.iteration) {
    parts.push(d.iteration(v.iteration));
  }
  if (v.stage) {
    parts.push(d.stage(v.stage));
  }
  if (v.key) {
    parts.push(d.key(v.key));
  }
  return parts.join(' · ');
}

// The node's position, with the moves from the root drawn as numbered arrows. Nothing drawn
// hides a piece: the arrows lie under the pieces and end at the edge of the piece they point
// to, and a move's number sits at the tail of its arrow, or in the middle of a square where
// the tail is under a piece.
function drawWatchBoard(visit, line) {
  const svg = $('watch-board');
  svg.textContent = '';
  const defs = make('defs', {}, svg);
  const marker = make('marker', {id: 'watch-arrow', viewBox: '0 0 10 10', refX: 10, refY: 5,
    markerWidth: 3.5, markerHeight: 3.5, orient: 'auto-start-reverse'}, defs);
  make('path', {d: 'M0 0 L10 5 L0 10 z', fill: '#1f5fbf'}, marker);
  drawGrid(svg);
  if (!visit) {
    return;
  }
  const arrows = make('g', {}, svg);
  const occupied = new Set();
  for (let square = 0; square < 90; square++) {
    const letter = visit.board[square];
    if (letter === '.') {
      continue;
    }
    const [x, y] = place(square);
    occupied.add(x + ',' + y);
    const piece = make('g', {class: 'piece ' + (letter === letter.toUpperCase() ? 'red' : 'black')}, svg);
    make('circle', {cx: x, cy: y, r: 27, class: 'outer'}, piece);
    make('circle', {cx: x, cy: y, r: 22.5, class: 'inner'}, piece);
    make('text', {x, y: y + 11, 'text-anchor': 'middle'}, piece, NAMES[letter]);
  }
  const moves = [];
  for (let i = watch.data.visits.indexOf(visit); i >= 0 && watch.data.visits[i].move; i = watch.data.visits[i].parent) {
    moves.unshift(watch.data.visits[i]);
  }
  moves.forEach((v, k) => {
    const [x1, y1] = place(squareOf(v.move.slice(0, 2)));
    const [x2, y2] = place(squareOf(v.move.slice(2)));
    const length = Math.hypot(x2 - x1, y2 - y1);
    const [dx, dy] = [(x2 - x1) / length, (y2 - y1) / length];
    make('line', {x1, y1, x2: x2 - dx * 29, y2: y2 - dy * 29,
      class: 'watch-arrow' + (k === moves.length - 1 ? ' last' : ''), 'marker-end': 'url(#watch-arrow)'}, arrows);
    const [x, y] = numberPlace(x1, y1, dx, dy, occupied);
    make('circle', {cx: x, cy: y, r: 13, class: 'watch-number'}, svg);
    make('text', {x, y: y + 6, 'text-anchor': 'middle', class: 'watch-number'}, svg, String(k + 1));
  });
  $('watch-line').textContent = moves.map((v, k) => (k + 1) + '. ' + v.chinese).join('  ');
}

// Where a move's number goes: just behind the point (x, y) the move starts from, against its
// direction (dx, dy), if nothing stands there (45 units or more from every other point: a
// number of radius 13 clears a piece of radius 27 and a half); else in the middle of one of
// the four squares around it (42 units from every point), inside the board, away from the
// move's direction, and not where another number is. Each place taken is added to occupied.
function numberPlace(x, y, dx, dy, occupied) {
  if (!occupied.has(x + ',' + y)) {
    occupied.add(x + ',' + y);
    return [x - dx * 15, y - dy * 15];
  }
  const inside = (cx, cy) => cx > LEFT && cx < LEFT + 8 * STEP && cy > TOP && cy < TOP + 9 * STEP;
  const corners = [[-1, -1], [1, -1], [-1, 1], [1, 1]]
    .map(([sx, sy]) => [x + sx * STEP / 2, y + sy * STEP / 2, sx * dx + sy * dy])
    .sort((a, b) => (inside(b[0], b[1]) - inside(a[0], a[1])) || a[2] - b[2]);
  const free = corners.find(([cx, cy]) => !occupied.has(cx + ',' + cy)) || corners[0];
  occupied.add(free[0] + ',' + free[1]);
  return [free[0], free[1]];
}

function pause() {
  if (watch.timer) {
    clearInterval(watch.timer);
    watch.timer = 0;
    if (watch.data) {
      renderWatch();
    }
  }
}

function togglePlay() {
  if (watch.timer) {
    pause();
    return;
  }
  if (!watch.data) {
    return;
  }
  if (watch.step >= watch.events.length) {
    watch.step = 0;
  }
  watch.timer = setInterval(() => {
    if (watch.step >= watch.events.length) {
      pause();
    } else {
      goTo(watch.step + 1);
    }
  }, 1000 / watch.speed);
  renderWatch();
}

// Out of the node: on to the step where the node being searched returns.
function finishNode() {
  if (!watch.data || watch.step === 0) {
    goTo(watch.events.length);
    return;
  }
  const event = watch.events[watch.step - 1];
  const node = event.enter ? event.node : watch.data.visits[event.node].parent;
  goTo(node < 0 ? watch.events.length : watch.returnStep[node]);
}

function watchKey(event) {
  if (!watch.open || event.target.closest('input, select, textarea') || event.altKey || event.ctrlKey || event.metaKey) {
    return;
  }
  const keys = {
    ArrowRight: () => goTo(watch.step + 1),
    ArrowLeft: () => goTo(watch.step - 1),
    Home: () => goTo(0),
    End: () => goTo(watch.events.length),
    ArrowUp: finishNode,
    Escape: closeWatch
  };
  if (event.key === ' ') {
    event.preventDefault();
    togglePlay();
  } else if (keys[event.key]) {
    event.preventDefault();
    pause();
    keys[event.key]();
  }
}

// A link with #watch opens watch mode once board.js has set up the linked game. The hash is
// read now: board.js rewrites the address when the game is set.
const watchLink = new URLSearchParams(location.hash.startsWith('#watch') ? location.hash.slice(1) : '');
buildWatch();
if (location.hash.startsWith('#watch')) {
  const waitForGame = setInterval(() => {
    if (state.chapter && state.view) {
      clearInterval(waitForGame);
      const step = watchLink.get('step');
      openWatch(Number(watchLink.get('depth')) || DEFAULT_WATCH_DEPTH, step === null ? null : step);
    }
  }, 50);
}
