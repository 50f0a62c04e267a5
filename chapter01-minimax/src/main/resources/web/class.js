// A class answers together (issue 39, point 2): the same file in every chapter. The teacher's
// page starts a class session; students join it with a nickname; their pages follow the
// teacher's (the position, watch mode's depth, view and step), and at a quiz step each student
// answers on their own device. The teacher's page shows how many answered, then the spread of
// the answers, and downloads the scores as CSV. The board keeps it all in memory (ClassSession).
//
// Only the teacher drives: the page holds the teacher's key, which the board gives only to a
// page opened on its own machine, or which the teacher's link serve printed carries
// (#teacher=KEY). A page opened from the join link (?class=join) never asks for it: it is a
// student's, even on the lectern's machine. A student's page holds its seat, the secret the
// board gave it at joining. The questions are watch.js's own (questionsBefore, askFor, whyFor):
// read from the search's record, by the teacher's page to ask and by each student's to show.
// Uses board.js (state, t, $, setGame, CLIENT) and watch.js (watch, quiz, openWatch, renderWatch).
'use strict';

const classroom = {
  key: null,          // the teacher's key: this page drives the class
  seat: null,         // {session, seat, nickname}: this page is a student's in that session
  joining: new URLSearchParams(location.search).get('class') === 'join',   // opened from the join link
  last: null,         // what the board said at the last poll
  lastText: '',       // the same, as text: a poll that brings nothing new draws nothing again
  ticks: {},          // a student's ticked choices, by question number, not sent yet
  version: -1,        // the last poll's version: the next one waits for a later one
  posted: '',         // the teacher's last follow, as made
  outbox: {follow: null, ask: null},   // the teacher's follow and question not sent yet: only the latest
  sending: false,     // one request at a time, so that they arrive in order
  asked: '',          // the teacher's question sent: step:index
  question: 0,        // its number on the board
  revealed: null,     // its spread, once revealed
  sent: {},           // a student's answers sent, by question number
  followed: '',       // the game and depth a student's page shows: fen|moves|depth
  polling: false,     // followClass runs
  error: ''
};

const CLASS_RETRY_MILLIS = 2000;   // after a failed poll, the next one waits this long
const CLASS_IDLE_MILLIS = 3000;    // a page in no session asks this often whether one has begun

function keepSession(name, value) {
  try {
    if (value === null) {
      sessionStorage.removeItem(name);
    } else {
      sessionStorage.setItem(name, value);
    }
  } catch (e) {
    // no storage: this page's own
  }
}

function keptSession(name) {
  try {
    return sessionStorage.getItem(name);
  } catch (e) {
    return null;
  }
}

function sleep(millis) {
  return new Promise(resolve => setTimeout(resolve, millis));
}

// Whether this page drives a running session, or follows one as a student.
function classTeaching() {
  return classroom.key !== null && classroom.last !== null && classroom.last.session > 0;
}

function classFollowing() {
  return classroom.seat !== null && classroom.last !== null && classroom.last.session === classroom.seat.session;
}

// What the join link adds once a session runs: the page it opens asks for a nickname.
function classJoinQuery() {
  return classTeaching() ? '?class=join' : '';
}

async function classPost(path, query) {
  query.set('client', CLIENT);
  const answer = await fetch(path + '?' + query, {method: 'POST'});
  if (!answer.ok) {
    classroom.error = (await answer.text()).trim();
    renderClass();
    return null;
  }
  classroom.error = '';
  return path.endsWith('.csv') ? answer.text() : answer.json();
}

// The teacher's key: from the teacher's link (then out of the address), kept for this tab, or
// asked of the board by a page opened on its machine; none for a page opened from the join link.
async function findKey() {
  const hash = /^#teacher=([0-9a-f]{32})$/.exec(location.hash);
  if (hash) {
    keepSession('xiangqi-teacher', hash[1]);
    history.replaceState(null, '', location.pathname + location.search);
  }
  if (classroom.joining) {
    return null;
  }
  const kept = keptSession('xiangqi-teacher');
  if (kept) {
    return kept;
  }
  const host = location.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === '::1' || /^127\./.test(host)) {
    const answer = await fetch('/api/class/key?client=' + CLIENT);
    if (answer.ok) {
      return (await answer.json()).key;
    }
  }
  return null;
}

// The class box on the game's panel, and its line in watch mode: made once.
function buildClass() {
  const box = element('section', {id: 'class', hidden: ''});
  if (classroom.joining) {
    $('panel').querySelector('h1').after(box);     // a student's first thing to do: on top
  } else {
    $('caps').after(box);                          // the teacher's, by the join link
  }
  element('h2', {id: 'class-title'}, box);
  element('p', {id: 'class-text'}, box);
  const form = element('form', {id: 'class-join', hidden: ''}, box);
  element('input', {id: 'class-nickname', maxlength: '24', autocomplete: 'nickname', spellcheck: 'false'}, form);
  element('button', {id: 'class-join-button', type: 'submit'}, form);
  form.addEventListener('submit', event => {
    event.preventDefault();
    joinClass($('class-nickname').value);
  });
  const buttons = element('p', {id: 'class-buttons', hidden: ''}, box);   // shown once the page holds the key
  element('button', {id: 'class-start', type: 'button'}, buttons).addEventListener('click', startClass);
  element('button', {id: 'class-csv', type: 'button'}, buttons).addEventListener('click', downloadScores);
  element('button', {id: 'class-end', type: 'button'}, buttons).addEventListener('click', endClass);
  element('ol', {id: 'class-list'}, box);
  element('p', {id: 'class-memory'}, box);
  element('p', {id: 'class-error', role: 'alert', hidden: ''}, box);
  element('p', {id: 'class-line', hidden: ''}, $('watch-panel'));
  $('watch-explain').before($('class-line'));
  document.addEventListener('languagechange', renderClass);
}

function renderClass() {
  const box = $('class');
  const last = classroom.last;
  const running = last !== null && last.session > 0;
  const teaching = classTeaching();
  const following = classFollowing();
  box.hidden = !(classroom.key !== null || running || classroom.joining);
  const idle = classroom.key !== null && !running;   // the teacher's page, no session yet: one button
  box.className = teaching ? 'teacher' : following ? 'student' : idle ? 'idle' : '';
  document.body.classList.toggle('class-follows', following);
  $('class-title').textContent = t('class.title');
  const score = following ? (last.you || {asked: 0, right: 0}) : null;
  $('class-text').textContent = teaching ? t('class.running', {session: last.session, students: last.students})
    : following ? t('class.joined', {nickname: classroom.seat.nickname, right: score.right, asked: score.asked})
      : running ? t('class.invite')
        : classroom.key !== null ? t('class.intro') : t('class.none');
  $('class-title').hidden = idle;
  $('class-text').hidden = idle;
  $('class-memory').hidden = idle;
  $('class-start').title = t('class.intro') + ' ' + t('class.memory');
  const invited = !teaching && !following && running;
  if (invited && $('class-join').hidden && classroom.joining) {
    setTimeout(() => {                             // from the join link: the form in sight, ready to type in
      box.scrollIntoView({block: 'start'});
      $('class-nickname').focus({preventScroll: true});
    }, 0);
  }
  $('class-join').hidden = !invited;
  $('class-nickname').placeholder = t('class.nickname');
  $('class-join-button').textContent = t('class.join');
  $('class-buttons').hidden = classroom.key === null;
  $('class-start').hidden = running;
  $('class-start').textContent = t('class.start');
  $('class-csv').hidden = !teaching;
  $('class-csv').textContent = t('class.csv');
  $('class-end').hidden = !teaching;
  $('class-end').textContent = t('class.end');
  const list = $('class-list');
  list.textContent = '';
  list.hidden = !teaching;
  if (teaching) {
    for (const student of last.class) {
      const item = element('li', {}, list);
      element('span', {class: 'class-nick'}, item, student.nickname);   // any text: shown as text, never as markup
      element('span', {class: 'class-score'}, item, ' ' + t('class.score', student));
    }
    if (last.class.length === 0) {
      element('li', {class: 'class-nobody'}, list, t('class.nobody'));
    }
  }
  $('class-memory').textContent = t('class.memory');
  $('class-error').textContent = classroom.error;
  $('class-error').hidden = classroom.error === '';
  const line = $('class-line');
  line.hidden = !teaching && !following;
  line.textContent = teaching ? t('class.teaching', {students: last.students})
    : following ? t('class.following', {nickname: classroom.seat.nickname, right: score.right, asked: score.asked}) : '';
  if (state.chapter) {
    showJoin();                                    // the join link opens the nickname form while a session runs
  }
}

async function startClass() {
  const started = await classPost('/api/class/start', new URLSearchParams({key: classroom.key}));
  if (started) {
    classroom.asked = '';
    classroom.posted = '';
    classroom.revealed = null;
    quiz.on = true;                                // a class session asks: the quiz is on
    await pollClass(false);
    classMoved();
    followClass();
  }
}

async function endClass() {
  if (!confirm(t('class.endConfirm'))) {
    return;
  }
  if (await classPost('/api/class/end', new URLSearchParams({key: classroom.key}))) {
    await pollClass(false);
  }
}

// The scores as a file: fetched with the key, then handed to the browser as a download.
async function downloadScores() {
  const answer = await fetch('/api/class/scores.csv?' + new URLSearchParams({key: classroom.key, client: CLIENT}));
  if (!answer.ok) {
    classroom.error = (await answer.text()).trim();
    renderClass();
    return;
  }
  const link = element('a', {href: URL.createObjectURL(await answer.blob()), download: 'class-scores.csv'}, document.body);
  link.click();
  link.remove();
}

async function joinClass(nickname) {
  const joined = await classPost('/api/class/join', new URLSearchParams({nickname}));
  if (joined) {
    classroom.seat = joined;
    keepSession('xiangqi-seat', JSON.stringify(joined));
    await pollClass(false);
    followClass();
  }
}

// Asks the board where the class is: at once, or (wait) once it has changed since the last
// answer, which the board holds back at most 1.5 s.
async function pollClass(wait) {
  const query = new URLSearchParams({client: CLIENT});
  if (wait) {
    query.set('since', String(classroom.version));
  }
  if (classroom.key !== null) {
    query.set('key', classroom.key);
  } else if (classroom.seat !== null) {
    query.set('seat', classroom.seat.seat);
  }
  const answer = await fetch('/api/class?' + query);
  if (answer.status === 403) {
    if (classroom.key !== null && /teacher's key/.test(await answer.text())) {
      classroom.key = null;                        // a key of another board (it was restarted)
      keepSession('xiangqi-teacher', null);
    } else {
      classroom.seat = null;                       // a seat of an ended session: join again
      keepSession('xiangqi-seat', null);
    }
    classroom.version = -1;
    return false;
  }
  if (!answer.ok) {
    return false;
  }
  const last = await answer.json();
  const wasFollowing = classFollowing();
  // a poll that waited in vain brings the same class: nothing is drawn again (a student's ticks stay)
  const text = JSON.stringify(last);
  const changed = text !== classroom.lastText || classroom.followed === '';
  classroom.lastText = text;
  classroom.last = last;
  classroom.version = last.version;
  if (classroom.seat !== null && last.session !== classroom.seat.session) {
    classroom.seat = null;
    keepSession('xiangqi-seat', null);
  }
  if (classTeaching()) {
    quiz.on = true;
  }
  if (!changed) {
    return true;
  }
  renderClass();
  if (classFollowing()) {
    await followTeacher(last);
  } else if (wasFollowing) {
    document.body.classList.remove('class-follows');
  }
  if (classTeaching() && quiz.pending) {
    renderQuiz();                                  // the tally, as answers come
  }
  return true;
}

// Whether this page follows the class: the teacher's in a session, a student's with a seat,
// or one opened from the join link, which waits for a session to join. Any other page (a
// learner alone at a desk) asked once, when it loaded, and asks no more.
function classNeedsPolls() {
  return classTeaching() || classroom.seat !== null || classroom.joining;
}

// One poll after another while the page follows the class, each bounded by the board's wait;
// a page waiting for a session asks every few seconds, a failed poll waits before the next.
async function followClass() {
  if (classroom.polling) {
    return;
  }
  classroom.polling = true;
  try {
    while (classNeedsPolls()) {
      let ok = false;
      try {
        ok = await pollClass(classroom.version >= 0);
      } catch (error) {
        ok = false;
      }
      const waiting = !classTeaching() && !classFollowing();
      if (!ok || waiting) {
        await sleep(ok ? CLASS_IDLE_MILLIS : CLASS_RETRY_MILLIS);
      }
    }
  } finally {
    classroom.polling = false;
  }
}

// ---- the teacher's page

// Where the teacher's page is, sent whenever it changes: the students' pages go there.
function classMoved() {
  if (!classTeaching() || !state.view) {
    return;
  }
  const query = new URLSearchParams({key: classroom.key});
  if (state.fen) {
    query.set('fen', state.fen);
  }
  if (state.moves.length > 0) {
    query.set('moves', state.moves.join(' '));
  }
  const watching = watch.open && watch.data !== null;
  if (watching) {
    query.set('depth', String(watch.data.depth));
    query.set('view', watch.red ? 'red' : 'negamax');
    query.set('step', String(watch.step));
  }
  query.set('watching', watching ? '1' : '0');
  const sent = query.toString();
  if (sent === classroom.posted) {
    return;
  }
  classroom.posted = sent;
  classroom.outbox.follow = sent;
  sendToTheClass();
}

// Sends the teacher's follow, then the question, one request at a time; steps taken while one
// is on its way (play runs up to 16 a second) are sent as one, the latest.
async function sendToTheClass() {
  if (classroom.sending) {
    return;
  }
  classroom.sending = true;
  try {
    for (let round = 0; round < 100; round++) {
      const {follow, ask} = classroom.outbox;
      if (follow) {
        classroom.outbox.follow = null;
        await classPost('/api/class/follow', new URLSearchParams(follow));
      } else if (ask) {
        classroom.outbox.ask = null;
        const answer = await classPost('/api/class/ask', ask);
        if (answer) {
          classroom.question = answer.question;
          renderQuiz();
        }
      } else {
        break;
      }
    }
  } finally {
    classroom.sending = false;
  }
  if (classroom.outbox.follow || classroom.outbox.ask) {
    setTimeout(sendToTheClass, 0);
  }
}

// The question the teacher's page is at, sent to the class once: its kind, its choices and the
// right answer, as askFor read them from the record.
function askTheClass(pending, item, asked) {
  const at = pending.step + ':' + pending.index;
  if (classroom.asked === at) {
    return;
  }
  classroom.asked = at;
  classroom.question = 0;
  classroom.revealed = null;
  const query = new URLSearchParams({key: classroom.key, step: String(pending.step), index: String(pending.index),
    kind: item.kind, choices: asked.choices.map(choice => choice.id).join(','), right: asked.right.join(',')});
  if (asked.multiple) {
    query.set('multiple', '1');
  }
  classMoved();                                    // the students' pages reach this step first
  classroom.outbox.ask = query;
  sendToTheClass();
}

async function revealToTheClass() {
  const answer = await classPost('/api/class/reveal', new URLSearchParams({key: classroom.key,
    question: String(classroom.question)}));
  if (answer) {
    classroom.revealed = answer.question;
    renderQuiz();
  }
}

// On from a revealed question: the next one of this step, or the step itself.
function classGoOn() {
  const pending = quiz.pending;
  if (!pending) {
    return;
  }
  pending.index++;
  classroom.revealed = null;
  if (pending.index < pending.items.length) {
    renderQuiz();
    return;
  }
  quiz.pending = null;
  goTo(pending.step);
}

// A choice as the page shows it; a set of them (several moves) joined.
function choiceLabels(asked, ids) {
  const zh = document.documentElement.lang.startsWith('zh');
  return ids.map(id => (asked.choices.find(choice => choice.id === id) || {label: id}).label).join(zh ? '、' : ', ');
}

function questionLine(box, asked, lead) {
  const question = element('p', {class: 'wq-question'}, box);
  element('b', {}, question, lead + watchText().gap);
  question.append(asked.question);
}

function renderTeacherQuestion(box, pending) {
  const item = pending.items[pending.index];
  const asked = askFor(item);
  askTheClass(pending, item, asked);
  box.className = 'asking class';
  box.dataset.kind = item.kind;
  questionLine(box, asked, quizText().ask);
  const last = classroom.last;
  const revealed = classroom.revealed;
  if (!revealed) {
    const choices = element('ol', {class: 'class-choices'}, box);
    for (const choice of asked.choices) {
      element('li', {}, choices, choice.label);
    }
    const open = last && last.question && last.question.id === classroom.question ? last.question : null;
    element('p', {id: 'class-tally', class: 'class-tally'}, box,
      t('class.answered', {answered: open ? open.answered : 0, students: last ? last.students : 0}));
    const actions = element('div', {class: 'wq-actions'}, box);
    const reveal = element('button', {type: 'button', id: 'class-reveal'}, actions, t('class.reveal'));
    reveal.disabled = classroom.question === 0;
    reveal.addEventListener('click', revealToTheClass);
    return;
  }
  // the spread: a bar per answer, the right one marked, and the share right
  const most = Math.max(1, ...revealed.spread.map(bar => bar.count));
  const bars = element('div', {id: 'class-spread', class: 'class-spread'}, box);
  for (const bar of revealed.spread) {
    const row = element('div', {class: 'class-bar' + (bar.right ? ' right' : ''), 'data-answer': bar.answer}, bars);
    element('span', {class: 'class-bar-label'}, row, (bar.right ? '✔ ' : '') + choiceLabels(asked, bar.answer.split(',')));
    const track = element('span', {class: 'class-bar-track'}, row);
    element('span', {class: 'class-bar-fill', style: 'width: ' + (100 * bar.count / most).toFixed(1) + '%'}, track);
    element('span', {class: 'class-bar-count'}, row, String(bar.count));
    if (bar.right) {
      row.title = t('class.rightMark');
    }
  }
  const share = element('p', {class: 'class-share'}, box);
  element('span', {id: 'class-share'}, share, revealed.answered === 0 ? t('class.noAnswers')
    : t('class.rightShare', {right: revealed.rightCount, answered: revealed.answered,
      percent: Math.round(100 * revealed.rightCount / revealed.answered)}));
  share.append(' ');
  element('button', {type: 'button', id: 'class-go-on'}, share, t('class.goOn')).addEventListener('click', classGoOn);
  element('p', {class: 'wq-verdict right'}, box, whyFor(item));
}

// ---- a student's page

// Goes where the teacher's page is: the game, watch mode's depth, view and step, and the
// question open there.
async function followTeacher(last) {
  const place = last.fen + '|' + last.moves + '|' + (last.watching ? last.depth : 0);
  const moves = last.moves ? last.moves.split(' ') : [];
  if (place !== classroom.followed) {
    classroom.followed = place;
    if (last.fen !== '' && (state.fen !== last.fen || state.moves.join(' ') !== last.moves)) {
      await setGame(last.fen, moves);
    }
    if (last.watching) {
      watch.red = last.view === 'red';
      await openWatch(last.depth, last.step);
    }
  }
  if (!last.watching) {
    if (watch.open) {
      closeWatch();
    }
    return;
  }
  if (!watch.open || !watch.data) {
    classroom.followed = '';                       // not shown yet: again at the next poll
    return;
  }
  watch.red = last.view === 'red';
  watch.step = Math.max(0, Math.min(watch.events.length, last.step));
  const question = last.question;
  quiz.pending = null;
  quiz.verdicts = null;
  if (question && (question.step === last.step + 1 || (question.revealed && question.step === last.step))) {
    const items = questionsBefore(question.step);
    if (items[question.index] && items[question.index].kind === question.kind) {
      quiz.pending = {step: question.step, items, index: question.index, lines: [], classQuestion: question};
    }
  }
  renderWatch();
}

function sendAnswer(question, ids) {
  classroom.sent[question.id] = ids;
  renderQuiz();
  classPost('/api/class/answer', new URLSearchParams({seat: classroom.seat.seat, question: String(question.id),
    answer: ids.join(',')})).then(answer => {
    if (!answer) {
      delete classroom.sent[question.id];
      renderQuiz();
    }
  });
}

function renderStudentQuestion(box, pending) {
  const item = pending.items[pending.index];
  const asked = askFor(item);
  const question = pending.classQuestion;
  const you = classroom.last.you || {};
  const given = question.revealed ? (you.answer ? you.answer.split(',') : null)
    : classroom.sent[question.id] || (you.answer ? you.answer.split(',') : null);
  box.className = 'asking class';
  box.dataset.kind = item.kind;
  if (question.revealed) {
    const right = [...asked.right].sort();
    const ok = given !== null && given.length === right.length && [...given].sort().every((id, k) => id === right[k]);
    const said = given === null ? t('class.missed') : ok ? '✔ ' + quizText().right
      : '✘ ' + quizText().wrong(choiceLabels(asked, given), choiceLabels(asked, right));
    element('p', {class: 'wq-verdict ' + (ok ? 'right' : 'wrong')}, box, said + watchText().gap + whyFor(item));
    return;
  }
  questionLine(box, asked, t('class.waitTeacher'));
  if (given !== null) {
    element('p', {class: 'class-sent'}, box, t('class.sent', {answer: choiceLabels(asked, given)}));
    return;
  }
  const choices = element('div', {class: 'wq-choices'}, box);
  asked.choices.forEach((choice, k) => {
    if (asked.multiple) {
      const label = element('label', {class: 'wq-choice'}, choices);
      const tick = element('input', {type: 'checkbox', value: choice.id, 'data-answer': choice.id}, label);
      const ticked = classroom.ticks[question.id] || (classroom.ticks[question.id] = new Set());
      tick.checked = ticked.has(choice.id);      // kept when the page is drawn again
      tick.addEventListener('change', () => (tick.checked ? ticked.add(choice.id) : ticked.delete(choice.id)));
      label.append(' ' + choice.label);
    } else {
      element('button', {type: 'button', class: 'wq-choice', 'data-answer': choice.id}, choices, (k + 1) + '. ' + choice.label)
        .addEventListener('click', () => sendAnswer(question, [choice.id]));
    }
  });
  if (asked.multiple) {
    const actions = element('div', {class: 'wq-actions'}, box);
    element('button', {type: 'button', id: 'watch-quiz-submit'}, actions, quizText().submit).addEventListener('click', () =>
      sendAnswer(question, [...choices.querySelectorAll('input:checked')].map(input => input.value)));
  }
}

// watch.js's renderQuiz asks this first: in a class session, the question is the class's.
function classQuiz() {
  const teaching = classTeaching();
  const following = classFollowing();
  if (!teaching && !following) {
    return false;
  }
  const box = $('watch-quiz');
  const pending = quiz.pending;
  if (!pending || (following && !pending.classQuestion)) {
    return false;
  }
  box.textContent = '';
  box.hidden = false;
  $('watch-score-line').hidden = true;             // the class's score stands in the class line
  if (teaching) {
    renderTeacherQuestion(box, pending);
  } else {
    renderStudentQuestion(box, pending);
  }
  centerCurrent();
  return true;
}

async function startClassroom() {
  buildClass();
  const kept = keptSession('xiangqi-seat');
  try {
    classroom.seat = kept ? JSON.parse(kept) : null;
  } catch (e) {
    classroom.seat = null;
  }
  classroom.key = await findKey();
  if (classroom.key !== null) {
    classroom.seat = null;                         // the teacher's page is no student's
  }
  for (let tries = 0; !state.chapter && tries < 600; tries++) {   // board.js has the page's words with the chapter
    await sleep(50);
  }
  renderClass();
  try {
    await pollClass(false);                        // once: does a session run?
  } catch (error) {
    // the board is gone: the page is the game's
  }
  followClass();
}

startClassroom();
