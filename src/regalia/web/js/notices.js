// "Your turn" notices for the signed-in person (issue 37): the control that turns them on and off
// in this browser (Web Push), saying what is sent and when. The browser is asked for its
// permission only when the person clicks "Turn on notices". Where notices cannot work it says why
// (a browser without Web Push; an iPhone or iPad where the site is not on the Home Screen; a
// server that sends none; notifications blocked) and, where the browser offers it, a button
// installs the site.
//
// The browser's subscription is sent to POST /api/push/subscriptions; "Turn off" and signing out
// (stopNotices) remove it there and in the browser.

import { html, useState, useEffect, api, pref, setPref } from './lib.js';
import { workerReady, install, installed } from './site.js';

/** The preference naming the account this browser's subscription was made for. */
const OWNER = 'notices-account';

/** Whether this browser can receive Web Push notices at all (on this page). */
export function pushSupported() {
  return window.isSecureContext && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

function appleMobile() {
  return /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
}

function keyBytes(b64) {
  const s = atob(b64.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

function sameKey(sub, key) {
  const had = sub.options && sub.options.applicationServerKey;
  if (!had) return false;
  const a = new Uint8Array(had);
  const b = keyBytes(key);
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

async function browserSubscription() {
  const reg = await workerReady;
  return reg ? reg.pushManager.getSubscription() : null;
}

/** Stop this browser's notices (when its person signs out): the subscription is removed from
 *  the account and from the browser. Never throws. */
export async function stopNotices() {
  try {
    setPref(OWNER, null);
    const sub = pushSupported() ? await browserSubscription() : null;
    if (!sub) return;
    await api('DELETE', '/api/push/subscriptions', { endpoint: sub.endpoint }).catch(() => null);
    await sub.unsubscribe();
  } catch (e) {
    /* nothing to stop */
  }
}

const WHY = {
  unsupported: 'This browser cannot receive notices (it has no Web Push). Most current browsers can: Chrome, Edge, Firefox, Safari.',
  'install-first':
    'On iPhone and iPad, notices need regalia on your Home Screen (iOS 16.4 or later): tap Share, then “Add to Home Screen”, and open regalia from there.',
  'off-server': 'This server does not send notices (its operator has not turned them on).',
  blocked: 'Notifications from this site are blocked in your browser’s settings. Allow them there, then reload this page.',
};

/** "2 hours", "90 minutes": how long before a deadline the reminder comes. */
function leftWords(seconds) {
  const minutes = Math.round(seconds / 60);
  if (minutes % 60 === 0 && minutes >= 60) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

function reasonOf(e) {
  if (e && e.reason) return e.field ? `${e.field}: ${e.reason}` : e.reason;
  if (e && e.name === 'NotAllowedError') return 'The browser did not allow notifications.';
  return `The browser could not subscribe to notices${e && e.message ? ` (${e.message})` : ''}.`;
}

/** The control: what notices say and when they come, and a button that turns them on or off in
 *  this browser for the signed-in account `me`. */
export function NoticesControl({ me }) {
  const [state, setState] = useState('loading'); // loading | unsupported | install-first | off-server | blocked | off | on
  const [key, setKey] = useState(null);
  const [reminder, setReminder] = useState(7200);
  const [busy, setBusy] = useState(false);
  const [msg, setMsg] = useState(null);
  const [offer, setOffer] = useState(install.offered());
  useEffect(() => install.listen(setOffer), []);
  useEffect(() => {
    check();
  }, [me.name]);

  async function check() {
    if (!pushSupported()) {
      setState(appleMobile() && !installed() ? 'install-first' : 'unsupported');
      return;
    }
    let k;
    try {
      const got = await api('GET', '/api/push/key');
      k = got.key;
      if (Number.isFinite(got.reminder_seconds)) setReminder(got.reminder_seconds);
    } catch (e) {
      setState('off');
      setMsg(reasonOf(e));
      return;
    }
    if (!k) {
      setState('off-server');
      return;
    }
    setKey(k);
    if (Notification.permission === 'denied') {
      setState('blocked');
      return;
    }
    const sub = await browserSubscription();
    if (!sub || Notification.permission !== 'granted' || pref(OWNER) !== me.name || !sameKey(sub, k)) {
      setState('off');
      return;
    }
    try {
      await api('POST', '/api/push/subscriptions', sub.toJSON()); // again: the server may have dropped it
      setState('on');
    } catch (e) {
      setState('off');
      setMsg(reasonOf(e));
    }
  }

  async function turnOn() {
    setBusy(true);
    setMsg(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'blocked' : 'off');
        if (permission !== 'denied') setMsg('Notices stay off: the browser was not allowed to show them.');
        return;
      }
      const reg = await workerReady;
      if (!reg) throw new Error('the service worker is not running');
      let sub = await reg.pushManager.getSubscription();
      if (sub && !sameKey(sub, key)) {
        await sub.unsubscribe(); // made for another key (another server's): make a new one
        sub = null;
      }
      if (!sub) sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
      await api('POST', '/api/push/subscriptions', sub.toJSON());
      setPref(OWNER, me.name);
      setState('on');
    } catch (e) {
      setMsg(reasonOf(e));
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    setMsg(null);
    await stopNotices();
    setState('off');
    setBusy(false);
  }

  const control =
    state === 'on'
      ? html`<button type="button" id="notices-off" disabled=${busy} onClick=${turnOff}>Turn off notices</button>`
      : state === 'off'
        ? html`<button type="button" class="primary" id="notices-on" disabled=${busy || !key} onClick=${turnOn} aria-describedby="notices-ask">Turn on notices</button>
            <span class="small muted" id="notices-ask">Your browser will ask whether regalia may show notifications.</span>`
        : null;
  return html`<section class="notices" aria-labelledby="notices-h" data-state=${state}>
    <h3 id="notices-h">Turn notices</h3>
    <p class="small">When it is your turn at a turn-based table and you are not at the table, regalia sends a notice to each
      browser where you turned notices on: the game, and the time by which to move — never your cards.
      If you have not moved ${leftWords(reminder)} before your deadline, a reminder follows. Click a notice to open the table.</p>
    <p class="notices-state" id="notices-state" role="status">${state === 'on'
      ? html`<strong>Notices are on</strong> in this browser.`
      : state === 'off'
        ? html`Notices are off in this browser.`
        : state === 'loading'
          ? 'Looking at this browser…'
          : WHY[state]}</p>
    ${control ? html`<div class="notices-buttons">${control}</div>` : null}
    ${msg ? html`<p class="error" role="alert" id="notices-error">${msg}</p>` : null}
    ${offer && !installed()
      ? html`<p class="small install-offer">Install regalia as an app: it opens in a window of its own, from your Home Screen or apps.
          <button type="button" class="small" id="install-site" onClick=${() => install.prompt()}>Install regalia</button></p>`
      : null}
  </section>`;
}
