// The replay page (replay.html?t=<id>#seat=N&invite=…): a table step by step from its record,
// as a spectator saw it (also while it is still running, up to what everyone has been shown) or,
// once the game is over, as any seat saw it. Arrow keys step, Home and End jump, Space plays.

import { html, render, useState, useEffect, useRef, api, loadGames, pageParams, tableUrl, seatLabel, classes } from './lib.js';
import { ResultSummary } from './result.js';
import { Highlight, movedBy } from './lastmove.js';
import { rendererFor } from './games/index.js';
import { makeNames, Legend } from './panels.js';

function Replay() {
  const params = pageParams();
  const tableId = params.table;
  const [info, setInfo] = useState(null);
  const [games, setGames] = useState(null);
  const [seat, setSeat] = useState(params.seat === null || params.seat === undefined || params.seat === '' ? null : Number(params.seat));
  const [data, setData] = useState(null);
  const [err, setErr] = useState(null);
  const [i, setI] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [note, setNote] = useState('');
  const legendRef = useRef(null);

  useEffect(() => {
    loadGames().then(setGames, () => setGames({ games: [] }));
    const headers = params.invite ? { 'X-Regalia-Invite': params.invite } : {};
    api('GET', `/api/tables/${encodeURIComponent(tableId)}`, undefined, headers).then(setInfo, (e) => setErr(e.reason));
  }, [tableId]);

  useEffect(() => {
    setData(null);
    setErr(null);
    const body = seat === null ? {} : { seat };
    if (params.invite) body.invite = params.invite;
    api('POST', `/api/tables/${encodeURIComponent(tableId)}/replay`, body).then(
      (r) => {
        setData(r);
        setI(0);
      },
      (e) => setErr(e.field ? `${e.field}: ${e.reason}` : e.reason),
    );
    const frag = [];
    if (params.invite) frag.push(`invite=${encodeURIComponent(params.invite)}`);
    if (seat !== null) frag.push(`seat=${seat}`);
    history.replaceState(null, '', `${location.pathname}${location.search}${frag.length ? '#' + frag.join('&') : ''}`);
  }, [seat]);

  const n = data ? data.steps.length : 0;
  useEffect(() => {
    if (!playing) return undefined;
    if (i >= n - 1) {
      setPlaying(false);
      return undefined;
    }
    const t = setTimeout(() => setI((x) => Math.min(n - 1, x + 1)), 900);
    return () => clearTimeout(t);
  }, [playing, i, n]);

  useEffect(() => {
    const onKey = (e) => {
      if (!n || ['INPUT', 'SELECT', 'TEXTAREA'].includes(e.target.tagName)) return;
      if (e.key === 'ArrowRight') setI((x) => Math.min(n - 1, x + 1));
      else if (e.key === 'ArrowLeft') setI((x) => Math.max(0, x - 1));
      else if (e.key === 'Home') setI(0);
      else if (e.key === 'End') setI(n - 1);
      else if (e.key === ' ' && e.target.tagName !== 'BUTTON') setPlaying((p) => !p);
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [n]);

  const seats = info ? info.seats : [];
  const names = makeNames(seats, seat);
  const game = info ? rendererFor(info.game) : null;
  const gameInfo = games && info && games.games.find((g) => g.name === info.game);
  const step = data && data.steps[i];
  const over = info && info.status === 'over';
  useEffect(() => {
    document.title = `Replay · ${(gameInfo && gameInfo.title) || 'regalia'} · regalia`;
  }, [gameInfo]);
  const sel = { live: false, next: new Set(), props: (key, uid, text) => ({ enabled: false, pressed: false, cls: '', onClick: () => text && setNote(text) }) };
  const events = data ? data.steps.slice(0, i + 1).flatMap((s, j) => s.events.map((e) => ({ ...e, current: j === i }))) : [];
  const now = step ? step.events : [];
  const moved = game && step ? movedBy(now, game.movedKeys ? (ev) => game.movedKeys(ev, step.view) : null) : null;
  const logRef = useRef(null);
  // "What happened" follows the step: its events are marked and scrolled into the log's view
  useEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const first = log.querySelector('li.current');
    const target = first || log.lastElementChild;
    if (target) log.scrollTop = Math.max(0, target.offsetTop - log.offsetTop - 8);
  }, [i, data]);
  const chat = data ? data.steps.slice(0, i + 1).flatMap((s) => s.chat) : [];

  return html`<div class="page replay-page">
    <header class="top">
      <a class="brand" href="/">regalia</a>
      <h1 class="game-title">Replay: ${(gameInfo && gameInfo.title) || (info && info.game) || ''}${info && info.name ? html` <span class="table-name">— ${info.name}</span>` : null}</h1>
      <span class="top-tools">
        <button type="button" class="small" onClick=${() => legendRef.current && legendRef.current.showModal()}>Legend</button>
        <a class="button small" href=${tableUrl(tableId, params.invite)}>The table</a>
      </span>
    </header>
    ${err ? html`<p class="error" role="alert">${err}</p>` : null}
    ${info
      ? html`<div class="replay-controls" role="group" aria-label="Replay controls">
          <label>As <select value=${seat === null ? '' : String(seat)} onChange=${(e) => setSeat(e.target.value === '' ? null : Number(e.target.value))}>
            <option value="">a spectator</option>
            ${over ? seats.map((s) => html`<option value=${String(s.seat)}>${seatLabel(seats, s.seat)}</option>`) : null}
          </select></label>
          ${!over ? html`<span class="small muted">Each seat's replay opens once the game is over.</span>` : null}
          <button type="button" onClick=${() => setI(0)} disabled=${!n || i === 0} aria-label="First step">⏮</button>
          <button type="button" onClick=${() => setI(Math.max(0, i - 1))} disabled=${!n || i === 0} aria-label="Previous step" id="prev">◀</button>
          <button type="button" onClick=${() => setPlaying(!playing)} disabled=${!n}><span aria-hidden="true">${playing ? '⏸' : '▶︎'}</span> ${playing ? 'Pause' : 'Play'}</button>
          <button type="button" onClick=${() => setI(Math.min(n - 1, i + 1))} disabled=${!n || i >= n - 1} aria-label="Next step" id="next">▶</button>
          <button type="button" onClick=${() => setI(n - 1)} disabled=${!n || i >= n - 1} aria-label="Last step">⏭</button>
          <input type="range" min="0" max=${Math.max(0, n - 1)} value=${i} onInput=${(e) => setI(Number(e.target.value))} aria-label="Step" />
          <span class="step-no" id="step-no">step ${n ? i : 0} of ${Math.max(0, n - 1)}</span>
        </div>`
      : null}
    ${step && info
      ? html`<main class="layout">
          <div class="main-col">
            <section class="dock" aria-label="This step"><p class="prompt" id="prompt">${step.prompt}</p>
              <div class="since" id="since" aria-live="polite"><span class="since-head">Step ${i}:</span>
                ${now.length ? html`<ul>${now.map((e) => html`<li>${e.private ? '🔒 ' : ''}${e.text}</li>`)}</ul>` : html` <span class="muted">${i === 0 ? 'the deal' : 'nothing this seat could see'}</span>`}</div>
              ${note ? html`<p class="info">${note}</p>` : null}</section>
            ${i === n - 1 && info.result ? html`<section class="result" id="result" data-winners=${JSON.stringify(info.result.winners || [])}><h2>Game over</h2><${ResultSummary} result=${info.result} seats=${seats} /></section>` : null}
            <section class=${classes('board', `game-${info.game}`)} id="board" aria-label="The table at this step">
              <${Highlight.Provider} value=${moved}><${game.Board} view=${step.view} seat=${seat} sel=${sel} names=${names} frame=${{ view: step.view, status: data.status }} /></${Highlight.Provider}>
            </section>
          </div>
          <aside class="side">
            <h2 class="side-h">What happened</h2>
            <ol class="log" id="log" ref=${logRef} tabindex="0" aria-label="What happened up to this step">${events.map((e) => html`<li class=${classes('ev', e.private && 'private', e.current && 'current')} aria-current=${e.current ? 'step' : undefined}>${e.private ? '🔒 ' : ''}${e.text}</li>`)}</ol>
            <h2 class="side-h">Chat</h2>
            <ol class="chat-lines">${chat.length ? chat.map((m) => html`<li class="chat-line"><span class="who">${m.seat === null ? m.name : names.label(m.seat)}</span>: <span class="said">${m.text}</span></li>`) : html`<li class="muted">No messages.</li>`}</ol>
          </aside>
        </main>`
      : !err
        ? html`<p class="muted">Loading the replay…</p>`
        : null}
    <${Legend} dialogRef=${legendRef} gameInfo=${gameInfo} />
  </div>`;
}

render(html`<${Replay} />`, document.getElementById('app'));
