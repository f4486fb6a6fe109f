// The table's websocket: hello (a seat's token, or as a spectator), frames in, moves and chat
// out; when the connection drops it tries again by itself (0.5 s, 1 s, 2 s … at most 5 s apart)
// and resumes from the last public step it was shown, so the page resyncs without a reload.
//
// It says `deltas: true` in its hello: a large frame may then come as a `delta`, an RFC 6902
// patch of the last frame this socket was sent (docs/server.md, "Server → client", `delta`). The socket keeps that
// frame's document and id, applies each delta to it (fast-json-patch, vendored) and hands the
// page a whole `state` frame, as if it had come so: the pages never see a delta. A delta whose
// base is not the frame kept, or that does not apply, makes it ask `sync` (a whole frame follows)
// and drop deltas until that frame comes. A frame always follows an `accepted` move; if none
// came within ANSWER_MS (its delta was lost and nothing after it tells, as when the same seat is
// to play on), the socket asks `sync` too, so the page never waits on a frame that is not coming.

import { applyPatch } from '../vendor/fast-json-patch-3.1.1/module/core.mjs';

const NOT_DOCUMENT = ['type', 'events', 'full', 'frame']; // the keys of a frame a delta does not patch
const RESYNC_MS = 1500; // ask `sync` again if no whole frame came by then (the server allows one a second)
const ANSWER_MS = 1500; // a move accepted and no frame by then: its frame was lost, ask `sync`

/** A state frame without the keys a delta does not patch. */
function documentOf(frame) {
  const doc = { ...frame };
  for (const k of NOT_DOCUMENT) delete doc[k];
  return doc;
}

const FINAL = new Set([4403, 4404, 1008]); // wrong token or invite, no such table, policy: no retry

export class TableSocket {
  /**
   * @param {string} table  the table id
   * @param {object} who    {token} for a seat, {session: true} for the signed-in account's seat, or {spectator: true, invite}
   * @param {object} on     callbacks: message(msg), status(state, detail)
   */
  constructor(table, who, on) {
    this.table = table;
    this.who = who;
    this.on = on;
    this.ws = null;
    this.step = null; // the last public step shown (sent in hello to resume)
    this.doc = null; // the document of the last frame this socket was sent (a delta's base)
    this.frameId = null; // and its id
    this.resyncing = false; // a `sync` was asked: deltas are dropped until a whole frame comes
    this.resyncTimer = null;
    this.answerTimer = null; // set when a move is accepted, cleared by the next state frame
    this.tries = 0;
    this.timer = null;
    this.pinger = null;
    this.stopped = false;
    this.onWake = () => this.wake();
    window.addEventListener('online', this.onWake);
    document.addEventListener('visibilitychange', this.onWake);
    this.open();
  }

  url() {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${scheme}//${location.host}/ws/tables/${encodeURIComponent(this.table)}`;
  }

  open() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.on.status(this.tries ? 'reconnecting' : 'connecting');
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch (e) {
      this.retry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.doc = null; // a new socket begins with a whole frame
      this.frameId = null;
      this.resyncing = false;
      clearTimeout(this.resyncTimer);
      clearTimeout(this.answerTimer);
      const hello = { type: 'hello', deltas: true };
      if (this.who.token) hello.token = this.who.token;
      else if (this.who.session) hello.session = true; // the seat bound to the signed-in account
      else {
        hello.spectator = true;
        if (this.who.invite) hello.invite = this.who.invite;
      }
      if (this.step !== null) hello.step = this.step;
      ws.send(JSON.stringify(hello));
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send({ type: 'ping' }), 25000);
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch (e) {
        return;
      }
      if (msg.type === 'welcome') {
        this.tries = 0;
        this.on.status('open');
      }
      if (msg.type === 'accepted') this.expectFrame();
      if (msg.type === 'delta') {
        msg = this.rebuild(msg);
        if (!msg) return;
      }
      if (msg.type === 'state') {
        this.step = msg.step;
        this.doc = documentOf(msg);
        this.frameId = msg.frame || null;
        this.resyncing = false;
        clearTimeout(this.resyncTimer);
        clearTimeout(this.answerTimer);
      }
      this.on.message(msg);
    };
    ws.onclose = (ev) => {
      clearInterval(this.pinger);
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.stopped) return;
      if (FINAL.has(ev.code)) {
        this.stopped = true;
        this.on.status('closed', { code: ev.code, reason: ev.reason });
        return;
      }
      this.retry();
    };
    ws.onerror = () => {
      /* onclose follows */
    };
  }

  /** The whole state frame a `delta` stands for, or null (then a `sync` is asked). */
  rebuild(delta) {
    if (this.resyncing) return null;
    if (!this.doc || delta.base !== this.frameId) {
      this.resync();
      return null;
    }
    let doc;
    try {
      doc = applyPatch(this.doc, delta.patch, true, false).newDocument;
    } catch (e) {
      this.resync();
      return null;
    }
    return { type: 'state', ...doc, events: delta.events, full: false, frame: delta.frame };
  }

  /** Ask for the whole frame again (a missed or unusable delta); again after RESYNC_MS if none came. */
  resync() {
    this.resyncing = true;
    this.send({ type: 'sync' });
    clearTimeout(this.resyncTimer);
    this.resyncTimer = setTimeout(() => {
      if (this.resyncing && this.ws) this.resync();
    }, RESYNC_MS);
  }

  /** A move was accepted: its frame follows it; ask `sync` if none has come within ANSWER_MS. */
  expectFrame() {
    clearTimeout(this.answerTimer);
    this.answerTimer = setTimeout(() => {
      if (this.ws && !this.resyncing) this.resync();
    }, ANSWER_MS);
  }

  retry() {
    this.tries += 1;
    const wait = Math.min(5000, 500 * 2 ** Math.min(this.tries - 1, 4));
    this.on.status('lost', { wait, tries: this.tries });
    this.timer = setTimeout(() => this.open(), wait);
  }

  /** Try again now (the browser came back online, or the tab became visible). */
  wake() {
    if (this.stopped || document.visibilityState === 'hidden') return;
    if (!this.ws && this.tries) this.open();
  }

  /** Send a message; false when there is no open connection (the page says so). */
  send(msg) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    clearTimeout(this.resyncTimer);
    clearTimeout(this.answerTimer);
    window.removeEventListener('online', this.onWake);
    document.removeEventListener('visibilitychange', this.onWake);
    if (this.ws) this.ws.close(1000);
    this.ws = null;
  }
}
