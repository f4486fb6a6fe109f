// The signed-in person in the page header: "Sign in" (a password or a passkey) and "Create an
// account", or the account's name (its profile), "Sign out" — and, once signed in, the seats
// this browser holds as a guest, which can be added to the account (POST /api/me/claim).

import { html, useState, useEffect, api } from './lib.js';
import { passkeysSupported, createPasskey, signInWithPasskey } from './passkey.js';
import { stopNotices } from './notices.js';

/** The profile page's address of a player. */
export const profileUrl = (name) => `/@/${encodeURIComponent(name)}`;

/** The signed-in account ({name}), or null (GET /api/session, which answers 200 either way);
 *  `reload` asks again. */
export function useMe() {
  const [me, setMe] = useState(undefined);
  const reload = () => api('GET', '/api/session').then((s) => setMe(s.signed_in ? { name: s.name } : null), () => setMe(null));
  useEffect(() => {
    reload();
  }, []);
  return [me, reload];
}

/** The guest seats this browser holds: [{table, seat, token}] from localStorage. */
export function guestSeats() {
  const out = [];
  try {
    const s = window.localStorage;
    for (let i = 0; i < s.length; i++) {
      const key = s.key(i);
      if (!key || !key.startsWith('regalia:seat:')) continue;
      const v = JSON.parse(s.getItem(key));
      if (v && typeof v.token === 'string' && !v.claimed) out.push({ table: key.slice('regalia:seat:'.length), seat: v.seat, token: v.token });
    }
  } catch (e) {
    /* storage blocked: nothing to claim */
  }
  return out;
}

function markClaimed(table) {
  try {
    const key = `regalia:seat:${table}`;
    const v = JSON.parse(window.localStorage.getItem(key));
    window.localStorage.setItem(key, JSON.stringify({ ...v, claimed: true }));
  } catch (e) {
    /* storage blocked */
  }
}

/** Add every guest seat of this browser to the signed-in account; resolves to how many were. */
export async function claimGuestSeats() {
  let done = 0;
  for (const s of guestSeats()) {
    try {
      await api('POST', '/api/me/claim', { table: s.table, token: s.token });
      done++;
      markClaimed(s.table);
    } catch (e) {
      if (e.status === 404 || e.status === 403 || e.status === 409) markClaimed(s.table); // gone, or not this browser's any more
    }
  }
  return done;
}

function CredentialsForm({ kind, onDone }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [err, setErr] = useState(null);
  const [busy, setBusy] = useState(false);
  const register = kind === 'register';
  const id = (x) => `${kind}-${x}`;

  async function run(job) {
    setErr(null);
    setBusy(true);
    try {
      await job();
      onDone();
    } catch (e) {
      setErr(e.field ? `${e.field}: ${e.reason}` : e.reason);
    }
    setBusy(false);
  }
  const submit = (ev) => {
    ev.preventDefault();
    run(() => api('POST', register ? '/api/accounts' : '/api/session', { name: name.trim(), password }));
  };
  const passkey = () => run(() => (register ? createPasskey(name.trim(), 'first passkey') : signInWithPasskey()));
  return html`<form class="account-form" onSubmit=${submit} aria-labelledby=${id('h')}>
    <h3 id=${id('h')}>${register ? 'Create an account' : 'Sign in'}</h3>
    <label for=${id('name')}>Name</label>
    <input id=${id('name')} name="name" value=${name} onInput=${(e) => setName(e.target.value)} autocomplete=${register ? 'username' : 'username webauthn'}
      minlength=${register ? 3 : undefined} maxlength="20" required aria-describedby=${register ? id('name-help') : undefined} />
    ${register ? html`<p class="help small muted" id=${id('name-help')}>3 to 20 letters, digits, _ or -; shown to other players.</p>` : null}
    <label for=${id('password')}>Password</label>
    <input id=${id('password')} name="password" type="password" value=${password} onInput=${(e) => setPassword(e.target.value)}
      autocomplete=${register ? 'new-password' : 'current-password'} minlength=${register ? 8 : undefined} maxlength="256"
      aria-describedby=${register ? id('password-help') : undefined} />
    ${register ? html`<p class="help small muted" id=${id('password-help')}>At least 8 characters, not one of the most common passwords. Or skip it and use a passkey.</p>` : null}
    ${err ? html`<p class="error" role="alert" id=${id('error')}>${err}</p>` : null}
    <div class="account-buttons">
      <button type="submit" class="primary" disabled=${busy || !password} id=${id('submit')}>${register ? 'Create with this password' : 'Sign in'}</button>
      ${passkeysSupported()
        ? html`<button type="button" disabled=${busy || (register && !name.trim())} onClick=${passkey} id=${id('passkey')}>${register ? 'Create with a passkey' : 'Sign in with a passkey'}</button>`
        : null}
    </div>
  </form>`;
}

/** After signing in: offer to add this browser's guest seats to the account. */
function ClaimOffer({ onClaimed }) {
  const [seats, setSeats] = useState(guestSeats());
  const [msg, setMsg] = useState(null);
  if (!seats.length) return msg ? html`<p class="small" role="status">${msg}</p>` : null;
  async function claim() {
    const n = await claimGuestSeats();
    setSeats(guestSeats());
    setMsg(`${n} game${n === 1 ? '' : 's'} added to your account.`);
    onClaimed && onClaimed();
  }
  return html`<p class="claim-offer small" role="status">This browser holds ${seats.length} seat${seats.length === 1 ? '' : 's'} you took as a guest.
    <button type="button" class="small" id="claim-seats" onClick=${claim}>Add them to your account</button></p>`;
}

/** The header's account tools: the account's name (its profile) and "Sign out", or "Sign in",
 *  which shows and hides the forms (`open`, `onToggle`). */
export function AccountBox({ me, reload, open, onToggle }) {
  if (me === undefined) return null;
  async function signOut() {
    await stopNotices(); // this browser's notices were the account's
    await api('DELETE', '/api/session').catch(() => null);
    reload();
  }
  if (me) {
    return html`<span class="account-box">
      <a class="button small" href=${profileUrl(me.name)} id="me-link" title="your profile, ratings and games">${me.name}</a>
      <button type="button" class="small" id="sign-out" onClick=${signOut}>Sign out</button>
    </span>`;
  }
  return html`<span class="account-box">
    <button type="button" class="small" id="sign-in" aria-expanded=${open ? 'true' : 'false'} aria-controls="account-panel" onClick=${onToggle}>Sign in</button>
  </span>`;
}

/** The panel with the two forms (shown under the header while "Sign in" is open). */
export function AccountPanel({ onDone }) {
  return html`<section class="account-panel" id="account-panel" aria-label="Sign in or create an account">
    <${CredentialsForm} kind="signin" onDone=${onDone} />
    <${CredentialsForm} kind="register" onDone=${onDone} />
    <p class="small muted account-why">Guests play as before. An account keeps your games and a rating in each game, and finds your seats from any browser.</p>
  </section>`;
}

export { ClaimOffer };
