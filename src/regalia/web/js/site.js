// Loaded by every page: registers regalia's service worker (/sw.js, scope "/": it shows the
// "your turn" notices of Web Push and opens their table; it serves no page and caches none), and
// keeps the browser's offer to install the site (Chromium's `beforeinstallprompt`) for the
// notices control's "Install" button (js/notices.js).

/** The service worker's registration, once the browser has it (null where there is none). */
export const workerReady =
  'serviceWorker' in navigator && window.isSecureContext
    ? navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(
        () => navigator.serviceWorker.ready,
        () => null,
      )
    : Promise.resolve(null);

let installOffer = null;
const installListeners = new Set();

window.addEventListener('beforeinstallprompt', (event) => {
  installOffer = event; // the browser's own offer still shows; the button offers it again
  installListeners.forEach((f) => f(true));
});
window.addEventListener('appinstalled', () => {
  installOffer = null;
  installListeners.forEach((f) => f(false));
});

/** Whether the browser offers to install the site now; `listen(f)` is told when that changes
 *  (returns a function that stops it). */
export const install = {
  offered: () => installOffer !== null,
  listen(f) {
    installListeners.add(f);
    return () => installListeners.delete(f);
  },
  /** Show the browser's install dialog; resolves to whether the person accepted. */
  async prompt() {
    if (!installOffer) return false;
    const offer = installOffer;
    installOffer = null;
    installListeners.forEach((f) => f(false));
    await offer.prompt();
    const choice = await offer.userChoice;
    return choice.outcome === 'accepted';
  },
};

/** Whether the page runs as the installed site (its own window, from the Home Screen). */
export function installed() {
  return window.matchMedia('(display-mode: standalone)').matches || navigator.standalone === true;
}
