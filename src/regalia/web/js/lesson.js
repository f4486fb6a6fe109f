// A lesson on the table page (table.html?lesson=GAME/LESSON): the server runs the lesson
// (POST /api/lessons/GAME/LESSON, then each move to /api/lessons/sessions/ID) and this page
// draws it with the game's own renderer and decision panel, as a real table: the goal above the
// table, the cards and spots to look at highlighted, a wrong move explained with its rule and
// taken back, the stars at the end and the next lesson. Progress (the best stars of each lesson)
// is kept in this browser (learn.js reads it for /learn).

import { html, useState, useEffect, useRef, useMemo, api, loadGames, classes } from './lib.js';
import { entriesFor, analyse } from './select.js';
import { rendererFor } from './games/index.js';
import { EventLog, Legend, makeNames } from './panels.js';
import { ResultSummary } from './result.js';
import { AllMoves, Dock, distinct, useOrphans, useDockHeight } from './dock.js';
import { Highlight, movedBy } from './lastmove.js';

const PROGRESS = 'regalia:learn:';

/** The best stars earned for each lesson of `game` in this browser: {lessonId: stars}. */
export function progressOf(game) {
  try {
    const v = localStorage.getItem(PROGRESS + game);
    const got = v ? JSON.parse(v) : {};
    return got && typeof got === 'object' ? got : {};
  } catch (e) {
    return {};
  }
}

function saveStars(game, lesson, stars) {
  const all = progressOf(game);
  if ((all[lesson] || 0) >= stars) return;
  all[lesson] = stars;
  try {
    localStorage.setItem(PROGRESS + game, JSON.stringify(all));
  } catch (e) {
    /* storage blocked: the progress lasts for this page only */
  }
}

/** The address of a lesson on the table page. */
export function lessonUrl(game, lesson) {
  return `/table.html?lesson=${encodeURIComponent(game)}/${encodeURIComponent(lesson)}`;
}

export function starsText(n) {
  return '★'.repeat(n) + '☆'.repeat(3 - n);
}

/** Highlights name click keys (`hand:R9f`) or seats (`seat:P1`, drawn as `seat:1`). */
function highlightKeys(names) {
  return (names || []).map((k) => (k.startsWith('seat:P') ? `seat:${k.slice(6)}` : k));
}

function Feedback({ attempt }) {
  if (!attempt || (attempt.ok && !attempt.text)) return null;
  const rule = attempt.rule;
  return html`<div class=${classes('lesson-feedback', attempt.ok ? 'right' : 'wrong')} id="lesson-feedback" role=${attempt.ok ? 'status' : 'alert'}>
    ${attempt.ok
      ? html`<p><strong>✓ Well played.</strong> ${attempt.text}</p>`
      : html`<p><strong>✗ Not this move:</strong> ${attempt.label}</p><p>${attempt.text}</p>`}
    ${rule ? html`<p class="lesson-rule"><strong>Rule${rule.id ? ` (${rule.id})` : ''}:</strong> <em>${rule.text}</em></p>` : null}
    ${attempt.ok ? null : html`<p class="lesson-back">The move is taken back: the table is as it was. Try again.</p>`}
  </div>`;
}

function GoalBox({ frame, attempt, total }) {
  const l = frame.lesson;
  return html`<section class="lesson-goal" id="lesson-goal" aria-label="The lesson" data-step=${frame.step} data-mistakes=${frame.mistakes}>
    <p class="lesson-head"><span class="lesson-num">Lesson ${l.number} of ${total}</span> · <span class="lesson-section">Rulebook: ${l.section}</span></p>
    <h2 class="lesson-title">${l.title}</h2>
    <p class="lesson-intro">${frame.intro}</p>
    ${frame.setup_moves ? html`<p class="muted small">The game so far: ${frame.setup_moves} moves have been played (the log shows the last ones you saw).</p>` : null}
    ${frame.goal && !frame.finished ? html`<p class="goal" id="goal"><strong>Goal:</strong> ${frame.goal}</p>` : null}
    <${Feedback} attempt=${attempt} />
  </section>`;
}

function DoneBox({ frame, course, again }) {
  const l = frame.lesson;
  const next = frame.next_lesson;
  const why = l.whole_game
    ? frame.stars === 3 ? 'you won the game' : 'you played the game to its end; win it for three stars'
    : `${l.par} decision${l.par === 1 ? '' : 's'}, ${frame.mistakes} wrong move${frame.mistakes === 1 ? '' : 's'}`;
  return html`<section class="lesson-done" id="lesson-done" role="status">
    <h2>Lesson complete <span class="stars" aria-label=${`${frame.stars} of 3 stars`}>${starsText(frame.stars)}</span></h2>
    <p>${why}.</p>
    ${frame.done ? html`<p>${frame.done}</p>` : null}
    ${frame.result ? html`<${ResultSummary} result=${frame.result} seats=${[]} />` : null}
    <p class="result-links">
      ${next
        ? html`<a class="button primary" id="next-lesson" href=${lessonUrl(frame.game, next.id)}>Next lesson: ${next.title}</a>`
        : html`<span>You have finished the ${course} course.</span>`}
      <button type="button" onClick=${again}>Play it again</button>
      <a class="button" href="/learn">All lessons</a>
    </p>
  </section>`;
}

export function LessonPage({ spec }) {
  const [game, lessonId] = spec.split('/');
  const [frame, setFrame] = useState(null);
  const [events, setEvents] = useState([]);
  const [attempt, setAttempt] = useState(null);
  const [err, setErr] = useState(null);
  const [sending, setSending] = useState(false);
  const [picked, setPicked] = useState([]);
  const [info, setInfo] = useState('');
  const [games, setGames] = useState(null);
  const [total, setTotal] = useState(null);
  const [round, setRound] = useState(0);
  const allRef = useRef(null);
  const legendRef = useRef(null);

  useEffect(() => {
    loadGames().then(setGames, () => setGames({ games: [] }));
    api('GET', '/api/lessons').then((d) => {
      const c = d.courses.find((x) => x.game === game);
      if (c) setTotal(c.lessons.length);
    }, () => {});
  }, [game]);

  useEffect(() => {
    setFrame(null);
    setEvents([]);
    setAttempt(null);
    api('POST', `/api/lessons/${encodeURIComponent(game)}/${encodeURIComponent(lessonId || '1')}`)
      .then((f) => {
        setFrame(f);
        setEvents(f.events);
      })
      .catch((e) => setErr(e.field ? `${e.field}: ${e.reason}` : e.reason));
  }, [game, lessonId, round]);

  useEffect(() => {
    if (frame && frame.finished) saveStars(frame.game, frame.lesson.id, frame.stars);
  }, [frame && frame.finished]);

  const gameInfo = games && games.games.find((g) => g.name === game);
  const view = frame ? frame.view : null;
  const renderer = rendererFor(game);
  const entries = useMemo(() => (frame ? entriesFor(frame.legal) : []), [frame]);
  useEffect(() => setPicked([]), [frame && frame.step, frame && frame.mistakes, entries.length]);
  const an = analyse(entries, picked.map((p) => p.key));
  const mine = entries.some((e) => e.shown);
  const seat = frame ? frame.seat : null;
  const seats = useMemo(
    () => (view && view.players ? Array.from({ length: view.players }, (_, i) => ({ seat: i, name: i === seat ? 'you' : `P${i}`, kind: i === seat ? 'human' : 'bot', bot: 'lesson', controller: i === seat ? 'human' : 'bot', online: true })) : []),
    [view && view.players, seat],
  );
  const names = makeNames(seats, seat);

  // the goal's cards and spots: a mark on the table (whatever the renderer draws with that key)
  const hl = frame && !frame.finished ? highlightKeys(frame.highlight) : [];
  useEffect(() => {
    const board = document.getElementById('board');
    if (!board) return;
    for (const el of board.querySelectorAll('.lesson-hl')) el.classList.remove('lesson-hl');
    for (const k of hl) for (const el of board.querySelectorAll(`[data-key="${CSS.escape(k)}"]`)) el.classList.add('lesson-hl');
  });

  // legal actions whose first element the renderer did not draw are offered as buttons; on
  // phones the hand sticks above the decision panel, whose height it must know
  const orphans = useOrphans(entries);
  useDockHeight([!!frame, frame && frame.finished]);

  useEffect(() => {
    const onKey = (e) => {
      if (e.key === 'Escape' && picked.length) setPicked([]);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [picked.length]);

  useEffect(() => {
    const title = (gameInfo && gameInfo.title) || game;
    document.title = `Learn ${title}${frame ? `: ${frame.lesson.title}` : ''} · regalia`;
  }, [gameInfo, frame && frame.lesson.id]);

  async function sendText(text) {
    if (!frame || sending) return;
    setSending(true);
    setErr(null);
    try {
      const f = await api('POST', `/api/lessons/sessions/${encodeURIComponent(frame.session)}`, { action: text });
      setFrame(f);
      setAttempt(f.attempt);
      if (f.events.length) setEvents((old) => old.concat(f.events));
      const fb = document.getElementById('lesson-goal');
      if (fb && f.attempt && !f.attempt.ok) fb.scrollIntoView({ block: 'nearest' });
    } catch (e) {
      setErr(e.field ? `${e.field}: ${e.reason}` : e.reason);
    } finally {
      setSending(false);
    }
  }
  function send(entry) {
    setPicked([]);
    sendText(entry.text);
  }
  function clickKey(key, uid, card, title) {
    const i = picked.findIndex((p) => p.uid === uid);
    if (i >= 0) {
      setPicked(picked.slice(0, i));
      return;
    }
    const np = [...picked, { key, uid, card, title }];
    const a = analyse(entries, np.map((p) => p.key));
    const done = distinct(a.done);
    if (done.length === 1 && a.next.size === 0) {
      send(done[0]);
      return;
    }
    setPicked(np);
  }
  const sel = {
    live: mine && !sending,
    next: mine && !sending ? an.next : new Set(),
    props(key, uid, text, card) {
      const i = picked.findIndex((p) => p.uid === uid);
      const enabled = !!key && this.live && (i >= 0 || an.next.has(key));
      return {
        enabled,
        pressed: i >= 0,
        cls: i >= 0 ? 'picked' : enabled ? 'hl' : '',
        onClick: (e) => {
          e.stopPropagation();
          if (text) setInfo(text);
          if (enabled) clickKey(key, uid, card, text);
        },
      };
    },
  };
  const moved = useMemo(() => movedBy(attempt && attempt.ok ? frame.events : [], null), [frame, attempt]);
  const title = (gameInfo && gameInfo.title) || game;
  const dockFrame = frame ? { ...frame, status: frame.finished ? 'over' : 'running' } : null;

  return html`<div class=${classes('page', 'table-page', 'lesson-page', mine && 'my-turn')}>
    <a class="skip" href="#dock">Skip to your moves</a>
    <header class="top">
      <a class="brand" href="/" title="Back to the lobby">regalia</a>
      <h1 class="game-title">Learn ${title}</h1>
      <span class="top-tools">
        <a class="button small" href="/learn">All lessons</a>
        <a class="button small" href=${`/rules.html?game=${encodeURIComponent(game)}`}>Rules</a>
        <button type="button" class="small" onClick=${() => legendRef.current && legendRef.current.showModal()} aria-haspopup="dialog">Legend</button>
      </span>
    </header>
    ${err ? html`<div class="toast error" role="alert" id="toast"><strong>Error:</strong> ${err}</div>` : null}
    <main class="layout">
      <div class="main-col">
        ${frame ? html`<${GoalBox} frame=${frame} attempt=${attempt} total=${total || frame.lesson.number} />` : null}
        ${frame && frame.finished ? html`<${DoneBox} frame=${frame} course=${frame.course_title} again=${() => setRound(round + 1)} />` : null}
        ${frame && !frame.finished
          ? html`<${Dock} game=${renderer} frame=${dockFrame} entries=${entries} an=${an} picked=${picked} setPicked=${setPicked} orphans=${orphans}
              send=${send} sending=${sending} openAll=${() => allRef.current && allRef.current.showModal()} info=${info}
              hint=${null} askHint=${() => {}} canHint=${false} undo=${() => {}} canUndo=${false} seat=${seat} since=${[]} openLog=${() => {}} />`
          : null}
        <section class=${classes('board', `game-${game}`)} id="board" aria-label="The table">
          ${frame
            ? html`<${Highlight.Provider} value=${moved}><${renderer.Board} view=${view} seat=${seat} sel=${sel} names=${names} frame=${dockFrame} /></${Highlight.Provider}>`
            : html`<p class="muted">${err ? '' : 'Setting up the lesson…'}</p>`}
        </section>
      </div>
      <aside class="side">
        <h2 class="side-head">What happened</h2>
        <div class="panel panel-log on"><${EventLog} events=${events} /></div>
      </aside>
    </main>
    ${frame ? html`<${AllMoves} entries=${entries.filter((e) => e.shown)} onPick=${send} dialogRef=${allRef} />` : null}
    <${Legend} dialogRef=${legendRef} gameInfo=${gameInfo} />
  </div>`;
}
