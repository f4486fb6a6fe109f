// The side panels of a table: the log of this seat's events, the chat, the players, the legend.

import { html, useState, useEffect, useRef, seatLabel, classes } from './lib.js';

/** How the page names seats: label(i) "P1 (Ann)", bot(i) the bot playing it (or null). */
export function makeNames(seats, me) {
  return {
    me,
    label: (i) => seatLabel(seats, i),
    bot(i) {
      const s = seats && seats[i];
      if (!s) return null;
      if (s.kind === 'bot') return `bot: ${s.bot}`;
      if (s.controller === 'bot') return 'a bot stands in';
      return null;
    },
    short: (i) => `P${i}`,
  };
}

function useStickToBottom(dep) {
  const ref = useRef(null);
  const near = useRef(true);
  useEffect(() => {
    const el = ref.current;
    if (el && near.current) el.scrollTop = el.scrollHeight;
  }, [dep]);
  const onScroll = () => {
    const el = ref.current;
    if (el) near.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
  };
  return [ref, onScroll];
}

/** The events this seat may see, in words, oldest first (private ones marked). */
export function EventLog({ events }) {
  const [ref, onScroll] = useStickToBottom(events.length);
  return html`<ol class="log" id="log" ref=${ref} onScroll=${onScroll} tabindex="0" aria-label="What happened" aria-live="polite">
    ${events.length ? null : html`<li class="muted">Nothing has happened yet.</li>`}
    ${events.map(
      (e) => html`<li class=${classes('ev', e.private && 'private', `k-${e.kind}`)}>${e.private
          ? html`<span class="lock" title="only some players saw this">🔒 </span>`
          : null}${e.text}</li>`,
    )}
  </ol>`;
}

/** The table's chat: every seat and spectator reads it, seats write (kept in the record). */
export function Chat({ chat, canTalk, onSend, max, names }) {
  const [text, setText] = useState('');
  const [ref, onScroll] = useStickToBottom(chat.length);
  function submit(ev) {
    ev.preventDefault();
    const t = text.trim();
    if (!t) return;
    if (onSend(t) !== false) setText('');
  }
  return html`<div class="chat">
    <ol class="chat-lines" id="chat" ref=${ref} onScroll=${onScroll} tabindex="0" aria-label="Chat" aria-live="polite">
      ${chat.length ? null : html`<li class="muted">No messages yet.</li>`}
      ${chat.map(
        (m) => html`<li class="chat-line"><span class="who">${m.seat === null ? m.name : names.label(m.seat)}</span>: <span class="said">${m.text}</span></li>`,
      )}
    </ol>
    ${canTalk
      ? html`<form class="chat-form" onSubmit=${submit}>
          <label class="sr-only" for="chat-input">Message to the table</label>
          <input id="chat-input" maxlength=${max} value=${text} onInput=${(e) => setText(e.target.value)} placeholder="Say something to the table" autocomplete="off" />
          <button type="submit">Send</button>
        </form>`
      : html`<p class="muted small">Spectators read the chat; players write.</p>`}
  </div>`;
}

/** The seats: who plays each one, whether they are connected, who is to act. */
export function Players({ seats, names, frame }) {
  const view = frame && frame.view;
  const toAct = view ? (view.current_player ?? view.to_act ?? null) : null;
  return html`<ul class="players" aria-label="Players">
    ${(seats || []).map(
      (s) => html`<li class=${classes('player', s.seat === names.me && 'me', s.seat === toAct && frame && frame.status === 'running' && 'turn')}>
        <span class=${classes('dot', s.online ? 'on' : 'off')} title=${s.online ? 'connected' : 'not connected'}></span>
        <span class="pname">${names.label(s.seat)}</span>
        <span class="pkind">${s.kind === 'bot' ? `bot (${s.bot})` : s.controller === 'open' ? 'open seat' : s.controller === 'bot' ? 'person — a bot stands in' : 'person'}</span>
        ${s.seat === names.me ? html`<span class="plate-you">you</span>` : null}
      </li>`,
    )}
  </ul>`;
}

/** The game's legend (what the marks and abbreviations mean) and its notation. */
export function Legend({ dialogRef, gameInfo }) {
  const close = () => dialogRef.current && dialogRef.current.close();
  return html`<dialog class="legend" ref=${dialogRef} aria-label="Legend">
    <header><h2>${gameInfo ? gameInfo.title : 'Legend'}</h2><button type="button" class="close" onClick=${close} aria-label="Close">✕</button></header>
    <div class="legend-body">
      ${gameInfo ? html`<p>${gameInfo.summary}</p>` : null}
      ${gameInfo && gameInfo.legend ? html`<h3>Legend</h3><pre class="legend-text">${gameInfo.legend}</pre>` : null}
      ${gameInfo && gameInfo.notation ? html`<h3>Notation</h3><pre class="legend-text">${gameInfo.notation}</pre>` : null}
      <h3>Playing in the browser</h3>
      <p>Click a highlighted card in your hand, then a highlighted target on the table (a spot beside
      a card, a player, the pile). When a move can be made in more than one way the page lists
      them. "All moves" lists every legal move with what it does. Esc cancels a pick; Tab and
      Enter work everywhere. Tap any card to read it.</p>
    </div>
  </dialog>`;
}
