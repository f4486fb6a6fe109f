// Shared helpers of the browser pages: the vendored Preact + htm, the HTTP API, the browser's
// storage of seat tokens, and small formatting functions.
//
// Text is only ever put on the page through Preact's text nodes and attributes, which escape it:
// no page of regalia parses text as markup, so chat messages and names can never inject any.

export {
  html,
  render,
  useState,
  useEffect,
  useRef,
  useMemo,
  useCallback,
  useReducer,
  createContext,
  useContext,
} from '../vendor/htm-3.1.1/preact/standalone.module.js';

/** An error answered by the HTTP API: `field` at fault and `reason`. */
export class ApiError extends Error {
  constructor(status, field, reason) {
    super(field ? `${field}: ${reason}` : reason);
    this.status = status;
    this.field = field;
    this.reason = reason;
  }
}

/** Call the lobby API; resolves to the JSON answer, rejects with an ApiError. */
export async function api(method, path, body, headers = {}) {
  const init = { method, headers: { Accept: 'application/json', ...headers } };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (e) {
    throw new ApiError(0, null, 'the server cannot be reached');
  }
  let data = null;
  try {
    data = await res.json();
  } catch (e) {
    data = null;
  }
  if (!res.ok) {
    const err = (data && data.error) || {};
    throw new ApiError(res.status, err.field || null, err.reason || `HTTP ${res.status}`);
  }
  return data;
}

let gamesPromise = null;
/** The games (GET /api/games), fetched once per page. */
export function loadGames() {
  if (!gamesPromise) gamesPromise = api('GET', '/api/games');
  return gamesPromise;
}

// ---------------------------------------------------------------- seats kept in the browser
// A seat's token is kept in localStorage (it survives a reload and a closed tab) under the
// table's id; it never goes into a URL. `sessionStorage` is used when localStorage is blocked.

function store() {
  try {
    const s = window.localStorage;
    s.setItem('regalia:probe', '1');
    s.removeItem('regalia:probe');
    return s;
  } catch (e) {
    return window.sessionStorage;
  }
}

/** The seat this browser holds at a table: {seat, token} or null. */
export function savedSeat(table) {
  try {
    const raw = store().getItem(`regalia:seat:${table}`);
    if (!raw) return null;
    const v = JSON.parse(raw);
    return typeof v.token === 'string' && Number.isInteger(v.seat) ? v : null;
  } catch (e) {
    return null;
  }
}

export function saveSeat(table, seat, token) {
  store().setItem(`regalia:seat:${table}`, JSON.stringify({ seat, token, at: Date.now() }));
}

export function forgetSeat(table) {
  store().removeItem(`regalia:seat:${table}`);
}

/** A small preference kept in the browser (player name, sound on/off). */
export function pref(name, fallback = null) {
  try {
    const v = store().getItem(`regalia:pref:${name}`);
    return v === null ? fallback : JSON.parse(v);
  } catch (e) {
    return fallback;
  }
}

export function setPref(name, value) {
  try {
    store().setItem(`regalia:pref:${name}`, JSON.stringify(value));
  } catch (e) {
    /* storage full or blocked: the preference lasts for this page only */
  }
}

// ---------------------------------------------------------------- addresses
/** The table page's address: the id in the query, an invite code in the fragment (the
 *  fragment never reaches a server, and pages are served with no referrer). */
export function tableUrl(table, invite) {
  const base = `${location.origin}/table.html?t=${encodeURIComponent(table)}`;
  return invite ? `${base}#invite=${encodeURIComponent(invite)}` : base;
}

export function replayUrl(table, { seat = null, invite = null } = {}) {
  const frag = [];
  if (invite) frag.push(`invite=${encodeURIComponent(invite)}`);
  if (seat !== null && seat !== undefined) frag.push(`seat=${seat}`);
  return `/replay.html?t=${encodeURIComponent(table)}${frag.length ? '#' + frag.join('&') : ''}`;
}

/** The table id (query `t`) and the fragment's fields (invite, seat) of this page. */
export function pageParams() {
  const q = new URLSearchParams(location.search);
  const f = new URLSearchParams(location.hash.replace(/^#/, ''));
  return { table: q.get('t') || '', invite: f.get('invite') || q.get('invite') || null, seat: f.get('seat'), watch: f.get('watch') === '1' };
}

// ---------------------------------------------------------------- words
export const seatName = (i) => `P${i}`;

/** "P1 (Ann)" when the seat has a name of its own, else "P1". */
export function seatLabel(seats, i) {
  const s = seats && seats[i];
  if (!s || !s.name || s.name === seatName(i)) return seatName(i);
  return `${seatName(i)} (${s.name})`;
}

export function plural(n, word, many) {
  return `${n} ${n === 1 ? word : many || word + 's'}`;
}

export function fmtSeconds(s) {
  s = Math.max(0, Math.ceil(s));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const two = (x) => String(x).padStart(2, '0');
  return h ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

export function classes(...xs) {
  return xs.filter(Boolean).join(' ');
}
