'use strict';
// The extension's background (Chrome: service worker; Firefox: event page). Issue 3 needs no
// background logic: sandboxes are hosted by the content script. The registry of userscripts and
// rules (later issues) lives here.

const extensionApi = globalThis.browser ?? globalThis.chrome;
extensionApi.runtime.onInstalled.addListener(() => {});
