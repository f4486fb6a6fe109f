// The decision panel of a table page (the prompt, what happened since your last move, the move
// buttons, "All moves"), shared by real tables and lessons (table.js, lesson.js).

import { html, classes, useState, useEffect, useMemo } from './lib.js';
import { sinceWords } from './lastmove.js';
import { firstKeys } from './select.js';

// ---------------------------------------------------------------- the moves: prompt, buttons, list
export function AllMoves({ entries, onPick, dialogRef }) {
  const groups = [];
  const byName = new Map();
  for (const e of entries) {
    const g = e.group || 'Moves';
    if (!byName.has(g)) {
      byName.set(g, []);
      groups.push(g);
    }
    byName.get(g).push(e);
  }
  const close = () => dialogRef.current && dialogRef.current.close();
  return html`<dialog class="all-moves" ref=${dialogRef} aria-label="All legal moves">
    <header><h2>All moves (${entries.length})</h2><button type="button" class="close" onClick=${close} aria-label="Close">✕</button></header>
    <div class="moves-scroll">
      ${groups.map(
        (g) => html`<section class="move-group"><h3>${g}</h3><ul>${byName.get(g).map(
          (e) => html`<li><button type="button" class="move" data-text=${e.text} onClick=${() => {
            close();
            onPick(e);
          }}><span class="move-label">${e.label}</span>${e.label !== e.text ? html`<code class="move-text">${e.text}</code>` : null}</button></li>`,
        )}</ul></section>`,
      )}
    </div>
  </dialog>`;
}

/** The entries of `list` with different action texts (the first of each). */
export function distinct(list) {
  const seen = new Set();
  return list.filter((e) => {
    if (seen.has(e.text)) return false;
    seen.add(e.text);
    return true;
  });
}

/** What happened since this seat's last move (or, watching, lately), by the prompt. */
function Since({ events, mine, seat, openLog }) {
  if (!events.length) return null;
  const { shown, more } = sinceWords(events);
  const head = seat === null ? 'Lately' : mine ? 'Since your last move' : 'Just now';
  return html`<div class="since" id="since" aria-live="polite">
    <span class="since-head">${head}:</span>
    <ul>${shown.map((t) => html`<li>${t}</li>`)}</ul>
    ${more ? html`<button type="button" class="small link" onClick=${openLog}>${more} earlier — the log</button>` : null}
  </div>`;
}

export function Dock({ game, frame, entries, an, picked, setPicked, orphans, send, sending, openAll, info, hint, askHint, canHint, undo, canUndo, seat, since, openLog }) {
  const shown = entries.filter((e) => e.shown);
  const mine = shown.length > 0;
  const free = shown.filter((e) => !e.keys.length || e.bar || orphans.has(e.text));
  const following = picked.length ? distinct(an.along) : [];
  return html`<section class=${classes('dock', mine && 'mine')} aria-label="Your decision" id="dock" data-sending=${sending ? 'true' : 'false'} data-orphans=${orphans.size}>
    <p class="prompt" id="prompt" aria-live="polite">${frame.prompt}</p>
    <${Since} events=${since} mine=${mine} seat=${seat} openLog=${openLog} />
    ${mine && picked.length
      ? html`<div class="picked-line">
          <span>Picked: <strong>${picked.map((p) => p.card || p.title || p.key).join(' + ')}</strong>${an.next.size
            ? ' — now choose a highlighted target'
            : ''}</span>
          <button type="button" class="small" onClick=${() => setPicked([])}>Cancel (Esc)</button>
        </div>`
      : null}
    ${mine
      ? html`<div class="bar" role="group" aria-label="Moves">
          ${picked.length
            ? following.slice(0, 12).map((e) => html`<button type="button" class=${classes('move', an.done.includes(e) && 'primary')} data-text=${e.text}
                onClick=${() => send(e)} disabled=${sending}>${e.label}</button>`)
            : free.map((e) => html`<button type="button" class="move" data-text=${e.text} onClick=${() => send(e)} disabled=${sending}>${e.label}</button>`)}
          ${picked.length && following.length > 12 ? html`<span class="muted">${following.length} moves: choose a highlighted target</span>` : null}
          ${canHint ? html`<button type="button" class="small tool" onClick=${askHint}>Hint</button>` : null}
          <button type="button" class="all-btn" onClick=${openAll} aria-haspopup="dialog">All moves (${shown.length})</button>
        </div>`
      : null}
    ${canUndo ? html`<div class="tools"><button type="button" class="small" onClick=${undo} disabled=${frame.status !== 'running'}>Undo</button>
        <span class="small muted">${frame.view && frame.view.undos ? `${frame.view.undos} undo${frame.view.undos === 1 ? '' : 's'} so far (counted in the score)` : 'each undo is counted in the result'}</span></div>` : null}
    ${hint && mine ? html`<p class="hint" role="status">Hint (${hint.bot}): <strong>${hint.label}</strong></p>` : null}
    ${info ? html`<p class="info" role="status">${info}</p>` : null}
  </section>`;
}


// ---------------------------------------------------------------- hooks of a page with a Dock
/** The texts of the legal actions whose first element the renderer did not draw (a Set): the
 *  Dock offers them as buttons. Checked after every render against the board's `data-key`s. */
export function useOrphans(entries) {
  const [orphanKey, setOrphanKey] = useState('');
  useEffect(() => {
    const board = document.getElementById('board');
    if (!board) return;
    const missing = entries
      .filter((e) => e.shown && e.keys.length && !e.bar)
      .filter((e) => !firstKeys(e).some((k) => board.querySelector(`[data-key="${CSS.escape(k)}"]`)))
      .map((e) => e.text);
    const key = missing.join('\n');
    if (key !== orphanKey) setOrphanKey(key);
  });
  return useMemo(() => new Set(orphanKey ? orphanKey.split('\n') : []), [orphanKey]);
}

/** Phones: the hand (".tray") sticks just above the decision panel (#dock), whose height it
 *  reads from `--dock-h`, observed again when `deps` change. */
export function useDockHeight(deps) {
  useEffect(() => {
    const dock = document.getElementById('dock');
    if (!dock || !window.ResizeObserver) return undefined;
    const root = document.documentElement;
    const ro = new ResizeObserver(() => root.style.setProperty('--dock-h', `${Math.ceil(dock.getBoundingClientRect().height)}px`));
    ro.observe(dock);
    return () => ro.disconnect();
  }, deps);
}
