// The table's websocket: hello (a seat's token, or as a spectator), frames in, moves and chat
// out; when the connection drops it tries again by itself (0.5 s, 1 s, 2 s … at most 5 s apart)
// and resumes from the last public step it was shown, so the page resyncs without a reload.

const FINAL = new Set([4403, 4404, 1008]); // wrong token or invite, no such table, policy: no retry

export class TableSocket {
  /**
   * @param {string} table  the table id
   * @param {object} who    {token} for a seat, or {spectator: true, invite}
   * @param {object} on     callbacks: message(msg), status(state, detail)
   */
  constructor(table, who, on) {
    this.table = table;
    this.who = who;
    this.on = on;
    this.ws = null;
    this.step = null; // the last public step shown (sent in hello to resume)
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
      const hello = { type: 'hello' };
      if (this.who.token) hello.token = this.who.token;
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
      if (msg.type === 'state') this.step = msg.step;
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
    window.removeEventListener('online', this.onWake);
    document.removeEventListener('visibilitychange', this.onWake);
    if (this.ws) this.ws.close(1000);
    this.ws = null;
  }
}
