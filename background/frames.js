'use strict';
// Which frames of each tab have sandboxed scripts, for the popup and the report page. A frame's
// content script says so once, when its first entry is added (`paranoid:frame-has-scripts`);
// the pages ask for the list (`paranoid:tab-frames`), then each frame, by id, for its entries.
// Only frame ids are kept (what ran is asked of the frame itself, so a page cannot make the
// popup show what it did not run), in `storage.session` because the service worker stops
// between events: at most the policy's `extension.framesKept` a tab, forgotten with the tab. A
// frame id that has since gone away is harmless: asking it fails and the page skips it.

/* global paranoidExtension, paranoidPolicy */
/* exported paranoidFramesMessage */

const paranoidFramesKey = (tabId) => `paranoid:frames:${tabId}`;
let paranoidFramesQueue = Promise.resolve();

/** Stored ids, whatever the stored value is. */
async function paranoidFramesOf(tabId) {
  const key = paranoidFramesKey(tabId);
  const stored = (await paranoidExtension.storage.session.get(key))[key];
  return Array.isArray(stored) ? stored.filter((id) => Number.isSafeInteger(id) && id > 0) : [];
}

/**
 * @returns {Promise<object> | undefined} the answer, or undefined when the message is not ours
 */
function paranoidFramesMessage(message, sender) {
  if (message.type === 'paranoid:frame-has-scripts') {
    const tabId = sender.tab?.id;
    const frameId = sender.frameId;
    if (!Number.isSafeInteger(tabId) || !Number.isSafeInteger(frameId) || frameId <= 0) return Promise.resolve({ ok: false });
    // One writer at a time: frames of one page announce themselves together.
    const task = paranoidFramesQueue.then(async () => {
      const ids = await paranoidFramesOf(tabId);
      if (ids.includes(frameId)) return;
      ids.push(frameId);
      await paranoidExtension.storage.session.set({ [paranoidFramesKey(tabId)]: ids.slice(-paranoidPolicy().extension.framesKept) });
    });
    paranoidFramesQueue = task.catch(() => {});
    return task.then(() => ({ ok: true }));
  }
  // From the extension's own pages only (the registry checks the sender: background/commands.js).
  if (message.type === 'paranoid:tab-frames' && Number.isSafeInteger(message.tabId)) {
    return paranoidFramesOf(message.tabId).then((frames) => ({ ok: true, frames }));
  }
  return undefined;
}

paranoidExtension.tabs.onRemoved.addListener((tabId) => {
  paranoidExtension.storage.session.remove(paranoidFramesKey(tabId)).catch(() => {});
});
