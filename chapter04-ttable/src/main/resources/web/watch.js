// Watch mode (issue 24): the same file in every chapter. One request, /api/watch, returns every
// node the chapter's search visited, in the order it entered them, with the window, the value
// and what ended each, recorded in Java by the tree command's recorder. This script only
// replays that list: it steps into and out of the nodes, draws each node's position, and says
// in one sentence what happened. It computes no search of its own. With "quiz" ticked it asks
// before it shows (issue 39): the questions and their answers are read from the same list.
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
    jumpKey: (key, kind) => key + ' / Shift+' + key + ': next / previous ' + kind,
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
    enter: (v, win, side) => v.move + ' ' + v.chinese + ': the search enters this node, ' + side + ' to move'
      + (v.depth > 0 ? ', depth ' + v.depth + ' left' : ', a leaf (depth 0)') + (win ? ', window ' + win : '') + '.',
    rootReturns: (v, val, side, best, pv) => 'The root returns ' + val + ' for ' + side + ': that is the search\'s answer'
      + (v.iteration ? ' in iteration ' + v.iteration : '') + '.' + (best ? ' Best move ' + best + '; principal variation: ' + pv + '.' : ''),
    leaf: (v, val, side) => v.move + ' is a leaf: the evaluation gives ' + val + ' for ' + side + ', exact.',
    searched: (v, n, val, side, kind) => v.move + ' is searched: ' + (n === 1 ? 'its only move' : 'all ' + n + ' moves')
      + ' tried; it returns ' + val.replace(/^= /, '') + ' for ' + side + ', ' + kind + '.',
    kinds: {exact: 'an exact value', lower: 'a lower bound (≥ β)', upper: 'an upper bound: every move failed low (≤ α)'},
    // negamax: the child's value is for the side to move after the reply; the parent sees it negated
    cut: (v, c, a) => (v.move ? 'After ' + v.move + ', ' + a.sideV + '\'s reply ' : 'At the root, ') + c.move + ' returns '
      + a.childValue + ' for ' + a.sideC + '; for ' + a.sideV + ', who chose it, that is ' + a.value + ' ≥ β = ' + a.beta
      + ': cut off, ' + WATCH_TEXT.en.others(v.untried) + a.names + (v.untried === 1 ? ' is' : ' are') + ' never tried.'
      + (a.source ? ' β = ' + a.beta + ' because ' + a.source.side + ' already has ' + a.source.value + ' from '
        + a.source.move.move + ': ' + a.source.side + ' will never choose ' + v.move + '.' : ''),
    others: n => n === 1 ? 'the other move' : 'the other ' + n + ' moves',
    // minimax, for red: at a black node the reply caps red below what red already has, at a red node the reverse
    cutRed: (v, c, a) => (v.move ? 'After ' + v.move + ', ' : 'At the root, ') + a.sideV + '\'s reply ' + c.move
      + (v.red ? ' gives red ' + a.value + ' ≥ β = ' + a.beta + ', and black can already hold red to ' + a.beta
        : ' leaves red ' + a.value + ' ≤ α = ' + a.alpha + ', and red is already sure of ' + a.alpha)
      + ': cut off, ' + WATCH_TEXT.en.others(v.untried) + a.names + (v.untried === 1 ? ' is' : ' are') + ' never tried.'
      + (a.source ? ' ' + (v.red ? 'β = ' + a.beta : 'α = ' + a.alpha) + ' comes from ' + a.source.move.move + ': '
        + a.source.side + ' will never choose ' + v.move + '.' : ''),
    names: list => ' (' + list + ')',
    nameJoin: ' ',
    gap: ' ',
    rises: (from, a, side) => 'α rises to ' + a + ' (α: ' + from + ' → ' + a + '): a better line for ' + side + '.',
    falls: (from, b, side) => 'β falls to ' + b + ' (β: ' + from + ' → ' + b + '): a better line for ' + side + '.',
    reaches: 'That reaches β: the next step cuts off.',
    reachesAlpha: 'That reaches α: the next step cuts off.',
    empty: win => 'The window is now ' + win + ', α above β: it is empty. No value can lie above α and'
      + ' below β at once, so nothing the other moves could return would change the choice above: the node stops (a cut-off).',
    table: (v, val, side, kind) => v.move + ' is answered by the transposition table: ' + val + ' for ' + side + ', '
      + kind + ', without searching a move.',
    tableKinds: {exact: 'the table gave an exact value', lower: 'the table gave a lower bound',
      upper: 'the table gave an upper bound'},
    repetition: (v, ruling, val, side) => v.move + ' repeats an earlier position'
      + (v.repeats ? ': the cycle ' + v.repeats.moves.join(' ') + ' brings back ' + WATCH_TEXT.en.repeated(v.repeats.ply) + ';'
        : ':') + ' the repetition ruling says ' + ruling + ', so the node scores ' + val + ' for ' + side + ', the side to move.',
    repeated: p => p === 0 ? 'the root\'s position' : p > 0 ? 'the position at ply ' + p + ' of this line'
      : 'the game\'s position ' + -p + (p === -1 ? ' ply' : ' plies') + ' before the root',
    mate: (v, val, side) => 'After ' + v.move + ' ' + side + ', to move, is checkmated (将死): ' + val + ' for ' + side + '.',
    stalemate: (v, val, side) => 'After ' + v.move + ' ' + side + ', to move, has no legal move (困毙) and loses: ' + val
      + ' for ' + side + '.',
    sides: {red: 'red', black: 'black'},
    redView: 'values for red',
    redViewTitle: 'show the same tree as plain minimax: every value for red, red maximises, black minimises',
    legend: 'Each row: ● the side to move at the node (red or black), and its value for that side (negamax):'
      + ' = exact, ≥ lower bound (a cut-off), ≤ upper bound (every move failed low). (α, β): its window now, for the same side.',
    legendRed: 'Values for red (minimax): red (●, max) maximises, black (●, min) minimises; every value is for red:'
      + ' = exact, ≥ at least, ≤ at most. [α, β]: red\'s window now.',
    max: 'max',
    min: 'min',
    pruned: (moves, more) => '✂ never tried: ' + moves + (more ? ' …' : ''),
    prunedTitle: 'click: what these moves would have returned, in the previous chapter\'s tree of the same search (compare)',
    jumps: {cut: 'cut-off', table: 'table answer', repetition: 'repetition'},
    jumpKeys: 'c / t / r: next cut-off, table answer, repetition (shift: previous)',
    previous: kind => 'previous ' + kind,
    next: kind => 'next ' + kind,
    collapsed: n => '▸ ' + n + (n === 1 ? ' node' : ' nodes'),
    best: (best, pv) => 'best move ' + best + ' · principal variation ' + pv,
    tooDeep: (d, deepest) => 'Depth ' + d + ' cannot be watched here: the search would visit more than 2,000 nodes.'
      + (deepest ? ' Depths 1 to ' + deepest + ' can.' : ''),
    compareEarlier: w => w.earlier,
    compareHere: w => 'this chapter (' + w.method + ')',
    compareBox: 'compare',
    compareBoxTitle: 'show the previous chapter\'s tree of the same search beside this one: what this chapter saved',
    treeHere: w => 'this chapter (' + w.method + '): ' + w.nodes.toLocaleString('en-US') + ' nodes',
    treeEarlier: (w, ratio) => w.earlier + ': ' + w.earlierNodes.toLocaleString('en-US') + ' nodes, ' + ratio + '×',
    saved: (n, of) => 'saved: ' + n.toLocaleString('en-US') + ' of ' + of.toLocaleString('en-US') + ' nodes',
    savedKey: ' (struck through)',
    savedKeyTitle: 'faded and struck through: the nodes this chapter never visited',
    notInEarlier: n => 'this chapter also visited ' + n + (n === 1 ? ' node' : ' nodes') + ' not in it',
    earlierMissing: v => 'this step\'s node, ' + v.move + ' ' + v.chinese + ', is not in this tree: the earlier search never went there',
    earlierTooMany: 'The previous chapter\'s tree has more than 2,000 nodes, too many to show beside this one.',
    savedTitle: 'saved: this chapter never visited this node',
    collapsedSaved: (n, saved) => '▸ ' + n + (n === 1 ? ' node' : ' nodes') + (saved ? ', ' + saved + ' saved' : ''),
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
    jumpKey: (key, kind) => key + ' / Shift+' + key + '：下一次 / 上一次' + kind,
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
    enter: (v, win, side) => v.chinese + '（' + v.move + '）：搜索进入这个节点，' + side + '走棋'
      + (v.depth > 0 ? '，还剩 ' + v.depth + ' 层' : '，这是叶子节点（深度 0）') + (win ? '，窗口 ' + win : '') + '。',
    rootReturns: (v, val, side, best, pv) => '根节点对' + side + '返回 ' + val + '：这就是搜索'
      + (v.iteration ? '第 ' + v.iteration + ' 轮迭代' : '') + '的结论。' + (best ? '最佳着法 ' + best + '，主要变例：' + pv + '。' : ''),
    leaf: (v, val, side) => v.chinese + '（' + v.move + '）是叶子节点：局面评价对' + side + '为 ' + val + '，是精确值。',
    searched: (v, n, val, side, kind) => v.chinese + '（' + v.move + '）搜索完毕：' + (n === 1 ? '唯一的一步着法已试过'
      : n + ' 步着法都试过') + '，对' + side + '返回 ' + val.replace(/^= /, '') + '，' + kind + '。',
    kinds: {exact: '是精确值', lower: '是下界（≥ β）', upper: '是上界：每步着法都低出边界（≤ α）'},
    cut: (v, c, a) => (v.move ? v.chinese + '（' + v.move + '）之后，' + a.sideV + '应以' : '在根节点，走') + c.chinese
      + '（' + c.move + '），' + a.sideC + '得 ' + a.childValue + '；对作出这个选择的' + a.sideV + '来说就是 ' + a.value
      + ' ≥ β = ' + a.beta + '：截断，其余 ' + v.untried + ' 步着法' + a.names + '不再尝试。'
      + (a.source ? 'β = ' + a.beta + '，是因为' + a.source.side + '走' + a.source.move.chinese + '（' + a.source.move.move
        + '）已有把握得到 ' + a.source.value + '：' + a.source.side + '不会选' + v.chinese + '（' + v.move + '）。' : ''),
    cutRed: (v, c, a) => (v.move ? v.chinese + '（' + v.move + '）之后，' + a.sideV + '应以' : '在根节点，' + a.sideV + '走')
      + c.chinese + '（' + c.move + '），' + (v.red ? '红方得 ' + a.value + ' ≥ β = ' + a.beta + '，而黑方已经能把红方压在 ' + a.beta
        : '红方只得 ' + a.value + ' ≤ α = ' + a.alpha + '，而红方已有把握得到 ' + a.alpha)
      + '：截断，其余 ' + v.untried + ' 步着法' + a.names + '不再尝试。'
      + (a.source ? (v.red ? 'β = ' + a.beta : 'α = ' + a.alpha) + ' 来自' + a.source.move.chinese + '（' + a.source.move.move
        + '）：' + a.source.side + '不会选' + v.chinese + '（' + v.move + '）。' : ''),
    names: list => '（' + list + '）',
    nameJoin: '、',
    gap: '',
    rises: (from, a, side) => 'α 升到' + latinGap(a) + a + '（α：' + from + ' → ' + a + '）：对' + side + '更好的一着。',
    falls: (from, b, side) => 'β 降到' + latinGap(b) + b + '（β：' + from + ' → ' + b + '）：对' + side + '更好的一着。',
    reaches: '达到了 β：下一步截断。',
    reachesAlpha: '达到了 α：下一步截断。',
    empty: win => '这时窗口是 ' + win + '，α 大于 β，窗口是空的：没有哪个值能既大于 α 又小于 β，其余着法'
      + '无论返回什么，都改变不了上一层的选择，所以这个节点就此停止（截断）。',
    table: (v, val, side, kind) => v.chinese + '（' + v.move + '）：置换表命中，对' + side + '直接得 ' + val + '，'
      + kind + '，一步也不用搜。',
    tableKinds: {exact: '表中给的是精确值', lower: '表中给的是下界', upper: '表中给的是上界'},
    repetition: (v, ruling, val, side) => v.chinese + '（' + v.move + '）重复了先前的局面：'
      + (v.repeats ? '循环 ' + v.repeats.chinese.join(' ') + '（' + v.repeats.moves.join(' ') + '）回到'
        + WATCH_TEXT.zh.repeated(v.repeats.ply) + '；' : '') + '重复裁决为“' + ruling + '”，对' + side + '（走子方）记为'
      + val.replace(/^= /, '').replace(/^(?=-?\d)/, ' ') + '。',
    repeated: p => p === 0 ? '根节点的局面' : p > 0 ? '本变例第 ' + p + ' 层的局面' : '对局中根节点之前 ' + -p + ' 步的局面',
    mate: (v, val, side) => v.chinese + '（' + v.move + '）之后，走棋的' + side + '被将死：对' + side + '为 ' + val + '。',
    stalemate: (v, val, side) => v.chinese + '（' + v.move + '）之后，走棋的' + side + '无着可走：困毙，判负，对' + side
      + '为 ' + val + '。',
    sides: {red: '红方', black: '黑方'},
    redView: '分值按红方计',
    redViewTitle: '把同一棵树显示成普通的极大极小：每个分值都按红方计，红方取大，黑方取小',
    legend: '每一行：● 该节点的走子方（红方或黑方），分值按走子方计（负极大值）：= 精确值，≥ 下界（截断），≤ 上界（每步着法都低出边界）。'
      + '(α, β)：它此刻的窗口，也按走子方计。',
    legendRed: '分值按红方计（极大极小）：红方（●，max）取大，黑方（●，min）取小，每个分值都是红方的：= 精确值，≥ 至少，≤ 至多。'
      + '[α, β]：红方此刻的窗口。',
    max: 'max',
    min: 'min',
    pruned: (moves, more) => '✂ 不再尝试：' + moves + (more ? ' …' : ''),
    prunedTitle: '点击：在上一章对同一局面的搜索树里（对比），看这些着法本来会返回多少分',
    jumps: {cut: '截断', table: '置换表命中', repetition: '重复裁决'},
    jumpKeys: 'c / t / r：下一次截断、置换表命中、重复裁决（加 Shift：上一次）',
    previous: kind => '上一次' + kind,
    next: kind => '下一次' + kind,
    collapsed: n => '▸ ' + n + ' 个节点',
    best: (best, pv) => '最佳着法 ' + best + ' · 主要变例 ' + pv,
    tooDeep: (d, deepest) => '深度 ' + d + ' 在这里无法观看：搜索会超过 2000 个节点。' + (deepest ? '可以观看深度 1 到 ' + deepest + '。' : ''),
    compareEarlier: w => TEXT.zh['method:' + w.earlier] || w.earlier,
    compareHere: w => '本章（' + (TEXT.zh['method:' + w.method] || w.method) + '）',
    compareBox: '对比',
    compareBoxTitle: '在旁边显示上一章对同一局面、同一深度的搜索树：看本章省去了什么',
    treeHere: w => '本章（' + (TEXT.zh['method:' + w.method] || w.method) + '）：' + w.nodes + ' 个节点',
    treeEarlier: (w, ratio) => (TEXT.zh['method:' + w.earlier] || w.earlier) + '：' + w.earlierNodes + ' 个节点，本章的 '
      + ratio + ' 倍',
    saved: (n, of) => '省去：' + of + ' 个节点中的 ' + n + ' 个',
    savedKey: '（加删除线）',
    savedKeyTitle: '淡色加删除线：本章从未访问的节点',
    notInEarlier: n => '本章另有 ' + n + ' 个节点不在其中',
    earlierMissing: v => '当前节点 ' + v.chinese + '（' + v.move + '）不在这棵树里：上一章的搜索从未到过那里',
    earlierTooMany: '上一章的搜索树超过 2000 个节点，太大，无法并排显示。',
    savedTitle: '省去：本章从未访问这个节点',
    collapsedSaved: (n, saved) => '▸ ' + n + ' 个节点' + (saved ? '，省去 ' + saved + ' 个' : ''),
    marks: {
      cut: v => '✂ 截断：' + v.untried + ' 步未试',
      table: () => '置换表命中',
      repetition: v => '重复裁决：' + (WATCH_TEXT.zh.rulings[v.ruling] || v.ruling),
      leaf: () => '叶子节点',
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
const JUMP_KEYS = {c: 'cut', t: 'table', r: 'repetition'};   // keys to the next node that ended so
const MAX_PRUNED_NAMES = 8;         // a cut-off's never-tried moves named in full, as the tree picture does

const watch = {
  open: false,
  data: null,          // what /api/watch said
  query: '',           // the game the data is for, as its query
  events: [],          // {node, enter}: each node entered once and left once, in the search's order
  enteredAfter: [],    // per step: how many nodes have been entered once that many events are shown
  returnStep: [],      // per node: the step at which it returns
  lastDescendant: [],  // per node: the index of the last node of its subtree
  step: 0,             // how many events are shown
  timer: 0,            // the play timer, or 0
  speed: 4,
  rows: [],            // per node: its row in the tree
  kinds: null,         // the kinds of end this search has (cut, table, repetition ...), for the jump keys
  prunedRows: [],      // per node: the faded row of the moves a cut-off never tried, or null
  opened: new Set(),   // finished nodes whose subtree the reader opened again
  red: false,          // "values for red": the tree as plain minimax, every value for red
  earlier: null,       // "compare": the previous chapter's tree, as prepareEarlier made it, or null
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
  depth.addEventListener('change', () => {
    depth.blur();   // so that the arrow keys step through the search, not through the depths
    openWatch(Number(depth.value), null);
  });
  for (const [id, action] of [['watch-start', () => goTo(0)], ['watch-back', () => goTo(watch.step - 1)],
    ['watch-step', stepForward], ['watch-play', togglePlay], ['watch-out', finishNode],
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
    speed.blur();
    watch.speed = Number(speed.value);
    if (watch.timer) {
      pause();
      togglePlay();
    }
  });
  const viewLabel = element('label', {id: 'watch-view'}, bar);
  const view = element('input', {id: 'watch-red', type: 'checkbox'}, viewLabel);
  element('span', {id: 'watch-red-label'}, viewLabel);
  view.addEventListener('change', () => {
    view.blur();
    watch.red = view.checked;
    if (watch.data) {
      refill();
    }
  });
  // Predict, then see: the quiz switch (issue 39)
  const quizLabel = element('label', {id: 'watch-quiz-toggle'}, bar);
  const quizBox = element('input', {id: 'watch-quiz-toggle-box', type: 'checkbox'}, quizLabel);
  element('span', {id: 'watch-quiz-label'}, quizLabel);
  quizBox.addEventListener('change', () => {
    quizBox.blur();
    quiz.on = quizBox.checked;
    if (!quiz.on && quiz.pending) {
      const step = quiz.pending.step;
      quiz.pending = null;
      goTo(step);
    }
    if (watch.data) {
      renderWatch();
    }
  });
  // The game's "compare" box, in watch mode too: ticked, the previous chapter's tree comes beside.
  const compareLabel = element('label', {id: 'watch-compare-toggle'}, bar);
  const compare = element('input', {id: 'watch-compare-box', type: 'checkbox'}, compareLabel);
  element('span', {id: 'watch-compare-label'}, compareLabel);
  compare.addEventListener('change', () => {
    compare.blur();
    $('compare').checked = compare.checked;
    if (watch.data) {
      openWatch(watch.data.depth, watch.step);
    }
  });
  const jumps = element('div', {id: 'watch-jumps'}, panel);
  for (const kind of Object.values(JUMP_KEYS)) {
    const group = element('span', {class: 'wjump', 'data-kind': kind}, jumps);
    element('button', {type: 'button', id: 'watch-prev-' + kind}, group, '◀').addEventListener('click', () => jump(kind, -1));
    element('span', {class: 'wjump-name'}, group);
    element('button', {type: 'button', id: 'watch-next-' + kind}, group, '▶').addEventListener('click', () => jump(kind, 1));
  }
  const status = element('div', {id: 'watch-status'}, panel);
  element('span', {id: 'watch-counter'}, status);
  element('a', {id: 'watch-link', href: '#'}, status);
  element('span', {id: 'watch-keys'}, status);
  element('p', {id: 'watch-explain', role: 'status'}, panel);
  element('div', {id: 'watch-quiz', role: 'status', hidden: ''}, panel);
  const score = element('p', {id: 'watch-score-line', hidden: ''}, panel);
  element('span', {id: 'watch-score'}, score);
  element('button', {id: 'watch-start-over', type: 'button'}, score).addEventListener('click', startOver);
  element('p', {id: 'watch-error', role: 'alert', hidden: ''}, panel);
  // This chapter's tree, and with "compare" the previous chapter's beside it (under it where narrow).
  const trees = element('div', {id: 'watch-trees'}, panel);
  const here = element('div', {id: 'watch-here', class: 'wtree-box'}, trees);
  element('p', {id: 'watch-here-head', class: 'wtree-head', hidden: ''}, here);
  element('div', {id: 'watch-tree'}, here);
  const earlier = element('div', {id: 'watch-earlier-box', class: 'wtree-box', hidden: ''}, trees);
  element('p', {id: 'watch-earlier-head', class: 'wtree-head'}, earlier);
  element('p', {id: 'watch-earlier-note', hidden: ''}, earlier);
  element('div', {id: 'watch-earlier'}, earlier);
  // Under the tree, what can give way to it in a low window (it scrolls): the node's facts, the
  // search's size, the legend.
  const more = element('div', {id: 'watch-more'}, panel);
  element('p', {id: 'watch-details'}, more);
  element('p', {id: 'watch-summary'}, more);
  element('div', {id: 'watch-compare', hidden: ''}, more);
  element('p', {id: 'watch-legend'}, more);
  document.addEventListener('keydown', watchKey);
  document.addEventListener('languagechange', () => {
    watchLabels();
    if (watch.data) {
      refill();
    }
  });
  watchLabels();
}

// Every row and line again: after a change of language or of point of view.
function refill() {
  for (let i = 0; i < watch.rows.length; i++) {
    fillRow(i);
  }
  fillEarlierRows();
  summarize();
  renderWatch();
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
  $('watch-keys').textContent = keysLine();
  $('watch-red-label').textContent = ' ' + text.redView;
  $('watch-view').title = text.redViewTitle;
  $('watch-compare-label').textContent = ' ' + text.compareBox;
  $('watch-quiz-label').textContent = ' ' + quizText().toggle;
  $('watch-quiz-toggle').title = quizText().toggleTitle;
  $('watch-start-over').textContent = quizText().startOver;
  $('watch-compare-toggle').title = text.compareBoxTitle;
  $('watch-jumps').title = text.jumpKeys;
  for (const kind of Object.values(JUMP_KEYS)) {
    document.querySelector('.wjump[data-kind="' + kind + '"] .wjump-name').textContent = text.jumps[kind];
    $('watch-prev-' + kind).title = text.previous(text.jumps[kind]);
    $('watch-next-' + kind).title = text.next(text.jumps[kind]);
  }
  const speed = $('watch-speed');
  speed.textContent = '';
  for (const n of SPEEDS) {
    speed.add(new Option(text.perSecond(n), String(n), false, n === watch.speed));
  }
}

// The depths the menu offers: those that can be watched for this position, once the server said.
function depthOptions(deepest) {
  const select = $('watch-depth');
  const chosen = select.value;
  select.textContent = '';
  for (let d = 1; d <= deepest; d++) {
    select.add(new Option(String(d), String(d)));
  }
  select.value = chosen;
}

// Opens watch mode on the game's position: one request, then the replay starts at step
// {@code step} (a link's), or at 0. A depth too deep to watch leaves the page as it was,
// with the reason in the page's language; with nothing shown yet, the deepest depth that can be.
async function openWatch(depth, step) {
  pause();
  watch.open = true;
  $('watch').hidden = false;
  document.querySelector('main').hidden = true;
  $('watch-close').before($('lang-switch'));     // the language switch comes along: main is hidden
  const select = $('watch-depth');
  if (select.options.length === 0) {
    depthOptions(state.chapter.deepest);
  }
  select.value = String(depth);
  const text = watchText();
  const before = $('watch-explain').textContent;
  $('watch-explain').textContent = text.loading;
  $('watch-error').hidden = true;
  watch.note = '';
  const query = gameQuery(state.fen, state.moves);
  const game = query.toString();
  query.set('depth', String(depth));
  if (step !== null) {
    query.set('step', String(step));
  }
  if ($('compare').checked) {
    query.set('compare', '1');
  }
  let answer = await fetch('/api/watch?' + query);
  if (!answer.ok && step !== null && answer.status === 400) {
    watch.note = text.badLink + (await answer.text()).trim();
    step = null;
    query.delete('step');
    answer = await fetch('/api/watch?' + query);
  }
  if (answer.status === 422) {   // too many nodes: this depth cannot be watched
    const shown = watch.data && watch.query === game;
    let deepest = shown ? watch.data.deepest : 0;
    if (!shown && depth > 1) {
      const probe = await fetch('/api/watch?' + new URLSearchParams([...new URLSearchParams(game), ['depth', '1']]));
      deepest = probe.ok ? (await probe.json()).deepest : 0;
    }
    const reason = text.tooDeep(depth, deepest);
    if (shown) {
      select.value = String(watch.data.depth);
      $('watch-explain').textContent = before;
      showWatchError(reason);
      return;
    }
    if (deepest > 0) {
      await openWatch(deepest, null);
      showWatchError(reason);
      return;
    }
  }
  if (!answer.ok) {
    watch.data = null;
    watch.earlier = null;
    $('watch-tree').textContent = '';
    $('watch-earlier').textContent = '';
    $('watch-earlier-box').hidden = true;
    $('watch-here-head').hidden = true;
    $('watch-summary').textContent = '';
    $('watch-details').textContent = '';
    $('watch-explain').textContent = '';
    showWatchError((await answer.text()).trim());
    drawWatchBoard(null);
    return;
  }
  watch.data = await answer.json();
  watch.query = game;
  depthOptions(watch.data.deepest);
  select.value = String(watch.data.depth);
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
  if (typeof classMoved === 'function') {
    classMoved();
  }
}

function showWatchError(text) {
  $('watch-error').textContent = text;
  $('watch-error').hidden = false;
}

// The replay's events from the visit order: a node is left when the next node entered is
// no deeper than it (or at the end). Then one row per node for the tree, and under each
// cut-off a faded row of the moves it never tried, as the tree picture draws them.
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
  watch.lastDescendant = visits.map((visit, i) => i);
  for (let i = visits.length - 1; i >= 0; i--) {
    const parent = visits[i].parent;
    if (parent >= 0) {
      watch.lastDescendant[parent] = Math.max(watch.lastDescendant[parent], watch.lastDescendant[i]);
    }
  }
  watch.opened = new Set();
  quiz.asked = new Set();
  quiz.pending = null;
  quiz.verdicts = null;
  const tree = $('watch-tree');
  tree.textContent = '';
  watch.rows = visits.map((visit, i) => {
    const row = element('div', {class: 'wrow', hidden: ''}, tree);
    row.style.paddingLeft = (0.3 + visit.ply * 1.5) + 'em';
    row.addEventListener('click', event => {
      pause();
      if (event.target.classList.contains('wfold')) {   // the collapsed subtree opens, or closes again
        toggle(watch.opened, i);
        return;
      }
      goTo(watch.returnStep[i]);
    });
    return row;
  });
  watch.prunedRows = visits.map(() => null);
  visits.forEach((visit, i) => {
    if (visit.end === 'cut' && visit.pruned && visit.pruned.length > 0) {
      const row = element('div', {class: 'wrow wpruned', hidden: ''});
      row.style.paddingLeft = (0.3 + (visit.ply + 1) * 1.5) + 'em';
      // one click away: what these moves would have returned, in the previous chapter's tree
      row.addEventListener('click', () => {
        pause();
        if (!$('compare').checked) {
          $('compare').checked = true;
          openWatch(watch.data.depth, watch.returnStep[i]);
        } else {
          goTo(watch.returnStep[i]);
        }
      });
      watch.rows[watch.lastDescendant[i]].after(row);
      watch.prunedRows[i] = row;
    }
  });
  for (let i = 0; i < visits.length; i++) {
    fillRow(i);
  }
  prepareEarlier();
  summarize();
  watch.kinds = new Set(visits.map(visit => visit.end));
  // the first return after which a window is empty (α above β): the sentence explains it there
  const emptied = visits.map((visit, i) => i).filter(i => visits[i].raised && visits[i].after
    && scoreOrder(visits[i].after[0]) > scoreOrder(visits[i].after[1]));
  watch.firstEmpty = emptied.length === 0 ? -1
    : emptied.reduce((first, i) => (watch.returnStep[i] < watch.returnStep[first] ? i : first));
  for (const kind of Object.values(JUMP_KEYS)) {
    document.querySelector('.wjump[data-kind="' + kind + '"]').hidden = !watch.kinds.has(kind);
  }
  $('watch-keys').textContent = keysLine();
}

// A folded row opened, or an opened one folded again, in the tree whose set of opened rows is {@code opened}.
function toggle(opened, row) {
  if (opened.has(row)) {
    opened.delete(row);
  } else {
    opened.add(row);
  }
  renderWatch();
}

// The keys, in the page's language, with a jump key for each kind of node this search has
// (c for the next cut-off, and so on; with Shift, the one before).
function keysLine() {
  const text = watchText();
  const jumps = Object.entries(JUMP_KEYS).filter(([, kind]) => watch.kinds && watch.kinds.has(kind))
    .map(([key, kind]) => text.jumpKey(key, text.jumps[kind]));
  return [text.keys, ...jumps].join(' · ');
}

// The line under the sentence: the search's size, and the previous chapter's beside it.
function summarize() {
  const w = watch.data;
  const text = watchText();
  const alphaBeta = w.visits[0].alpha !== null;   // chapter 1's minimax has no window, no cut-off, no earlier search
  let summary = text.summary({...w, rootValueText: valueText(lastRoot(), true)}, alphaBeta);
  if (alphaBeta && w.earlierNodes !== null && w.earlierNodes !== undefined && !watch.earlier) {   // else the trees' heads say it
    const ratio = (w.earlierNodes / Math.max(1, w.nodes)).toFixed(1);
    summary += ' · ' + text.compare(w, ratio);
  }
  $('watch-summary').textContent = summary;
  // the two trees, when the earlier one is shown; else its size and this one's as two bars
  compareBars(alphaBeta && !watch.earlier ? w.earlierNodes : null, alphaBeta && w.earlierTree === 'tooMany');
  $('watch-compare-toggle').hidden = !alphaBeta;
  $('watch-compare-box').checked = $('compare').checked;
  $('watch-trees').classList.toggle('comparing', Boolean(watch.earlier));
  $('watch-here-head').hidden = !watch.earlier;
  $('watch-earlier-box').hidden = !watch.earlier;
  if (watch.earlier) {
    $('watch-here-head').textContent = text.treeHere(w);
    const head = $('watch-earlier-head');
    head.textContent = '';
    head.title = text.savedKeyTitle;
    element('b', {}, head, text.treeEarlier(w, (w.earlierNodes / Math.max(1, w.nodes)).toFixed(1)));
    element('span', {class: 'wsaved-count'}, head, ' · ' + text.saved(w.earlierSaved, w.earlierNodes));
    head.append(text.savedKey + (w.notInEarlier > 0 ? ' · ' + text.notInEarlier(w.notInEarlier) : ''));
  }
  $('watch-legend').textContent = watch.red ? text.legendRed : text.legend;
}

// What this chapter saved, seen: the previous chapter's node count and this one's as two bars,
// with the ratio (where the earlier method was run: not beyond its deepest depth); above them,
// when "compare" asked for the earlier tree and it is too big to show, why it is not shown.
function compareBars(earlier, tooMany) {
  const box = $('watch-compare');
  box.textContent = '';
  const counted = earlier !== null && earlier !== undefined;
  box.hidden = !counted && !tooMany;
  const text = watchText();
  const w = watch.data;
  if (tooMany) {
    element('div', {class: 'wbar-why'}, box, text.earlierTooMany);
  }
  if (!counted) {
    return;
  }
  const most = Math.max(earlier, w.nodes, 1);
  const ratio = (earlier / Math.max(1, w.nodes)).toFixed(1) + '×';
  for (const [label, nodes, kind] of [[text.compareEarlier(w), earlier, 'earlier'], [text.compareHere(w), w.nodes, 'here']]) {
    const line = element('div', {class: 'wbar-line'}, box);
    element('span', {class: 'wbar-label'}, line, label);
    const bar = element('span', {class: 'wbar ' + kind}, line);
    bar.style.width = Math.max(0.5, 60 * nodes / most) + '%';
    element('span', {class: 'wbar-count'}, line, nodes.toLocaleString('en-US') + (kind === 'earlier' ? ' (' + ratio + ')' : ''));
  }
}

// ---- "compare": the previous chapter's tree of the same search, beside this one (issue 30)

// The earlier tree's rows, one per node, in the same style as this chapter's, all of them
// returned: the server recorded the whole search. Each node knows its subtree and how much of
// it this chapter saved; each this chapter's twin, so that a click on it goes there.
function prepareEarlier() {
  const box = $('watch-earlier');
  box.textContent = '';
  const visits = watch.data.earlierVisits;
  watch.earlier = null;
  if (!visits) {
    return;
  }
  const earlier = {rows: [], children: visits.map(() => []), lastDescendant: visits.map((v, j) => j),
    savedIn: visits.map(v => (v.saved ? 1 : 0)), twinOf: visits.map(() => -1), opened: new Set()};
  visits.forEach((visit, j) => {
    if (visit.parent >= 0) {
      earlier.children[visit.parent].push(j);
    }
  });
  for (let j = visits.length - 1; j >= 0; j--) {
    const parent = visits[j].parent;
    if (parent >= 0) {
      earlier.lastDescendant[parent] = Math.max(earlier.lastDescendant[parent], earlier.lastDescendant[j]);
      earlier.savedIn[parent] += earlier.savedIn[j];
    }
  }
  watch.data.visits.forEach((visit, i) => {
    if (visit.earlierNode >= 0 && earlier.twinOf[visit.earlierNode] < 0) {
      earlier.twinOf[visit.earlierNode] = i;
    }
  });
  earlier.rows = visits.map((visit, j) => {
    const row = element('div', {class: 'wrow returned' + (visit.saved ? ' wsaved' : ''), hidden: ''}, box);
    row.style.paddingLeft = (0.3 + visit.ply * 1.5) + 'em';
    row.addEventListener('click', event => {
      pause();
      const twin = earlier.twinOf[j];
      if (event.target.classList.contains('wfold') || twin < 0) {   // a saved node has no step to go to: it opens
        toggle(earlier.opened, j);
        return;
      }
      goTo(watch.returnStep[twin]);
    });
    return row;
  });
  // an iteration is named only where the earlier search deepens iteratively (chapter 6's earlier,
  // chapter 5's): chapter 4's one search is recorded as iteration 1 by chapter 5's recorder
  earlier.iterates = visits.filter(visit => visit.parent < 0).length > 1;
  watch.earlier = earlier;
  fillEarlierRows();
}

// The earlier tree's rows: who moves, the move, the value with its kind, and the mark; no
// window (the replay is this chapter's), and a saved node faded, its move struck through.
function fillEarlierRows() {
  if (!watch.earlier) {
    return;
  }
  const text = watchText();
  watch.data.earlierVisits.forEach((visit, j) => {
    const row = watch.earlier.rows[j];
    row.textContent = '';
    row.title = visit.saved ? text.savedTitle : '';
    element('span', {class: 'wfold'}, row, '');
    element('span', {class: 'wside ' + (visit.red ? 'red' : 'black'), title: sideName(visit.red)}, row, '●');
    if (watch.red) {
      element('span', {class: 'wmax'}, row, (visit.red ? text.max : text.min) + ' ');
    }
    const name = element('span', {class: 'wname'}, row);
    if (visit.parent < 0) {
      element('b', {}, name, watch.earlier.iterates ? text.iterationRoot(visit.iteration) : text.root);
    } else {
      element('b', {}, name, visit.move);
      name.append(' ' + visit.chinese);
    }
    element('span', {class: 'wvalue'}, row, '  ' + shownValue(visit));
    const mark = visit.end === 'table' ? text.marks.table(visit) + ': ' + text.tableKinds[boundInView(visit)]
      : visit.end === 'repetition' ? '' : text.marks[visit.end](visit);
    element('span', {class: 'wmark ' + visit.end}, row, mark ? ' ' + mark : '');
  });
}

// The earlier tree at this step: folded to the path to the node with the current node's line
// (or, if this chapter went where the earlier search never did, to the deepest node of the
// line that it has), which is highlighted and scrolled to; subtrees opened by a click stay open.
function renderEarlier(current) {
  const earlier = watch.earlier;
  if (!earlier) {
    return;
  }
  const text = watchText();
  const visits = watch.data.earlierVisits;
  let here = current;
  while (here >= 0 && !(watch.data.visits[here].earlierNode >= 0)) {
    here = watch.data.visits[here].parent;
  }
  const focus = here >= 0 ? watch.data.visits[here].earlierNode : -1;
  const path = new Set();
  for (let j = focus; j >= 0; j = visits[j].parent) {
    path.add(j);
  }
  let lastRootIndex = 0;
  visits.forEach((visit, j) => {
    if (visit.parent < 0) {
      lastRootIndex = j;
    }
  });
  const open = [];
  visits.forEach((visit, j) => {
    const row = earlier.rows[j];
    open[j] = path.has(j) || earlier.opened.has(j) || (focus < 0 && j === lastRootIndex);
    row.hidden = visit.parent >= 0 && (!open[visit.parent] || earlier.rows[visit.parent].hidden);
    row.classList.toggle('current', j === focus && here === current);
    row.classList.toggle('nearest', j === focus && here !== current);
    row.classList.toggle('online', path.has(j) && j !== focus);
    const fold = row.querySelector('.wfold');
    const subtree = earlier.lastDescendant[j] - j;
    fold.textContent = subtree === 0 ? '' : open[j] ? '▾ ' : '▸ ';
    fold.title = subtree > 0 && !open[j] ? text.collapsedSaved(subtree, earlier.savedIn[j] - (visit.saved ? 1 : 0)) : '';
  });
  const note = $('watch-earlier-note');
  note.hidden = here === current;
  note.textContent = here === current ? '' : text.earlierMissing(watch.data.visits[current]);
  if (focus >= 0 && here === current && watch.data.visits[current].end === 'cut' && watch.returnStep[current] === watch.step) {
    // at a cut-off, the node near the top and its moves under it, the ones never tried among them
    const box = $('watch-earlier');
    const row = earlier.rows[focus];
    box.scrollTop += row.getBoundingClientRect().top - box.getBoundingClientRect().top - row.offsetHeight;
  } else if (focus >= 0) {
    centerRow(earlier.rows[focus], $('watch-earlier'));
  }
}

function lastRoot() {
  const visits = watch.data.visits;
  let root = 0;
  visits.forEach((visit, i) => {
    if (visit.parent < 0) {
      root = i;
    }
  });
  return visits[root];
}

// ---- whose point of view: the side to move at the node (negamax), or red (minimax)

function sideName(red) {
  return watchText().sides[red ? 'red' : 'black'];
}

// A node's value as the view shows it: for the side to move there, or for red.
function valueText(visit, unit = false) {
  return scoreWords(watch.red ? visit.redValueText : visit.valueText, unit);
}

// The bound's sign in the view: a lower bound for black is an upper bound for red.
function boundSign(visit) {
  let bound = visit.bound;
  if (watch.red && !visit.red && bound !== 'exact') {
    bound = bound === 'lower' ? 'upper' : 'lower';
  }
  return {exact: '=', lower: '≥', upper: '≤'}[bound];
}

function shownValue(visit, unit = false) {
  return boundSign(visit) + ' ' + valueText(visit, unit);
}

// A node's window as it stands once {@code step} events are shown: its α rises as its
// children return (the server says to what); null without a window (chapter 1).
function windowAt(i, step) {
  const visit = watch.data.visits[i];
  if (visit.alpha === null) {
    return null;
  }
  let last = -1;
  for (const child of visit.children) {
    if (watch.returnStep[child] <= step) {
      last = child;
    }
  }
  const child = last >= 0 ? watch.data.visits[last] : null;
  if (watch.red) {
    return child ? child.redAfter : visit.redWindow;
  }
  return child ? child.after : [visit.alpha, visit.beta];
}

function windowText(window) {
  return watch.red ? '[α, β] = [' + bare(window[0]) + ', ' + bare(window[1]) + ']'
    : '(α, β) = (' + bare(window[0]) + ', ' + bare(window[1]) + ')';
}

// A node's row: who moves there, its move, its window, and, once it has returned, its value and mark.
function fillRow(i) {
  const text = watchText();
  const visit = watch.data.visits[i];
  const row = watch.rows[i];
  row.textContent = '';
  row.classList.toggle('wred', visit.red);
  row.classList.toggle('wblack', !visit.red);
  element('span', {class: 'wfold'}, row, '');
  element('span', {class: 'wside ' + (visit.red ? 'red' : 'black'), title: sideName(visit.red)}, row, '●');
  if (watch.red) {
    element('span', {class: 'wmax'}, row, (visit.red ? text.max : text.min) + ' ');
  }
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
    element('span', {class: 'wwindow'}, row, '');
  }
  element('span', {class: 'wvalue'}, row, '');
  const mark = visit.end === 'table' ? text.marks.table(visit) + ': ' + text.tableKinds[boundInView(visit)]
    : text.marks[visit.end](visit);
  element('span', {class: 'wmark ' + visit.end}, row, mark ? ' ' + mark : '');
  const pruned = watch.prunedRows[i];
  if (pruned) {
    const names = visit.pruned.slice(0, MAX_PRUNED_NAMES).map((move, k) => move + ' ' + visit.prunedChinese[k]);
    pruned.textContent = text.pruned(names.join(' · '), visit.pruned.length > MAX_PRUNED_NAMES);
    pruned.title = text.prunedTitle;
  }
}

// Shows step {@code step}: the first {@code step} events of the replay.
function goTo(step) {
  if (!watch.data) {
    return;
  }
  if (quiz.pending && quiz.pending.lines.length === 0) {
    quiz.asked.delete(quiz.pending.step);   // left unanswered: asked again next time
  }
  quiz.pending = null;
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
  const atEnd = step === watch.events.length;
  const line = new Set();
  for (let i = current; i >= 0; i = w.visits[i].parent) {
    line.add(i);
  }
  // A finished subtree off the current path folds into its node's row, unless opened again;
  // at the end the principal variation stays open.
  const folded = [];
  const hiddenBy = [];
  w.visits.forEach((visit, i) => {
    const row = watch.rows[i];
    const returned = watch.returnStep[i] <= step;
    folded[i] = returned && visit.children.length > 0 && !line.has(i) && !watch.opened.has(i) && !(atEnd && visit.pv);
    hiddenBy[i] = visit.parent >= 0 && (hiddenBy[visit.parent] || folded[visit.parent]);
    row.hidden = i >= entered || hiddenBy[i];
    row.classList.toggle('returned', returned);
    row.classList.toggle('current', i === current);
    row.classList.toggle('online', line.has(i) && i !== current);
    row.classList.toggle('wpv', atEnd && visit.pv);
    const fold = row.querySelector('.wfold');
    const subtree = watch.lastDescendant[i] - i;
    fold.textContent = !returned || subtree === 0 ? '' : folded[i] ? '▸ ' : '▾ ';
    fold.title = folded[i] ? text.collapsed(subtree) : '';
    const win = row.querySelector('.wwindow');
    if (win) {
      // the window as it stands now: on the path, moving; off it, the one the node ended with.
      // At the step a child's return moved it, the bound that moved is marked, old → new.
      const now = windowAt(i, step);
      const moved = event && !event.enter && w.visits[event.node].parent === i && w.visits[event.node].raised
        ? windowAt(i, step - 1) : null;
      win.textContent = ' ' + (watch.red ? '[' : '(');
      now.forEach((bound, k) => {
        if (k === 1) {
          win.append(', ');
        }
        if (moved && moved[k] !== bound) {
          element('span', {class: 'wchanged'}, win, bare(moved[k]) + ' → ' + bare(bound));
        } else {
          win.append(bare(bound));
        }
      });
      win.append(watch.red ? ']' : ')');
      win.classList.toggle('now', line.has(i));
    }
    row.querySelector('.wvalue').textContent = returned ? '  ' + shownValue(visit) : '  …';
    const pruned = watch.prunedRows[i];
    if (pruned) {
      pruned.hidden = !returned || row.hidden || folded[i];
      pruned.classList.toggle('fresh', i === current);
    }
  });
  if (current >= 0) {
    centerRow(watch.rows[current], $('watch-tree'));
  }
  renderEarlier(current);
  $('watch-explain').textContent = event ? explain(event) : text.ready;
  renderQuiz();
  $('watch-explain').className = event && !event.enter ? 'return ' + w.visits[current].end : 'enter';
  $('watch-details').textContent = current >= 0 ? details(w.visits[current]) : '';
  $('watch-counter').textContent = text.stepOf(step, watch.events.length);
  $('watch-play').textContent = watch.timer ? text.pause : text.play;
  $('watch-red').checked = watch.red;
  const hash = '#watch&depth=' + w.depth + '&step=' + step + (watch.red ? '&view=red' : '')
    + ($('compare').checked ? '&compare=1' : '');
  history.replaceState(null, '', location.pathname + location.search + hash);
  $('watch-link').href = reachable(location.href);   // an address the class can open (board.js)
  for (const kind of Object.values(JUMP_KEYS)) {
    $('watch-prev-' + kind).disabled = jumpTarget(kind, -1) === null;
    $('watch-next-' + kind).disabled = jumpTarget(kind, 1) === null;
  }
  const visit = current >= 0 ? w.visits[current] : w.visits[0];
  drawWatchBoard(visit, line);
  if (event && !event.enter && visit.end === 'cut') {
    drawMoves(visit.pruned, 'pruned', false);         // what the cut-off saved, faintly
  }
  if (atEnd && w.pv && w.pv.length > 0) {
    drawMoves(w.pv, 'pv', true);                      // the answer: the best move and the line after it
    $('watch-line').textContent = text.best(w.pvChinese[0], w.pvChinese.map((move, k) => (k + 1) + '. ' + move).join('  '));
  }
  if (typeof classMoved === 'function') {
    classMoved();                                     // a class session's students follow (class.js)
  }
}

// The step of the next (or previous, {@code direction} -1) node that ended as {@code kind}
// (cut, table, repetition): the step at which it returns; null if there is none.
function jumpTarget(kind, direction) {
  if (!watch.data) {
    return null;
  }
  let target = null;
  watch.data.visits.forEach((visit, i) => {
    const at = watch.returnStep[i];
    if (visit.end === kind && (direction > 0 ? at > watch.step && (target === null || at < target)
      : at < watch.step && (target === null || at > target))) {
      target = at;
    }
  });
  return target;
}

function jump(kind, direction) {
  pause();
  const target = jumpTarget(kind, direction);
  if (target !== null) {
    goTo(target);
  }
}

// Scrolls a tree, and only the tree, to show the row in its middle: scrollIntoView would
// scroll the page as well, and on a phone, where the tree is under the board, hide the board.
// On a phone, where the tree runs below the window's edge, the row goes in the middle of the part
// of the tree that is in the window.
function centerRow(row, tree) {
  const box = tree.getBoundingClientRect();
  const [top, bottom] = [Math.max(box.top, 0), Math.min(box.bottom, innerHeight)];
  const middle = bottom - top > 2 * row.offsetHeight ? (top + bottom) / 2 : (box.top + box.bottom) / 2;
  tree.scrollTop += row.getBoundingClientRect().top + row.offsetHeight / 2 - middle;
}

// The step's sentence: what the search did at this event, from the recorded node.
function explain(event) {
  const text = watchText();
  const visits = watch.data.visits;
  const v = visits[event.node];
  const side = sideName(v.red);
  if (event.enter) {
    const now = windowAt(event.node, watch.step);
    const win = now ? windowText(now) : '';
    return v.parent >= 0 ? text.enter(v, win, side) : v.iteration ? text.enterIteration(v, win) : text.enterRoot(v, win);
  }
  const valueSide = watch.red ? sideName(true) : side;
  const val = shownValue(v, true);
  let said;
  switch (v.end) {
    case 'cut': said = cutSentence(v); break;
    case 'table': said = text.table(v, val, valueSide, text.tableKinds[boundInView(v)]); break;
    case 'repetition': said = text.repetition(v, text.rulings[v.ruling] || v.ruling, val, valueSide); break;
    case 'mate': said = text.mate(v, val, watch.red ? valueSide : side); break;
    case 'stalemate': said = text.stalemate(v, val, watch.red ? valueSide : side); break;
    case 'leaf': said = text.leaf(v, valueText(v, true), valueSide); break;
    default:
      if (v.parent < 0) {
        const w = watch.data;
        const last = v === lastRoot();
        return text.rootReturns(v, valueText(v, true), valueSide, last && w.pv.length > 0 ? w.pv[0] + ' ' + w.pvChinese[0] : '',
          w.pvChinese.join(' '));
      }
      said = text.searched(v, v.children.length, val, valueSide, text.kinds[boundInView(v)]);
  }
  return said + raiseSentence(v);
}

function boundInView(visit) {
  return {'=': 'exact', '≥': 'lower', '≤': 'upper'}[boundSign(visit)];
}

// The cut-off: the reply's value, whose it is, and the β it reached, in the view's terms.
function cutSentence(v) {
  const text = watchText();
  const c = watch.data.visits[v.children[v.children.length - 1]];
  const names = v.pruned.slice(0, MAX_PRUNED_NAMES).map((move, k) =>
    document.documentElement.lang.startsWith('zh') ? v.prunedChinese[k] : move).join(text.nameJoin)
    + (v.pruned.length > MAX_PRUNED_NAMES ? ' …' : '');
  const from = betaSource(watch.data.visits.indexOf(v));
  const source = from < 0 ? null : {move: watch.data.visits[from], side: sideName(!v.red),
    value: bare(watch.red ? watch.data.visits[from].redValueText : watch.data.visits[from].after[0])};
  const args = {sideV: sideName(v.red), sideC: sideName(c.red), names: names ? text.names(names) : '', source};
  if (watch.red) {
    return text.cutRed(v, c, {...args, value: bare(v.redValueText), alpha: bare(v.redWindow[0]), beta: bare(v.redWindow[1])});
  }
  return text.cut(v, c, {...args, childValue: bare(c.valueText), value: bare(v.valueText), beta: bare(v.beta)});
}

// Where node i's β came from (negamax: the bound its cut-off compares with; in red's terms the
// same number): the earlier sibling whose return last raised the parent's α, or, with none, the
// parent's own α as it came in, which is the grandparent's β negated: the same question two
// plies up. The index of that move's node, or -1 where the bound is the root's own (∞, or an
// aspiration window) or the record does not agree (then nothing is said rather than a guess).
function betaSource(i) {
  const visits = watch.data.visits;
  const beta = visits[i].beta;
  for (let node = i; visits[node].parent >= 0;) {
    const parent = visits[node].parent;
    const siblings = visits[parent].children;
    for (let k = siblings.indexOf(node) - 1; k >= 0; k--) {
      const sibling = visits[siblings[k]];
      if (sibling.raised) {
        return sibling.after && negated(sibling.after[0]) === beta && sibling.move ? siblings[k] : -1;
      }
    }
    node = visits[parent].parent;
    if (node < 0) {
      return -1;
    }
  }
  return -1;
}

// A score's text negated, as the server writes it (200, -∞, M2, M-1): negamax's change of side.
function negated(text) {
  if (text === null || text === undefined) {
    return text;
  }
  const mate = /^M(-?)(\d+)$/.exec(text);
  if (mate) {
    return 'M' + (mate[1] ? '' : '-') + mate[2];
  }
  return text === '∞' ? '-∞' : text === '-∞' ? '∞' : text === '0' ? '0' : text.startsWith('-') ? text.slice(1) : '-' + text;
}

// A score's text as an ordered number, for comparing two bounds (mates beyond every centipawn score).
function scoreOrder(text) {
  const mate = /^M(-?)(\d+)$/.exec(text);
  if (mate) {
    return mate[1] ? -100000 + Number(mate[2]) : 100000 - Number(mate[2]);
  }
  return text === '∞' ? Infinity : text === '-∞' ? -Infinity : Number(text);
}

// A score inside a comparison or a window: the page's notation, no unit.
// Chinese text puts a space before a number ("α 升到 35") but none before Chinese words
// ("α 升到一步杀").
function latinGap(text) {
  return /^[-+0-9∞−]/.test(text) ? ' ' : '';
}

function bare(text) {
  return scoreWords(text, false);
}

// What a child's return did to its parent's window: α rose (for red at a black node, β fell).
function raiseSentence(v) {
  const text = watchText();
  if (v.parent < 0 || !v.raised) {
    return '';
  }
  const parent = watch.data.visits[v.parent];
  const last = parent.children[parent.children.length - 1] === watch.data.visits.indexOf(v);
  const atBlack = watch.red && !parent.red;
  const reaches = parent.end === 'cut' && last ? text.gap + (atBlack ? text.reachesAlpha : text.reaches) : '';
  const i = watch.data.visits.indexOf(v);
  const before = windowAt(v.parent, watch.returnStep[i] - 1);
  const emptied = watch.red ? v.redAfter : v.after;
  const empty = i === watch.firstEmpty ? text.gap + text.empty(watch.red ? '[' + bare(emptied[0]) + ', ' + bare(emptied[1]) + ']'
    : '(' + bare(emptied[0]) + ', ' + bare(emptied[1]) + ')') : '';
  if (atBlack) {
    return text.gap + text.falls(bare(before[1]), bare(v.redAfter[1]), sideName(false)) + reaches + empty;
  }
  return text.gap + text.rises(bare(before[0]), bare(watch.red ? v.redAfter[0] : v.after[0]), sideName(parent.red))
    + reaches + empty;
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

// The node's position, with the moves from the root drawn as numbered arrows (arrow): none
// of them, and none of their numbers, hides a piece.
function drawWatchBoard(visit, line) {
  const svg = $('watch-board');
  svg.textContent = '';
  const defs = make('defs', {}, svg);
  for (const [id, colour] of [['watch-arrow', '#1f5fbf'], ['watch-arrow-pruned', '#c2410c'], ['watch-arrow-pv', '#1d7a30']]) {
    const marker = make('marker', {id, viewBox: '0 0 10 10', refX: 10, refY: 5,
      markerWidth: 3.5, markerHeight: 3.5, orient: 'auto-start-reverse'}, defs);
    make('path', {d: 'M0 0 L10 5 L0 10 z', fill: colour}, marker);
  }
  drawGrid(svg);
  if (!visit) {
    return;
  }
  make('g', {id: 'watch-arrows'}, svg);           // arrows, drawn before the pieces: under them
  for (let square = 0; square < 90; square++) {
    const letter = visit.board[square];
    if (letter === '.') {
      continue;
    }
    const [x, y] = place(square);
    const piece = make('g', {class: 'piece ' + (letter === letter.toUpperCase() ? 'red' : 'black')}, svg);
    make('circle', {cx: x, cy: y, r: 27, class: 'outer'}, piece);
    make('circle', {cx: x, cy: y, r: 22.5, class: 'inner'}, piece);
    make('text', {x, y: y + 11, 'text-anchor': 'middle'}, piece, NAMES[letter]);
  }
  const moves = [];
  for (let i = watch.data.visits.indexOf(visit); i >= 0 && watch.data.visits[i].move; i = watch.data.visits[i].parent) {
    moves.unshift(watch.data.visits[i]);
  }
  moves.forEach((v, k) => arrow(v.move, 'watch-arrow' + (k === moves.length - 1 ? ' last' : ''), 'watch-arrow', k + 1));
  $('watch-line').textContent = moves.map((v, k) => (k + 1) + '. ' + v.chinese).join('  ');
}

// One move as an arrow on the watch board, numbered if {@code number} is given. It goes under
// the pieces and ends at the edge of the piece it points to, or near the point if none stands
// there (a move never tried, from the piece still on its point, would be hidden under the two
// pieces otherwise); its number sits at its tail, or beside it (numberPlace).
function arrow(move, className, marker, number, shift = 0, over = false) {
  const svg = $('watch-board');
  const [fromX, fromY] = place(squareOf(move.slice(0, 2)));
  const [toX, toY] = place(squareOf(move.slice(2)));
  const length = Math.hypot(toX - fromX, toY - fromY);
  const [dx, dy] = [(toX - fromX) / length, (toY - fromY) / length];
  // shifted sideways (a line that goes back over another), the same for both ends
  const [x1, y1, x2, y2] = [fromX - dy * shift, fromY + dx * shift, toX - dy * shift, toY + dx * shift];
  const pieces = circlesOn(svg, '.piece circle.outer');
  const stop = pieces.some(([cx, cy]) => cx === toX && cy === toY) ? 29 : over ? 0 : 12;
  // drawn over the pieces (a move never tried), it starts at the edge of the piece that would make it
  const start = over && pieces.some(([cx, cy]) => cx === fromX && cy === fromY) ? 27 : 0;
  make('line', {x1: x1 + dx * start, y1: y1 + dy * start, x2: x2 - dx * stop, y2: y2 - dy * stop, class: className,
    'marker-end': 'url(#' + marker + ')'}, over ? $('watch-over') : $('watch-arrows'));
  if (number) {
    const [x, y] = numberPlace(fromX, fromY, dx, dy, circlesOn(svg, '.piece circle.outer, circle.watch-number'));
    make('circle', {cx: x, cy: y, r: 13, class: 'watch-number ' + marker}, svg);
    make('text', {x, y: y + 6, 'text-anchor': 'middle', class: 'watch-number'}, svg, String(number));
  }
}

// Where a move's number goes: just behind the point (x, y) the move starts from, against its
// direction (dx, dy), if no piece stands there (45 units or more from every other point: a
// number of radius 13 clears a piece of radius 27 and a half); else in the middle of one of
// the four squares around it (42 units from every point), inside the board, away from the
// move's direction. The first of these places that no piece and no other number of those
// taken ([x, y, radius] each) covers.
function numberPlace(x, y, dx, dy, taken) {
  const inside = ([cx, cy]) => cx > LEFT && cx < LEFT + 8 * STEP && cy > TOP && cy < TOP + 9 * STEP;
  const corners = [[-1, -1], [1, -1], [-1, 1], [1, 1]]
    .map(([sx, sy]) => [x + sx * STEP / 2, y + sy * STEP / 2, sx * dx + sy * dy])
    .sort((a, b) => (inside(b) - inside(a)) || a[2] - b[2]);
  const places = [[x - dx * 15, y - dy * 15], ...corners];
  return places.find(([px, py]) => taken.every(([cx, cy, r]) => Math.hypot(px - cx, py - cy) >= r + 14)) || places[1];
}

// The circles on the board that {@code selector} picks (pieces, numbers), each as [x, y, radius].
function circlesOn(svg, selector) {
  return [...svg.querySelectorAll(selector)]
    .map(circle => ['cx', 'cy', 'r'].map(name => Number(circle.getAttribute(name))));
}

// Moves from the shown position, kind 'pruned' (the ones a cut-off never tried, faint) or
// 'pv' (the principal variation at the end, numbered).
// A move never tried is drawn over the pieces, bold, so that it is seen from the back of a room;
// a line of moves that comes back over a segment (e1f1 f1e1) has each pass shifted to one side.
function drawMoves(moves, kind, numbered) {
  if (!$('watch-over')) {
    make('g', {id: 'watch-over'}, $('watch-board'));
  }
  const segment = move => [move.slice(0, 2), move.slice(2)].sort().join('');
  const passes = {};
  moves.forEach(move => {
    passes[segment(move)] = (passes[segment(move)] || 0) + 1;
  });
  const drawn = {};
  moves.forEach((move, k) => {
    const key = segment(move);
    drawn[key] = (drawn[key] || 0) + 1;
    // a pass and its way back fall on opposite sides of the segment; a third pass further out
    const shift = passes[key] > 1 ? 9 * Math.ceil(drawn[key] / 2) : 0;
    arrow(move, 'watch-' + kind, 'watch-arrow-' + kind, numbered ? k + 1 : 0, shift, kind === 'pruned');
  });
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
    stepForward();
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
  if (!watch.open || event.altKey || event.ctrlKey || event.metaKey) {
    return;
  }
  // a focused menu (speed, depth) would take ← and → for itself: they step through the search
  const menu = event.target.closest('select');
  if (menu && (event.key === 'ArrowRight' || event.key === 'ArrowLeft')) {
    menu.blur();
  } else if (event.target.closest('input, select, textarea')) {
    return;
  }
  if (typeof classFollowing === 'function' && classFollowing() && !/^[1-9]$/.test(event.key)) {
    return;                                      // a student's page follows the teacher's: only the answer keys
  }
  if (quiz.pending && /^[1-9]$/.test(event.key)) {
    const choice = document.querySelectorAll('#watch-quiz .wq-choice')[Number(event.key) - 1];
    if (choice) {
      event.preventDefault();
      choice.click();
    }
    return;
  }
  const keys = {
    ArrowRight: stepForward,
    ArrowLeft: () => goTo(watch.step - 1),
    Home: () => goTo(0),
    End: () => goTo(watch.events.length),
    ArrowUp: finishNode,
    Escape: closeWatch
  };
  const kind = JUMP_KEYS[event.key.toLowerCase()];
  if (event.key === ' ') {
    event.preventDefault();
    togglePlay();
  } else if (kind) {
    event.preventDefault();
    jump(kind, event.shiftKey ? -1 : 1);
  } else if (keys[event.key]) {
    event.preventDefault();
    pause();
    keys[event.key]();
  }
}

// ---- Predict, then see (issue 39): with "quiz" ticked, a step forward that would show one of
// the steps that carry the chapter's idea stops first and asks. Every question and its answer
// are read from the search's record (watch.data), never computed again here: a return's value
// and bound, whether a reply cuts off, the moves never tried, the table's answer (chapter 4
// on), the move picker's stage (chapter 5 on), the arbiter's ruling (chapter 6). The score,
// right of asked, is kept per chapter in the browser (localStorage) until "start over".

const QUIZ_TEXT = {
  en: {
    toggle: 'quiz',
    toggleTitle: 'predict, then see: stop before the steps that carry the chapter\'s idea and ask first',
    score: (right, asked) => 'score: ' + right + ' right of ' + asked,
    startOver: 'start over',
    skip: 'show without answering',
    submit: 'answer',
    ask: 'Predict:',
    node: v => v.parent < 0 ? 'the root' : v.move,
    value: (v, side) => 'What value comes back from ' + QUIZ_TEXT.en.node(v) + ', for ' + side
      + ', and is it exact (=), at least (≥) or at most (≤)?',
    valueExact: (v, side) => 'What value comes back from ' + QUIZ_TEXT.en.node(v) + ', for ' + side + '?',
    cut: (p, c) => c.move + ' is about to return. Will the search cut off at ' + QUIZ_TEXT.en.node(p)
      + ' now, leaving the rest of its moves untried?',
    pruned: p => 'Which moves of ' + QUIZ_TEXT.en.node(p) + ' will never be tried? Tick every one.',
    table: v => 'Will the transposition table answer ' + v.move + ' without a search, and with what?',
    ruling: v => v.move + ' brings a position back. What will the arbiter rule?',
    stage: p => 'Which stage of the move picker gives the next move at ' + QUIZ_TEXT.en.node(p) + '?',
    yes: 'yes',
    no: 'no',
    tableNo: 'no: its moves are searched',
    tableYes: shown => 'yes: ' + shown,
    rulingNone: 'no ruling: play goes on',
    right: 'Right.',
    wrong: (said, is) => 'Not quite: you said ' + said + '; it is ' + is + '.',
    kindWords: {exact: 'exact', lower: 'at least', upper: 'at most'},
    // why, with the rule and the numbers
    exactWhy: (n, best, val, win) => (n === 1 ? 'Its only move, ' + best + ', was tried' : 'All ' + n + ' moves were tried; the best is '
      + best) + (win ? ', and ' + val + ' lies inside the window ' + win : '') + ': the value is exact, ' + val + '.',
    cutWhy: (c, val, sign, name, bound, side) => 'The move ' + c + ' gave ' + val + ' ' + sign + ' ' + name + ' = ' + bound
      + ': the search stopped there, so ' + side + ' gets ' + (sign === '≥' ? 'at least ' : 'at most ') + val + '.',
    lowWhy: (n, val, sign, name, bound, side) => 'All ' + n + ' moves were tried and none got past ' + name + ' = ' + bound
      + ' (the best gave ' + val + '): ' + side + ' gets ' + (sign === '≥' ? 'at least ' : 'at most ') + val + '.',
    cutYes: (c, side, val, sign, name, bound, source) => c + ' gives ' + side + ' ' + val + ' ' + sign + ' ' + name + ' = ' + bound
      + (source ? ' (' + source + ')' : '') + ': the rule is "' + (sign === '≥' ? 'score ≥ β' : 'score ≤ α') + ': stop".',
    cutNo: (c, side, val, sign, name, bound) => c + ' gives ' + side + ' ' + val + ', not ' + sign + ' ' + name + ' = ' + bound
      + ': the window is still open, so the next move is tried.',
    source: (side, value, move) => side + ' already has ' + value + ' from ' + move,
    prunedWhy: (moves, last) => 'The cut-off comes right after ' + last + '; the moves it leaves, ' + moves + ', are never searched.',
    tableYesWhy: (kind, val, name, bound) => kind === 'exact' ? 'The table held this position searched deep enough, with an exact value: '
      + val + ', usable in any window.' : 'The table held this position searched deep enough, with ' + val + ', and '
      + val.replace(/^[≥≤] /, '') + (kind === 'lower' ? ' ≥ ' : ' ≤ ') + name + ' = ' + bound + ': enough to settle the node.',
    tableNoWhy: 'This position was seen before in the search, but what the table held did not settle the window here'
      + ' (not deep enough, or a bound on the wrong side): its moves are searched.',
    stageWhy: (move, stage) => move + ' comes from the stage "' + stage + '". The picker tries the table\'s move first, then'
      + ' captures, then the killer moves, then the rest.',
    stageNames: {hash: 'the table\'s move', captures: 'captures', 'killer 1': 'killer 1', 'killer 2': 'killer 2',
      quiets: 'the other moves'},
    noQuestions: 'In this search no step asks a question.'
  },
  zh: {
    toggle: '提问',
    toggleTitle: '先猜后看：在体现本章要点的那几步之前停下来，先提问',
    score: (right, asked) => '得分：答了 ' + asked + ' 题，对 ' + right + ' 题',
    startOver: '重新计分',
    skip: '不答，直接看',
    submit: '作答',
    ask: '先猜一猜：',
    node: v => v.parent < 0 ? '根节点' : v.chinese + '（' + v.move + '）',
    value: (v, side) => QUIZ_TEXT.zh.node(v) + '对' + side + '返回多少分？是精确值（=）、至少（≥）还是至多（≤）？',
    valueExact: (v, side) => QUIZ_TEXT.zh.node(v) + '对' + side + '返回多少分？',
    cut: (p, c) => c.chinese + '（' + c.move + '）马上要返回。' + QUIZ_TEXT.zh.node(p) + '会不会就此截断，其余着法不再尝试？',
    pruned: p => QUIZ_TEXT.zh.node(p) + '的哪些着法永远不会尝试？全部勾出来。',
    table: v => '置换表会不会直接给出' + v.chinese + '（' + v.move + '）的结果、不必搜索？给的是什么？',
    ruling: v => v.chinese + '（' + v.move + '）使局面重复出现。裁判会怎样裁决？',
    stage: p => QUIZ_TEXT.zh.node(p) + '的下一步着法来自着法生成的哪个阶段？',
    yes: '会',
    no: '不会',
    tableNo: '不会：要搜索它的着法',
    tableYes: shown => '会：' + shown,
    rulingNone: '不裁决：继续走棋',
    right: '答对了。',
    wrong: (said, is) => '答错了：你选的是“' + said + '”，应为“' + is + '”。',
    kindWords: {exact: '精确值', lower: '至少', upper: '至多'},
    exactWhy: (n, best, val, win) => (n === 1 ? '唯一的一步着法' + best + '已经试过' : n + ' 步着法都试过了，最好的是' + best)
      + (win ? '，' + val + ' 落在窗口 ' + win + ' 之内' : '') + '：返回的是精确值 ' + val + '。',
    cutWhy: (c, val, sign, name, bound, side) => '着法' + c + '得 ' + val + ' ' + sign + ' ' + name + ' = ' + bound
      + '：搜索到此为止，所以' + side + (sign === '≥' ? '至少' : '至多') + '得 ' + val + '。',
    lowWhy: (n, val, sign, name, bound, side) => n + ' 步着法都试过了，没有一步越过 ' + name + ' = ' + bound + '（最好的得 '
      + val + '）：' + side + (sign === '≥' ? '至少' : '至多') + '得 ' + val + '。',
    cutYes: (c, side, val, sign, name, bound, source) => c + '使' + side + '得 ' + val + ' ' + sign + ' ' + name + ' = ' + bound
      + (source ? '（' + source + '）' : '') + '：规则是“' + (sign === '≥' ? '分值 ≥ β' : '分值 ≤ α') + '就停”。',
    cutNo: (c, side, val, sign, name, bound) => c + '使' + side + '得 ' + val + '，并不 ' + sign + ' ' + name + ' = ' + bound
      + '：窗口还开着，所以接着试下一步。',
    source: (side, value, move) => side + '走' + move + '已有把握得到 ' + value,
    prunedWhy: (moves, last) => '截断紧跟在' + last + '之后发生；剩下的' + moves + '都不再搜索。',
    tableYesWhy: (kind, val, name, bound) => kind === 'exact' ? '置换表里存着这个局面足够深的搜索结果，是精确值 ' + val
      + '，任何窗口都能直接用。' : '置换表里存着这个局面足够深的搜索结果 ' + val + '，而 ' + val.replace(/^[≥≤] /, '')
      + (kind === 'lower' ? ' ≥ ' : ' ≤ ') + name + ' = ' + bound + '：足以了结这个节点。',
    tableNoWhy: '这个局面在搜索中出现过，但表里存的结果了结不了这里的窗口（深度不够，或者界在另一侧）：只好搜索它的着法。',
    stageWhy: (move, stage) => move + '来自“' + stage + '”阶段。着法生成器先试置换表着法，再试吃子着法，再试杀手着法，最后是其余着法。',
    stageNames: {hash: '置换表着法', captures: '吃子着法', 'killer 1': '杀手着法 1', 'killer 2': '杀手着法 2', quiets: '其余着法'},
    noQuestions: '这次搜索没有要提问的步。'
  }
};

function quizText() {
  return QUIZ_TEXT[document.documentElement.lang.startsWith('zh') ? 'zh' : 'en'];
}

const quiz = {
  on: false,
  pending: null,     // {step, items, index, said}: the questions before step, the one being asked
  verdicts: null,    // {step, lines}: what the answers were, shown at the step they asked about
  asked: new Set()   // the steps already asked about in this search: asked once, scored once
};

function quizKey() {
  return 'xiangqi.quiz.' + (state.chapter ? state.chapter.chapter : 'chapter');
}

function quizScore() {
  try {
    const kept = JSON.parse(localStorage.getItem(quizKey()));
    if (kept && Number.isInteger(kept.asked) && Number.isInteger(kept.right)) {
      return {asked: kept.asked, right: kept.right, kinds: kept.kinds || {}};
    }
  } catch (e) {
    // no storage (a private window) or a broken entry: start from nothing
  }
  return {asked: 0, right: 0, kinds: {}};
}

function keepScore(kind, right) {
  const score = quizScore();
  score.asked++;
  score.right += right ? 1 : 0;
  const of = score.kinds[kind] || {asked: 0, right: 0};
  score.kinds[kind] = {asked: of.asked + 1, right: of.right + (right ? 1 : 0)};
  try {
    localStorage.setItem(quizKey(), JSON.stringify(score));
  } catch (e) {
    // kept for this page only
  }
  showScore(score);
}

function showScore(score = quizScore()) {
  const text = quizText();
  $('watch-score').textContent = text.score(score.right, score.asked);
}

// The questions to ask before step {@code step} is shown (1-based), each {kind, node, ...}.
function questionsBefore(step) {
  const visits = watch.data.visits;
  const event = watch.events[step - 1];
  const v = visits[event.node];
  const items = [];
  if (event.enter) {
    // the node whose first move this is was just entered: would the table have answered it?
    const parent = v.parent >= 0 ? visits[v.parent] : null;
    if (parent && parent.children[0] === event.node && hasTable() && seenBefore(v.parent)) {
      items.push({kind: 'table', node: v.parent});
    }
    if (v.stage && parent) {
      const k = parent.children.indexOf(event.node);
      if (k === 0 || visits[parent.children[k - 1]].stage !== v.stage) {
        items.push({kind: 'stage', node: event.node});
      }
    }
    return items;
  }
  if (v.end === 'table') {
    items.push({kind: 'table', node: event.node});
  } else if (v.end === 'repetition') {
    items.push({kind: 'ruling', node: event.node});
  } else if ((v.end === 'searched' || v.end === 'cut') && v.children.length > 0) {
    items.push({kind: 'value', node: event.node});
  }
  const parent = v.parent >= 0 ? visits[v.parent] : null;
  // a reply that moved the window, where a cut-off can happen: β is not the root's ∞
  if (parent && parent.alpha !== null && v.raised && parent.beta !== '∞') {
    items.push({kind: 'cut', node: v.parent, child: event.node});
    if (parent.end === 'cut' && parent.children[parent.children.length - 1] === event.node && parent.pruned.length > 0) {
      items.push({kind: 'pruned', node: v.parent, child: event.node});
    }
  }
  return items;
}

// Whether the record has the position of node i (its key) at an earlier node of the same
// iteration: a transposition, the one case besides a table answer where "will the table
// answer?" is a question (every position of an iteration was seen in the one before).
function seenBefore(i) {
  const visits = watch.data.visits;
  let j = i;
  while (j > 0 && visits[j].parent >= 0) {
    j--;
  }
  for (; j < i; j++) {
    if (visits[j].key === visits[i].key) {
      return true;
    }
  }
  return false;
}

// The transposition table comes in chapter 4; chapter 3's keys alone answer nothing.
const TABLE_CHAPTER = 4;

function hasTable() {
  const number = /(\d+)/.exec(state.chapter ? state.chapter.chapter : '');
  return number !== null && Number(number[1]) >= TABLE_CHAPTER;
}

// A value as the view shows it, from its bound and its text in negamax terms at node v.
function valueInView(v, bound, text, unit = false) {
  let [shownBound, shownText] = [bound, text];
  if (watch.red && !v.red) {
    shownBound = bound === 'lower' ? 'upper' : bound === 'upper' ? 'lower' : bound;
    shownText = negated(text);
  }
  return {exact: '=', lower: '≥', upper: '≤'}[shownBound] + ' ' + scoreWords(shownText, unit);
}

// The question's choices, each {id, label}, the right answer's ids, and the sentence asking.
function askFor(item) {
  const text = quizText();
  const visits = watch.data.visits;
  const v = visits[item.node];
  switch (item.kind) {
    case 'value': {
      const side = watch.red ? sideName(true) : sideName(v.red);
      const truth = v.bound + '|' + v.valueText;
      const numbers = [v.valueText];
      // another number from the record: a child's value as v sees it (negated), the mistake of
      // taking the wrong reply, or, failing that, the value not negated
      for (const c of v.children) {
        const seen = negated(visits[c].valueText);
        if (!numbers.includes(seen) && numbers.length < (v.alpha === null ? 4 : 2)) {
          numbers.push(seen);
        }
      }
      if (numbers.length === 1 && negated(v.valueText) !== v.valueText) {
        numbers.push(negated(v.valueText));
      }
      const choices = [];
      const bounds = v.alpha === null ? ['exact'] : ['exact', 'lower', 'upper'];
      numbers.forEach((number, k) => {
        for (const bound of k === 0 ? bounds : ['exact']) {
          choices.push({id: bound + '|' + number, label: valueInView(v, bound, number)});
        }
      });
      choices.sort((a, b) => scoreOrder(a.id.split('|')[1]) - scoreOrder(b.id.split('|')[1]) || a.label.localeCompare(b.label));
      return {question: (v.alpha === null ? text.valueExact : text.value)(v, side), choices, right: [truth]};
    }
    case 'cut': {
      const yes = v.end === 'cut' && v.children[v.children.length - 1] === item.child;
      return {question: text.cut(v, visits[item.child]), choices: [{id: 'yes', label: text.yes}, {id: 'no', label: text.no}],
        right: [yes ? 'yes' : 'no']};
    }
    case 'pruned': {
      const moves = [...v.children.map(c => visits[c].move), ...v.pruned];
      const names = [...v.children.map(c => visits[c].chinese), ...v.prunedChinese];
      const zh = document.documentElement.lang.startsWith('zh');
      return {question: text.pruned(v), multiple: true,
        choices: moves.map((move, k) => ({id: move, label: zh ? names[k] + '（' + move + '）' : move + ' ' + names[k]})),
        right: [...v.pruned]};
    }
    case 'table': {
      const bounds = ['exact', 'lower', 'upper'];
      return {question: text.table(v), choices: [{id: 'no', label: text.tableNo},
        ...bounds.map(bound => {
          const kind = boundInView({...v, bound});
          return {id: bound, label: text.tableYes({exact: '=', lower: '≥', upper: '≤'}[kind] + watchText().names(text.kindWords[kind]))};
        })],
        right: [v.end === 'table' ? v.bound : 'no']};
    }
    case 'ruling': {
      const rulings = ['draw', 'red-loses', 'black-loses'];
      if (v.ruling && !rulings.includes(v.ruling)) {
        rulings.push(v.ruling);
      }
      return {question: text.ruling(v), choices: [{id: 'none', label: text.rulingNone},
        ...rulings.map(ruling => ({id: ruling, label: watchText().rulings[ruling] || ruling}))], right: [v.ruling]};
    }
    case 'stage': {
      const parent = visits[v.parent];
      const stages = ['hash', 'captures', 'killer 1', 'killer 2', 'quiets'];
      return {question: text.stage(parent), choices: stages.map(stage => ({id: stage, label: text.stageNames[stage]})),
        right: [v.stage]};
    }
  }
  return null;
}

// Why the answer is what it is: the rule that decided it, with the record's numbers.
function whyFor(item) {
  const text = quizText();
  const visits = watch.data.visits;
  const v = visits[item.node];
  const zh = document.documentElement.lang.startsWith('zh');
  const moveName = x => (zh ? x.chinese + '（' + x.move + '）' : x.move);
  switch (item.kind) {
    case 'value': {
      const side = watch.red ? sideName(true) : sideName(v.red);
      const shown = shownValue(v).replace(/^[=≥≤] /, '');
      const sign = boundSign(v);
      const last = visits[v.children[v.children.length - 1]];
      const win = v.alpha === null ? '' : watch.red ? '[' + bare(v.redWindow[0]) + ', ' + bare(v.redWindow[1]) + ']'
        : '(' + bare(v.alpha) + ', ' + bare(v.beta) + ')';
      const [alpha, beta] = watch.red ? v.redWindow : [v.alpha, v.beta];
      if (sign === '=') {
        const best = v.children.map(c => visits[c]).find(c => (watch.red ? c.redValueText : negated(c.valueText))
          === (watch.red ? v.redValueText : v.valueText)) || last;
        return text.exactWhy(v.children.length, moveName(best), shown, win);
      }
      const name = sign === '≥' ? 'β' : 'α';
      const bound = bare(sign === '≥' ? beta : alpha);
      return v.end === 'cut' ? text.cutWhy(moveName(last), shown, sign, name, bound, side)
        : text.lowWhy(v.children.length, shown, sign, name, bound, side);
    }
    case 'cut': {
      const c = visits[item.child];
      const i = item.node;
      const atBlack = watch.red && !v.red;
      const [sign, name] = atBlack ? ['≤', 'α'] : ['≥', 'β'];
      const value = bare(watch.red ? c.redValueText : negated(c.valueText));
      const window = watch.red ? v.redWindow : [v.alpha, v.beta];
      const bound = bare(atBlack ? window[0] : window[1]);
      const yes = v.end === 'cut' && v.children[v.children.length - 1] === item.child;
      const side = watch.red ? sideName(true) : sideName(v.red);
      if (!yes) {
        return text.cutNo(moveName(c), side, value, sign, name, bound);
      }
      const from = betaSource(i);
      const source = from < 0 ? '' : text.source(sideName(!v.red),
        bare(watch.red ? visits[from].redValueText : visits[from].after[0]), moveName(visits[from]));
      return text.cutYes(moveName(c), side, value, sign, name, bound, source);
    }
    case 'pruned': {
      const names = v.pruned.map((move, k) => (zh ? v.prunedChinese[k] + '（' + move + '）' : move)).join(zh ? '、' : ', ');
      return text.prunedWhy(names, moveName(visits[item.child]));
    }
    case 'table': {
      if (v.end !== 'table') {
        return text.tableNoWhy;
      }
      const kind = boundInView(v);
      const window = watch.red ? v.redWindow : [v.alpha, v.beta];
      return text.tableYesWhy(kind, shownValue(v), kind === 'lower' ? 'β' : 'α', bare(kind === 'lower' ? window[1] : window[0]));
    }
    case 'ruling':
      return explain({node: item.node, enter: false});
    case 'stage':
      return text.stageWhy(moveName(v), text.stageNames[v.stage] || v.stage);
  }
  return '';
}

// One step forward, as →, "step" and play take it: with the quiz on, a step that carries a
// question waits for the answer (play pauses there).
function stepForward() {
  if (!watch.data || watch.step >= watch.events.length) {
    pause();
    return;
  }
  const next = watch.step + 1;
  if (quiz.pending) {
    return;
  }
  if (quiz.on && !quiz.asked.has(next)) {
    const items = questionsBefore(next);
    quiz.asked.add(next);
    if (items.length > 0) {
      pause();
      quiz.pending = {step: next, items, index: 0, lines: []};
      renderQuiz();
      return;
    }
  }
  goTo(next);
}

// The question being asked, or, at the step it asked about, the verdicts; else nothing.
function renderQuiz() {
  const box = $('watch-quiz');
  const text = quizText();
  box.textContent = '';
  $('watch-quiz-toggle-box').checked = quiz.on;
  $('watch-score-line').hidden = !quiz.on;
  showScore();
  if (typeof classQuiz === 'function' && classQuiz()) {
    return;                                      // a class session's question (class.js)
  }
  const pending = quiz.pending;
  if (pending) {
    const item = pending.items[pending.index];
    const asked = askFor(item);
    box.hidden = false;
    box.className = 'asking';
    box.dataset.kind = item.kind;
    for (const line of pending.lines) {
      element('p', {class: 'wq-verdict ' + line.verdict}, box, line.text);
    }
    const question = element('p', {class: 'wq-question'}, box);
    element('b', {}, question, text.ask + watchText().gap);
    question.append(asked.question);
    const choices = element('div', {class: 'wq-choices'}, box);
    asked.choices.forEach((choice, k) => {
      if (asked.multiple) {
        const label = element('label', {class: 'wq-choice'}, choices);
        element('input', {type: 'checkbox', value: choice.id, 'data-answer': choice.id}, label);
        label.append(' ' + choice.label);
      } else {
        const button = element('button', {type: 'button', class: 'wq-choice', 'data-answer': choice.id}, choices,
          (k + 1) + '. ' + choice.label);
        button.addEventListener('click', () => answer([choice.id]));
      }
    });
    const actions = element('div', {class: 'wq-actions'}, box);
    if (asked.multiple) {
      element('button', {type: 'button', id: 'watch-quiz-submit'}, actions, text.submit).addEventListener('click', () =>
        answer([...choices.querySelectorAll('input:checked')].map(input => input.value)));
    }
    element('button', {type: 'button', id: 'watch-quiz-skip'}, actions, text.skip).addEventListener('click', () => {
      const step = pending.step;
      quiz.pending = null;
      quiz.verdicts = pending.lines.length > 0 ? {step, lines: pending.lines} : null;
      goTo(step);
    });
    centerCurrent();
    return;
  }
  const verdicts = quiz.verdicts && quiz.verdicts.step === watch.step ? quiz.verdicts.lines : [];
  box.hidden = verdicts.length === 0;
  box.className = 'verdicts';
  delete box.dataset.kind;
  for (const line of verdicts) {
    element('p', {class: 'wq-verdict ' + line.verdict}, box, line.text);
  }
  centerCurrent();
}

// The current node's row in the middle of the tree again, once the question or the verdicts
// above it have taken their room.
function centerCurrent() {
  const event = watch.step > 0 ? watch.events[watch.step - 1] : null;
  if (event) {
    centerRow(watch.rows[event.node], $('watch-tree'));
  }
}

// The student's answer to the question being asked: right or wrong, said with the rule and the
// numbers; then the next question of this step, or the step itself.
function answer(ids) {
  const pending = quiz.pending;
  if (!pending) {
    return;
  }
  const text = quizText();
  const item = pending.items[pending.index];
  const asked = askFor(item);
  const given = [...new Set(ids)].sort();
  const right = [...asked.right].sort();
  const ok = given.length === right.length && given.every((id, k) => id === right[k]);
  const label = list => list.map(id => (asked.choices.find(choice => choice.id === id) || {label: id}).label)
    .join(document.documentElement.lang.startsWith('zh') ? '、' : ', ') || '—';
  keepScore(item.kind, ok);
  pending.lines.push({verdict: ok ? 'right' : 'wrong', kind: item.kind,
    text: (ok ? '✔ ' + text.right : '✘ ' + text.wrong(label(given), label(right))) + watchText().gap + whyFor(item)});
  // "which moves will never be tried?" only follows a cut-off the student saw coming or not
  pending.index++;
  if (pending.index < pending.items.length) {
    renderQuiz();
    return;
  }
  quiz.pending = null;
  quiz.verdicts = {step: pending.step, lines: pending.lines};
  goTo(pending.step);
}

function startOver() {
  try {
    localStorage.removeItem(quizKey());
  } catch (e) {
    // nothing kept
  }
  quiz.asked = new Set();
  quiz.verdicts = null;
  if (quiz.pending) {
    quiz.asked.add(quiz.pending.step);
  }
  showScore();
}

// A link with #watch opens watch mode once board.js has set up the linked game. The hash is
// read now: board.js rewrites the address when the game is set.
const watchLink = new URLSearchParams(location.hash.startsWith('#watch') ? location.hash.slice(1) : '');
// A hash changed by hand (or by the browser's back button) moves to its step, view and depth.
window.addEventListener('hashchange', () => {
  if (!location.hash.startsWith('#watch') || !state.chapter || !state.view) {
    return;
  }
  const link = new URLSearchParams(location.hash.slice(1));
  const depth = Number(link.get('depth')) || DEFAULT_WATCH_DEPTH;
  const step = link.get('step');
  watch.red = link.get('view') === 'red';
  if (watch.open && watch.data && watch.data.depth === depth && (step === null || /^\d+$/.test(step))
    && (step === null || Number(step) <= watch.events.length)) {
    goTo(step === null ? watch.step : Number(step));
  } else {
    openWatch(depth, step === null ? null : step);
  }
});
buildWatch();
watch.red = watchLink.get('view') === 'red';
if (location.hash.startsWith('#watch')) {
  const waitForGame = setInterval(() => {
    if (state.chapter && state.view) {
      clearInterval(waitForGame);
      const step = watchLink.get('step');
      if (watchLink.get('compare') === '1') {
        $('compare').checked = true;
      }
      openWatch(Number(watchLink.get('depth')) || DEFAULT_WATCH_DEPTH, step === null ? null : step);
    }
  }, 50);
}
