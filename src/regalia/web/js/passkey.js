// Passkeys (WebAuthn) in the browser: the server's options (JSON) handed to
// navigator.credentials, and the browser's answer sent back as JSON (PublicKeyCredential's own
// parse…FromJSON and toJSON; a browser without them cannot use passkeys here).

import { api, ApiError } from './lib.js';

/** Whether this browser can make and use passkeys. */
export function passkeysSupported() {
  const P = window.PublicKeyCredential;
  return !!(P && P.parseCreationOptionsFromJSON && P.parseRequestOptionsFromJSON && window.isSecureContext);
}

function unsupported() {
  return new ApiError(0, null, 'this browser cannot use passkeys here (it needs a secure page and a recent browser)');
}

/** Words for a refusal of the browser's own (the person closed the prompt, no authenticator…). */
function browserError(e) {
  if (e && e.name === 'NotAllowedError') return new ApiError(0, null, 'the passkey request was cancelled or timed out');
  if (e && e.name === 'InvalidStateError') return new ApiError(0, null, 'this authenticator already holds a passkey of this account');
  return new ApiError(0, null, `the browser refused: ${(e && e.message) || e}`);
}

/** Make a passkey: for a new account named `name`, or (name null, signed in) for this account.
 *  Resolves to the server's answer ({name}). */
export async function createPasskey(name, label) {
  if (!passkeysSupported()) throw unsupported();
  const got = await api('POST', '/api/passkeys/register/options', name === null ? {} : { name });
  let credential;
  try {
    const options = PublicKeyCredential.parseCreationOptionsFromJSON(got.options);
    credential = await navigator.credentials.create({ publicKey: options });
  } catch (e) {
    throw browserError(e);
  }
  return api('POST', '/api/passkeys/register', { challenge: got.challenge, credential: credential.toJSON(), label: label || '' });
}

/** Sign in with one of this site's passkeys (the browser offers them). Resolves to {name}. */
export async function signInWithPasskey() {
  if (!passkeysSupported()) throw unsupported();
  const got = await api('POST', '/api/passkeys/signin/options', {});
  let credential;
  try {
    const options = PublicKeyCredential.parseRequestOptionsFromJSON(got.options);
    credential = await navigator.credentials.get({ publicKey: options });
  } catch (e) {
    throw browserError(e);
  }
  return api('POST', '/api/passkeys/signin', { challenge: got.challenge, credential: credential.toJSON() });
}
