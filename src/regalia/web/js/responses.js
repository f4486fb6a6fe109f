// Response windows at a table of Kingship or Kingdom (ruling SRV-2): the banner that shows the
// response period to everyone — who is being asked and until when — and the person's
// preferences for how they are asked (a dialog from the table's tools).

import { html, useState, useEffect, fmtSeconds } from './lib.js';

/** The response period as everyone sees it: a banner with the countdown of the person asked. */
export function ResponseBanner({ response, received, names, seat, prefs, onWait, turnBased }) {
  const [, tick] = useState(0);
  useEffect(() => {
    if (!response || !response.open || !response.deadline) return undefined;
    const t = setInterval(() => tick((x) => x + 1), 250);
    return () => clearInterval(t);
  }, [response && response.deadline]);
  if (!response || !response.open) return null;
  const asked = response.seat;
  const left = response.deadline ? response.deadline - response.now - (Date.now() - received) / 1000 : null;
  let words;
  if (turnBased) words = 'The players’ standing orders answer the response windows of the last move…';
  else if (asked === null || asked === undefined) words = 'The table is asking for responses to the last move…';
  else if (asked === seat) words = 'Your turn to respond';
  else words = `Waiting for ${names.label(asked)} to respond`;
  const canWait = asked === seat && prefs && prefs.responses === 'quick';
  return html`<div class="response-banner" id="response-banner" role="status" aria-live="polite" data-seat=${asked === null ? '' : String(asked)}>
    <span>${words}${left !== null ? html` — <strong class="response-left" role="timer" aria-live="off">${fmtSeconds(left)}</strong>` : null}</span>
    <span class="small muted">${turnBased
      ? 'At a turn-based table nobody is asked out of turn: each player’s standing orders (Preferences) answer at once, holding a card or not (ruling SRV-3).'
      : 'Everyone who might hold a card to answer with is given a turn, holding it or not (ruling SRV-2); the move is shown when the turns are done.'}</span>
    ${canWait ? html`<button type="button" class="small" onClick=${onWait}>Wait — more time</button>` : null}
  </div>`;
}

const CHOICES = [
  ['ask', 'Ask me every time I might respond', 'You get the table’s full time to answer at each turn, whether or not you hold a card to play. Tells nobody anything.'],
  ['quick', 'Short turns, with a “wait” button', 'Your turn is short; press “Wait” to get the full time. Tells nobody anything.'],
  ['never', 'Never ask me: always pass', 'Every response turn passes at once. You will not use Outlaws, Knights, Assassins or Jokers out of turn. Tells nobody anything.'],
  ['holding', 'Ask me only when I can really respond', 'Quicker, but the table then moves on at once whenever you cannot respond — which tells everyone that you hold nothing to respond with.'],
];

/** The standing orders a person may give for a kind of hidden window (ruling SRV-3). */
const ORDERS = [
  ['bot', 'the stand-in bot decides for me'],
  ['pass', 'always pass'],
];

/** At a turn-based table nobody is asked in a response period (it would wait days and tell
 *  everyone who is thinking): each kind of hidden window is answered by the person's standing
 *  order, given here (ruling SRV-3). */
function StandingOrders({ windows, orders, setOrders }) {
  const kinds = Object.entries(windows || {});
  if (!kinds.length) return null;
  return html`<fieldset class="orders" id="standing-orders"><legend>Standing orders (turn-based table)</legend>
    <p class="small">At a turn-based table you are never asked to respond out of turn: your order for each kind of window answers for you, at once, whether you hold the card or not — so it tells nobody anything (ruling SRV-3).</p>
    ${kinds.map(
      ([kind, words]) => html`<label class="order" data-kind=${kind}>${words}
        <select name=${`order-${kind}`} value=${orders[kind] || 'bot'} onChange=${(e) => setOrders({ ...orders, [kind]: e.target.value })}>
          ${ORDERS.map(([v, t]) => html`<option value=${v}>${t}</option>`)}</select></label>`,
    )}
  </fieldset>`;
}

/** A person's preferences at this table: how response windows ask them (their standing orders
 *  at a turn-based table), and forced moves. */
export function PrefsDialog({ dialogRef, prefs, onSave, hidden, turnBased, windows }) {
  const [responses, setResponses] = useState((prefs && prefs.responses) || 'ask');
  const [forced, setForced] = useState(prefs ? prefs.forced : true);
  const [orders, setOrders] = useState((prefs && prefs.orders) || {});
  const [understood, setUnderstood] = useState(false);
  useEffect(() => {
    if (prefs) {
      setResponses(prefs.responses);
      setForced(prefs.forced);
      setOrders(prefs.orders || {});
    }
  }, [prefs && prefs.responses, prefs && prefs.forced, prefs && JSON.stringify(prefs.orders || {})]);
  const close = () => dialogRef.current && dialogRef.current.close();
  const reveals = responses === 'holding';
  function save(ev) {
    ev.preventDefault();
    if (turnBased) onSave({ forced, orders: Object.fromEntries(Object.keys(windows || {}).map((k) => [k, orders[k] || 'bot'])) });
    else onSave({ responses, forced, understood: reveals ? understood : false });
    close();
  }
  return html`<dialog class="prefs" id="prefs-dialog" ref=${dialogRef} aria-label="Your preferences at this table">
    <header><h2>Your preferences at this table</h2><button type="button" class="close" onClick=${close} aria-label="Close">✕</button></header>
    <form class="prefs-form" onSubmit=${save}>
      ${hidden && turnBased ? html`<${StandingOrders} windows=${windows} orders=${orders} setOrders=${setOrders} />` : null}
      ${hidden && !turnBased
        ? html`<fieldset><legend>Response windows</legend>
            ${CHOICES.map(([value, title, help]) => html`<label class="choice">
              <input type="radio" name="responses" value=${value} checked=${responses === value} onChange=${() => setResponses(value)} />
              <span><strong>${title}</strong><br /><span class="small">${help}</span></span></label>`)}
            ${reveals
              ? html`<p class="warning" role="alert">This choice lets the others learn something: when the table moves on at once, you hold nothing to respond with.</p>
                  <label class="check"><input type="checkbox" name="understood" checked=${understood} onChange=${(e) => setUnderstood(e.target.checked)} /> I understand</label>`
              : null}
          </fieldset>`
        : null}
      <label class="check"><input type="checkbox" name="forced" checked=${forced} onChange=${(e) => setForced(e.target.checked)} /> Play my only choice for me when taking it tells nobody anything</label>
      <p class="prefs-actions"><button type="submit" class="primary" disabled=${!turnBased && reveals && !understood}>Save</button>
        <button type="button" onClick=${close}>Cancel</button></p>
    </form>
  </dialog>`;
}
