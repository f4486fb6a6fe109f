// The table page (table.html?t=<id>): join or watch, then play on the table drawn by the game's
// renderer, with the decision's prompt, the moves, the move clock, the log of this seat's events,
// the chat, and a banner while the connection is being restored.

import {
  html,
  render,
  useState,
  useEffect,
  useRef,
  useMemo,
  useReducer,
  api,
  loadGames,
  savedSeat,
  saveSeat,
  forgetSeat,
  pref,
  setPref,
  pageParams,
  tableUrl,
  replayUrl,
  seatLabel,
  fmtSeconds,
  classes,
  plural,
} from './lib.js';
import { TableSocket } from './connection.js';
import { entriesFor, analyse } from './select.js';
import { rendererFor } from './games/index.js';
import { EventLog, Chat, Legend, Players, makeNames } from './panels.js';
import { ResponseBanner, PrefsDialog } from './responses.js';
import { ResultSummary } from './result.js';
import { AllMoves, Dock, distinct, useOrphans, useDockHeight } from './dock.js';
import { LessonPage } from './lesson.js';
import { Highlight, movedBy, sinceLast } from './lastmove.js';
import { useMe } from './account.js';
import { NextTable, useTurns, fmtLong } from './turns.js';

const initial = {
  conn: 'connecting',
  connDetail: null,
  table: null,
  seats: [],
  invite: null,
  limits: null,
  frame: null,
  events: [],
  fresh: [],
  chat: [],
  toast: null,
  hint: null,
  sending: false,
  response: null,
  prefs: null,
};

function reducer(s, a) {
  switch (a.type) {
    case 'conn':
      return { ...s, conn: a.state, connDetail: a.detail || null, sending: a.state === 'open' ? s.sending : false };
    case 'welcome':
      return {
        ...s,
        table: a.msg.table,
        seats: a.msg.table.seats,
        invite: a.msg.invite || s.invite,
        limits: a.msg.limits,
        chat: mergeChat([], a.msg.chat || []),
        prefs: a.msg.prefs || s.prefs,
      };
    case 'response':
      return { ...s, response: { ...a.msg, received: Date.now() } };
    case 'prefs':
      return { ...s, prefs: a.msg };
    case 'state': {
      const f = a.msg;
      const events = f.full ? f.events : s.events.concat(f.events);
      const fresh = f.full ? f.events.slice(-3) : f.events.length ? f.events : s.fresh;
      const table = s.table ? { ...s.table, status: f.status, step: f.step, result: f.result || s.table.result } : s.table;
      const moved = !s.frame || s.frame.step !== f.step || s.frame.decision !== f.decision;
      return { ...s, frame: f, events, fresh, table, sending: false, hint: moved ? null : s.hint };
    }
    case 'chat':
      return { ...s, chat: mergeChat(s.chat, [a.msg]) };
    case 'seats':
      return { ...s, seats: a.msg.seats, table: s.table ? { ...s.table, status: a.msg.status, seats: a.msg.seats } : s.table };
    case 'refused':
      return { ...s, sending: false, toast: { kind: 'refused', reason: a.msg.reason, rule: a.msg.rule, at: Date.now() } };
    case 'error':
      return { ...s, sending: false, toast: { kind: 'error', reason: a.msg.reason, field: a.msg.field, at: Date.now() } };
    case 'accepted':
      return s;
    case 'hint':
      return { ...s, hint: a.msg };
    case 'sending':
      return { ...s, sending: a.on };
    case 'toast':
      return { ...s, toast: a.toast };
    default:
      return s;
  }
}

function mergeChat(old, more) {
  const seen = new Set(old.map((m) => m.id));
  const out = old.slice();
  for (const m of more) if (!seen.has(m.id)) out.push(m);
  return out.slice(-300);
}

// ---------------------------------------------------------------- "your turn": title and sound
let audio = null;
function chime() {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const o = audio.createOscillator();
    const g = audio.createGain();
    o.type = 'sine';
    o.frequency.setValueAtTime(660, audio.currentTime);
    o.frequency.setValueAtTime(880, audio.currentTime + 0.12);
    g.gain.setValueAtTime(0.0001, audio.currentTime);
    g.gain.exponentialRampToValueAtTime(0.2, audio.currentTime + 0.02);
    g.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.35);
    o.connect(g).connect(audio.destination);
    o.start();
    o.stop(audio.currentTime + 0.4);
  } catch (e) {
    /* no audio here */
  }
}

// ---------------------------------------------------------------- the move clock
function Clock({ clock, received, names, seat, days }) {
  const [, tick] = useState(0);
  useEffect(() => {
    if (!clock || !clock.deadline) return undefined;
    const t = setInterval(() => tick((x) => x + 1), 500);
    return () => clearInterval(t);
  }, [clock && clock.deadline]);
  if (!clock) return null;
  const whose = clock.seat === null || clock.seat === undefined ? 'move clock' : clock.seat === seat ? 'your clock' : `${names.label(clock.seat)}'s clock`;
  if (!clock.deadline) {
    const each = days ? `${plural(days, 'day')} a decision` : clock.turn_seconds ? `${fmtSeconds(clock.turn_seconds)} a decision` : '';
    return html`<span class="clock" title="the move clock of this table">⏱ ${each}</span>`;
  }
  // deadline and now are the server's times; count down on this machine's clock from receipt
  const left = clock.deadline - clock.now - (Date.now() - received) / 1000;
  const low = days ? left < 3600 : left < 15;
  return html`<span class=${classes('clock', 'running', low && 'low')} role="timer" aria-live="off" title="time left for this decision">
    ⏱ ${whose}: <strong>${days ? `${fmtLong(left)} left` : fmtSeconds(left)}</strong></span>`;
}

// ---------------------------------------------------------------- join or watch
function JoinPanel({ tableId, invite, onSeat, onSession, onWatch, reason }) {
  const [info, setInfo] = useState(null);
  const [err, setErr] = useState(null);
  const [name, setName] = useState(pref('name', ''));
  const [seat, setSeat] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    // a private table's description is given only with its invite (the header, never the address)
    api('GET', `/api/tables/${encodeURIComponent(tableId)}`, undefined, invite ? { 'X-Regalia-Invite': invite } : {})
      .then(async (t) => {
        const me = t.seats.some((x) => x.account) ? await api('GET', '/api/session').catch(() => null) : null;
        const mine = me && me.signed_in && t.seats.find((x) => x.account && x.name === me.name);
        if (mine) {
          onSession(mine.seat); // a seat of this account, taken in another browser: found through the session
          return;
        }
        setInfo(t);
        if (t.open_seats.length) setSeat(String(t.open_seats[0]));
      })
      .catch((e) =>
        setErr(e.status === 403 && e.field === 'invite'
          ? (invite ? 'This invite link is not the table’s: ask its host for the link again.' : 'This table is private: open it with its invite link.')
          : e.reason),
      );
  }, [tableId]);
  async function join(ev) {
    ev.preventDefault();
    setBusy(true);
    setErr(null);
    try {
      const body = { name: name.trim() || null, seat: seat === '' ? null : Number(seat) };
      if (invite) body.invite = invite;
      const got = await api('POST', `/api/tables/${encodeURIComponent(tableId)}/join`, body);
      setPref('name', name.trim());
      saveSeat(tableId, got.seat, got.token);
      onSeat(got);
    } catch (e) {
      setErr(e.field ? `${e.field}: ${e.reason}` : e.reason);
      setBusy(false);
    }
  }
  if (!info) {
    return html`<main class="join"><p>${err ? html`<span class="error" role="alert">${err}</span>` : 'Loading the table…'}</p>
      <p><a href="/">Back to the lobby</a></p></main>`;
  }
  const over = info.status === 'over';
  const canJoin = !over && info.open_seats.length > 0 && (!info.private || invite);
  const canWatch = over || (info.spectators && (!info.private || invite));
  return html`<main class="join">
    <h1>${info.title}${info.name ? html` — <span>${info.name}</span>` : null}</h1>
    ${reason ? html`<p class="error" role="alert">${reason}</p>` : null}
    <p>${info.players} players · ${info.status}${info.rated ? ' · rated' : ''}${info.private ? ' · private' : ''}${info.mode === 'turn-based'
        ? ` · turn-based, ${plural(info.days_per_move, 'day')} a move`
        : info.turn_seconds
          ? ` · move clock ${fmtSeconds(info.turn_seconds)}`
          : ''}</p>
    <ul class="seat-list">${info.seats.map(
      (s) => html`<li>${seatLabel(info.seats, s.seat)}: ${s.kind === 'bot' ? `bot (${s.bot})` : s.controller === 'open' ? 'open seat' : s.controller === 'bot' ? 'a person (a bot stands in)' : 'a person'}</li>`,
    )}</ul>
    ${canJoin
      ? html`<form class="join-form" onSubmit=${join}>
          <label>Your name <input name="name" maxlength="40" value=${name} onInput=${(e) => setName(e.target.value)} autocomplete="nickname" /></label>
          <label>Seat <select name="seat" value=${seat} onChange=${(e) => setSeat(e.target.value)}>
            ${info.open_seats.map((i) => html`<option value=${String(i)}>P${i}</option>`)}
          </select></label>
          <button type="submit" class="primary" disabled=${busy}>Take the seat</button>
        </form>`
      : null}
    ${!canJoin && !over && (!info.private || invite) ? html`<p>Every seat is taken.</p>` : null}
    ${canJoin && info.rated ? html`<p class="small" id="rated-note">This table is rated: only signed-in players may sit at it — <a href="/">sign in in the lobby</a> first.</p>` : null}
    ${canJoin && info.mode === 'turn-based' ? html`<p class="small" id="turn-based-note">This table is turn-based (${plural(info.days_per_move, 'day')} for each decision): only signed-in players may sit at it, so that their turns wait for them under their name — <a href="/">sign in in the lobby</a> first.</p>` : null}
    ${err ? html`<p class="error" role="alert">${err}</p>` : null}
    <p class="join-actions">
      ${canWatch ? html`<button type="button" onClick=${onWatch}>${over ? 'See the end' : 'Watch as a spectator'}</button>` : null}
      ${over || info.spectators ? html`<a class="button" href=${replayUrl(tableId, { invite })}>Replay</a>` : null}
      <a class="button" href="/">Lobby</a>
    </p>
  </main>`;
}

// ---------------------------------------------------------------- the table
function TablePage({ tableId, who, invite, onBadSeat }) {
  const [s, dispatch] = useReducer(reducer, initial);
  const [games, setGames] = useState(null);
  const [picked, setPicked] = useState([]);
  const [info, setInfo] = useState('');
  const [sound, setSound] = useState(pref('sound', false));
  const [received, setReceived] = useState(Date.now());
  const [tab, setTab] = useState(() => (window.matchMedia && window.matchMedia('(min-width: 1100px)').matches ? 'log' : null));
  const sock = useRef(null);
  const allRef = useRef(null);
  const legendRef = useRef(null);
  const prefsRef = useRef(null);
  const wasMine = useRef(false);
  const mark = useRef(null); // the log's length when this seat last sent a move

  useEffect(() => {
    loadGames().then(setGames, () => setGames({ games: [] }));
  }, []);

  useEffect(() => {
    const ts = new TableSocket(tableId, who, {
      message(msg) {
        if (msg.type === 'state') setReceived(Date.now());
        if (msg.type === 'error' && msg.code === 'bad_token') return;
        dispatch({ type: msg.type, msg });
      },
      status(state, detail) {
        dispatch({ type: 'conn', state, detail });
        if (state === 'closed' && detail && detail.code === 4403 && (who.token || who.session)) onBadSeat();
      },
    });
    sock.current = ts;
    return () => ts.close();
  }, [tableId, who.token, who.session]);

  const frame = s.frame;
  const seat = who.token || who.session ? who.seat : null;
  const gameName = (frame && frame.view && frame.view.game) || (s.table && s.table.game) || '';
  const game = rendererFor(gameName);
  const gameInfo = games && games.games.find((g) => g.name === gameName);
  // at a turn-based table, the other tables where it is the person's turn (shown after a move)
  const turnBased = !!(s.table && s.table.mode === 'turn-based');
  const [me] = useMe();
  const turns = useTurns(turnBased && seat !== null ? me : null);
  const entries = useMemo(() => (frame ? entriesFor(frame.legal) : []), [frame]);
  useEffect(() => setPicked([]), [frame && frame.step, frame && frame.decision, entries.length]);
  // what a tapped card or spot said belongs to the position it was tapped in
  useEffect(() => setInfo(''), [frame && frame.step]);
  const an = analyse(entries, picked.map((p) => p.key));
  const mine = entries.some((e) => e.shown);
  // what happened since this seat's last move (its own moves left out), drawn on the table too
  const since = useMemo(
    () => sinceLast(s.events, mark.current, s.fresh).filter((e) => seat === null || e.seat !== seat),
    [s.events, s.fresh, seat],
  );
  const moved = useMemo(() => movedBy(since, game.movedKeys && frame ? (ev) => game.movedKeys(ev, frame.view) : null), [since, game, frame]);
  const names = makeNames(s.seats, seat);
  const shown = tab || (game.chatFirst ? 'chat' : 'log');

  // "your turn": the title, and a chime when it becomes your turn (if switched on)
  useEffect(() => {
    const title = (gameInfo && gameInfo.title) || 'regalia';
    if (frame && frame.status === 'over') document.title = `Game over · ${title} · regalia`;
    else if (mine) document.title = `▶ Your turn · ${title} · regalia`;
    else document.title = `${title} · regalia`;
    if (mine && !wasMine.current && sound) chime();
    wasMine.current = mine;
  }, [mine, frame && frame.status, gameInfo, sound]);

  // legal actions whose first element the renderer did not draw are offered as buttons; on
  // phones the hand sticks above the decision panel, whose height it must know
  const orphans = useOrphans(entries);
  useDockHeight([!!frame]);

  // Escape cancels a pick
  useEffect(() => {
    const onKey = (e) => {
      if (e.key === 'Escape' && picked.length) setPicked([]);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [picked.length]);

  // a refusal or error stays 8 seconds
  useEffect(() => {
    if (!s.toast) return undefined;
    const t = setTimeout(() => dispatch({ type: 'toast', toast: null }), 8000);
    return () => clearTimeout(t);
  }, [s.toast]);

  function sendText(text) {
    if (!frame || s.sending) return; // one move at a time: the last is on its way (even from "All moves")
    mark.current = s.events.length;
    const ok = sock.current && sock.current.send({ type: 'act', step: frame.step, decision: frame.decision, action: text });
    if (ok) dispatch({ type: 'sending', on: true });
    else dispatch({ type: 'toast', toast: { kind: 'error', reason: 'not connected: the move was not sent (reconnecting…)', at: Date.now() } });
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
    live: mine && !s.sending,
    next: mine && !s.sending ? an.next : new Set(),
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

  const talk = (text) => sock.current && sock.current.send({ type: 'chat', text });
  function openLog() {
    setTab('log');
    const log = document.getElementById('log');
    if (log) {
      log.scrollIntoView({ block: 'nearest' });
      log.focus({ preventScroll: true });
    }
  }
  const control = (type) => sock.current && sock.current.send({ type });
  const table = s.table;
  const humans = table ? table.seats.filter((x) => x.kind === 'human').length : 0;
  const canHint = seat !== null && humans === 1 && table && table.status === 'running' && !table.rated;
  const canUndo = seat !== null && table && table.players === 1 && frame && frame.view && frame.view.undo !== 'off' && table.status === 'running';
  const mySeatInfo = seat !== null && s.seats[seat];
  const lost = s.conn === 'lost' || s.conn === 'reconnecting';

  return html`<div class=${classes('page', 'table-page', mine && 'my-turn')}>
    <a class="skip" href="#dock">Skip to your moves</a>
    <header class="top">
      <a class="brand" href="/" title="Back to the lobby">regalia</a>
      <h1 class="game-title">${(gameInfo && gameInfo.title) || gameName}${table && table.name ? html` <span class="table-name">— ${table.name}</span>` : null}</h1>
      <span class=${classes('status', table && `st-${table.status}`)}>${table ? table.status : ''}</span>
      ${frame ? html`<${Clock} clock=${frame.clock} received=${received} names=${names} seat=${seat} days=${turnBased ? table.days_per_move : null} />` : null}
      <span class=${classes('conn', `c-${s.conn}`)} title="connection">${s.conn === 'open' ? '● connected' : s.conn === 'closed' ? '○ closed' : '○ connecting'}</span>
      <span class="top-tools">
        <a class="button small" href=${`/rules.html?game=${encodeURIComponent(gameName)}`} id="rules-link">Rules</a>
        <button type="button" class="small" onClick=${() => legendRef.current && legendRef.current.showModal()} aria-haspopup="dialog">Legend</button>
        ${seat !== null ? html`<button type="button" class="small" id="prefs-button" onClick=${() => prefsRef.current && prefsRef.current.showModal()} aria-haspopup="dialog">Preferences</button>` : null}
        <button type="button" class="small" aria-pressed=${sound ? 'true' : 'false'} title="a chime when it becomes your turn"
          onClick=${() => { setSound(!sound); setPref('sound', !sound); if (!sound) chime(); }}>${sound ? '🔔 Sound on' : '🔕 Sound off'}</button>
      </span>
    </header>
    ${lost
      ? html`<div class="banner" role="alert" id="conn-banner">Connection lost — reconnecting${s.connDetail && s.connDetail.tries > 1 ? ` (attempt ${s.connDetail.tries})` : ''}… The table will be brought up to date by itself.</div>`
      : null}
    ${s.conn === 'closed'
      ? html`<div class="banner" role="alert" id="conn-banner">The table closed this connection${s.connDetail && s.connDetail.reason ? `: ${s.connDetail.reason}` : ''}. <a href="/">Back to the lobby</a></div>`
      : null}
    ${s.toast
      ? html`<div class=${classes('toast', s.toast.kind)} role="alert" id="toast">
          <strong>${s.toast.kind === 'refused' ? 'Refused:' : 'Error:'}</strong> ${s.toast.reason}${s.toast.rule ? html` <span class="rule">[${s.toast.rule}]</span>` : null}
          ${s.toast.rule && gameInfo && gameInfo.rules && gameInfo.rules[s.toast.rule]
            ? html`<span class="rule-words" id="toast-rule">${s.toast.rule}: ${gameInfo.rules[s.toast.rule]}</span>`
            : null}
          <button type="button" class="close" aria-label="Dismiss" onClick=${() => dispatch({ type: 'toast', toast: null })}>✕</button>
        </div>`
      : null}
    ${table && table.status === 'waiting'
      ? html`<div class="waiting" role="status">
          <span>Waiting for players: ${table.open_seats.length ? `open ${table.open_seats.map((i) => `P${i}`).join(', ')}` : 'every seat is taken'}.</span>
          ${seat !== null ? html`<${InviteLink} link=${tableUrl(tableId, s.invite || invite)} id="invite-link" />` : null}
          ${seat !== null && table.host_seat === seat
            ? html`<button type="button" onClick=${() => control('start')}>Start now (bots play the open seats)</button>`
            : html`<span>The host starts the game.</span>`}
        </div>`
      : null}
    <main class="layout">
      <div class="main-col">
        ${frame && frame.status === 'over'
          ? html`<${ResultBox} frame=${frame} seats=${s.seats} tableId=${tableId} invite=${invite || s.invite} seat=${seat} />`
          : null}
        <${ResponseBanner} response=${s.response} received=${s.response ? s.response.received : 0} names=${names} seat=${seat}
          prefs=${s.prefs} onWait=${() => control('wait')} turnBased=${turnBased} />
        ${turnBased && frame && !mine ? html`<${NextTable} turns=${turns} here=${tableId} />` : null}
        ${frame ? html`<${Dock} game=${game} frame=${frame} entries=${entries} an=${an} picked=${picked} setPicked=${setPicked} orphans=${orphans}
            send=${send} sending=${s.sending} openAll=${() => allRef.current && allRef.current.showModal()} info=${info}
            hint=${s.hint} askHint=${() => control('hint')} canHint=${canHint} undo=${() => control('undo')} canUndo=${canUndo} seat=${seat}
            since=${since} openLog=${openLog} />` : null}
        <section class=${classes('board', `game-${gameName}`)} id="board" aria-label="The table">
          ${frame
            ? html`<${Highlight.Provider} value=${moved}><${game.Board} view=${frame.view} seat=${seat} sel=${sel} names=${names} frame=${frame} /></${Highlight.Provider}>`
            : html`<p class="muted">${s.conn === 'closed' ? '' : 'Connecting to the table…'}</p>`}
        </section>
      </div>
      <aside class="side">
        <div class="tabs" role="tablist">
          <button type="button" role="tab" aria-selected=${shown === 'log'} onClick=${() => setTab('log')}>Log</button>
          <button type="button" role="tab" aria-selected=${shown === 'chat'} onClick=${() => setTab('chat')}>Chat${s.chat.length ? ` (${s.chat.length})` : ''}</button>
          <button type="button" role="tab" aria-selected=${shown === 'table'} onClick=${() => setTab('table')}>Table</button>
        </div>
        <div class=${classes('panel', 'panel-log', shown === 'log' && 'on')}><${EventLog} events=${s.events} /></div>
        <div class=${classes('panel', 'panel-chat', shown === 'chat' && 'on')}>
          <${Chat} chat=${s.chat} canTalk=${seat !== null} onSend=${talk} max=${s.limits ? s.limits.max_chat_chars : 500} names=${names} />
        </div>
        <div class=${classes('panel', 'panel-table', shown === 'table' && 'on')}>
          <${Players} seats=${s.seats} names=${names} frame=${frame} />
          ${table ? html`<${TableFacts} table=${table} gameInfo=${gameInfo} invite=${s.invite || invite} seat=${seat} tableId=${tableId} />` : null}
          ${mySeatInfo && table && table.status === 'running'
            ? html`<p class="seat-control">${mySeatInfo.controller === 'bot'
                ? html`A bot plays your seat now. <button type="button" onClick=${() => control('reclaim')}>Take my seat back</button>`
                : html`<button type="button" class="small" onClick=${() => control('leave')}>Let a bot play my seat</button>`}</p>`
            : null}
        </div>
      </aside>
    </main>
    ${frame ? html`<${AllMoves} entries=${entries.filter((e) => e.shown)} onPick=${send} dialogRef=${allRef} />` : null}
    <${Legend} dialogRef=${legendRef} gameInfo=${gameInfo} />
    ${seat !== null
      ? html`<${PrefsDialog} dialogRef=${prefsRef} prefs=${s.prefs} hidden=${!!(gameInfo && gameInfo.hidden_responses)}
          turnBased=${turnBased} windows=${gameInfo ? gameInfo.response_windows : {}}
          onSave=${(p) => sock.current && sock.current.send({ type: 'prefs', ...p })} />`
      : null}
  </div>`;
}

function ResultBox({ frame, seats, tableId, invite, seat }) {
  const r = frame.result || {};
  const winners = r.winners || [];
  return html`<section class="result" id="result" data-winners=${JSON.stringify(winners)} data-returns=${JSON.stringify(r.returns || [])} role="status">
    <h2>Game over</h2>
    <${ResultSummary} result=${r} seats=${seats} />
    <p class="result-links">
      <a class="button" href=${replayUrl(tableId, { invite, seat })}>Replay${seat !== null ? ` as P${seat}` : ''}</a>
      <a class="button" href=${`/api/tables/${encodeURIComponent(tableId)}/record`} download=${`regalia-${tableId}.json`}>Game record (JSON)</a>
      <a class="button" href="/">Lobby</a>
    </p>
  </section>`;
}

/** The table's invite link with a button that copies it. */
function InviteLink({ link, id, label }) {
  const [copied, setCopied] = useState(false);
  const input = useRef(null);
  async function copy() {
    if (input.current) input.current.select();
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch (e) {
      setCopied(document.execCommand && document.execCommand('copy'));
    }
  }
  return html`<label class="invite">${label || 'Invite link'}
    <span class="invite-row"><input id=${id} ref=${input} readonly value=${link} onFocus=${(e) => e.target.select()} />
    <button type="button" class="small" onClick=${copy}>${copied ? 'Copied' : 'Copy'}</button></span></label>`;
}

/** The table's move clock in words: the time for each decision and what happens when it runs out. */
function clockWords(table) {
  const then = {
    takeover: 'a bot takes the seat until the person comes back',
    forfeit: 'the player forfeits: a bot plays their seat to the end, ranked last',
    standin: 'a bot plays that decision',
  }[table.on_timeout] || 'a bot plays that decision';
  if (table.mode === 'turn-based') return `turn-based: ${plural(table.days_per_move, 'day')} a decision; then ${then}`;
  return table.turn_seconds ? `${fmtSeconds(table.turn_seconds)} a decision; then ${then}` : 'none';
}

function TableFacts({ table, gameInfo, invite, seat, tableId }) {
  const link = tableUrl(tableId, table.private || seat !== null ? invite : null);
  const opts = Object.entries(table.options || {});
  return html`<div class="facts-box">
    ${seat !== null || !table.private
      ? html`<${InviteLink} link=${link} id=${table.status === 'waiting' ? 'invite-link-2' : 'invite-link'} label=${`Invite link${table.private ? ' (private table)' : ''}`} />`
      : null}
    <dl class="facts">
      <div class="fact"><dt>Game</dt><dd>${(gameInfo && gameInfo.title) || table.game}, ${table.players} players</dd></div>
      <div class="fact"><dt>Rules version</dt><dd>${table.rules_version}</dd></div>
      <div class="fact"><dt>Options</dt><dd>${opts.length ? opts.map(([k, v]) => `${k} = ${v === null ? 'none' : v}`).join(', ') : 'the defaults'}</dd></div>
      <div class="fact"><dt>Move clock</dt><dd>${clockWords(table)}</dd></div>
      ${gameInfo && gameInfo.hidden_responses
        ? html`<div class="fact"><dt>Response windows</dt><dd>${table.fair_windows ? `fair (SRV-2): everyone who might respond is asked; ${table.response_seconds} s to answer` : `plain: only players who can respond are asked; ${table.response_seconds} s to answer`}</dd></div>`
        : null}
      <div class="fact"><dt>Spectators</dt><dd>${table.spectators ? 'welcome' : 'not allowed'}${table.private ? ', private table' : ''}</dd></div>
    </dl>
  </div>`;
}

// ---------------------------------------------------------------- the page
function App() {
  const { table, invite, watch } = pageParams();
  const lesson = new URLSearchParams(location.search).get('lesson');
  if (lesson) return html`<${LessonPage} spec=${lesson} />`;
  const [who, setWho] = useState(() => {
    const saved = table ? savedSeat(table) : null;
    if (saved) return { token: saved.token, seat: saved.seat };
    return watch ? { spectator: true, invite } : null;
  });
  const [reason, setReason] = useState(null);
  if (!table) {
    return html`<main class="join"><h1>No table</h1><p>This page needs a table: open it from the <a href="/">lobby</a> or an invite link.</p></main>`;
  }
  if (!who) {
    return html`<${JoinPanel} tableId=${table} invite=${invite} reason=${reason}
      onSeat=${(got) => setWho({ token: got.token, seat: got.seat })}
      onSession=${(seat) => setWho({ session: true, seat })}
      onWatch=${() => setWho({ spectator: true, invite })} />`;
  }
  return html`<${TablePage} tableId=${table} who=${who} invite=${invite} onBadSeat=${() => {
    if (who.token) forgetSeat(table);
    setReason('The seat this browser held at this table is no longer valid.');
    setWho(null);
  }} />`;
}

render(html`<${App} />`, document.getElementById('app'));
