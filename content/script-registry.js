'use strict';
// What this frame's sandboxes did, for the popup and the report page: one entry per sandboxed
// script (a page's tag, a quarantined script, a userscript), answered on request over
// `tabs.sendMessage`; a frame other than the top one announces itself (background/frames.js).
// A userscript's menu commands are listed on its entry; the popup's click on one comes back
// here (`paranoid:us-menu`, from our own pages only) and goes to the entry's sandbox.
// Only plain data leaves; entries are capped so that a page adding tags in a loop cannot grow
// the list without bound.

/* global paranoidExtension, paranoidPolicy */
/* exported paranoidRegistry */

const paranoidRegistry = (() => {
  const policy = paranoidPolicy();
  const KEPT = policy.host.entriesKept;
  const DIAGNOSTICS_KEPT = policy.host.diagnosticsKept;
  const MISSING_KEPT = policy.sandbox.missingKept;
  const entries = [];
  /** Entry id → what a click on one of its menu commands does (not part of the entry sent). */
  const menuHandlers = new Map();
  let dropped = 0;
  let site = { enabled: true };
  // A frame tells the background once that it has entries, so that the popup asks it too.
  let announced = window === window.top;

  /** Coarse on purpose: the popup shows a word, the figure is in the report. */
  const bucket = (ms) => (ms < 1 ? 'idle' : ms < 10 ? 'light' : ms < 100 ? 'moderate' : ms < 1000 ? 'heavy' : 'very heavy');

  /**
   * @param {{ origin: 'page' | 'rule' | 'userscript', name: string, source: string,
   *   onMenu?: (command: string) => void }} fields
   * @returns {(change: object) => void} updates the entry
   */
  const add = (fields) => {
    const entry = { id: entries.length + dropped + 1, origin: fields.origin, name: fields.name, source: fields.source,
      status: 'starting', reason: null, diagnostics: [], error: null, cpuMs: 0, bucket: 'idle', missing: [], messages: 0, menu: [] };
    if (entries.length < KEPT) entries.push(entry); else dropped++;
    if (typeof fields.onMenu === 'function') menuHandlers.set(entry.id, fields.onMenu);
    if (!announced) {
      announced = true;
      paranoidExtension.runtime.sendMessage({ type: 'paranoid:frame-has-scripts' }).catch(() => {});
    }
    return (change) => {
      for (const key of ['status', 'reason', 'error']) if (key in change) entry[key] = change[key];
      if (Array.isArray(change.diagnostics)) entry.diagnostics = change.diagnostics.slice(0, DIAGNOSTICS_KEPT);
      if (Array.isArray(change.missing)) entry.missing = change.missing.slice(0, MISSING_KEPT).map(String);
      if (typeof change.cpuMs === 'number' && change.cpuMs >= entry.cpuMs) { entry.cpuMs = change.cpuMs; entry.bucket = bucket(change.cpuMs); }
      if (change.message === true) entry.messages++;
      if (Array.isArray(change.menu)) entry.menu = change.menu.map((c) => ({ id: String(c.id), caption: String(c.caption) }));
    };
  };

  paranoidExtension.runtime.onMessage.addListener((message, sender, respond) => {
    if (sender.id !== paranoidExtension.runtime.id || message === null || typeof message !== 'object') return undefined;
    if (message.type === 'paranoid:us-menu') {
      const entry = entries.find((e) => e.id === message.entry);
      const command = String(message.command);
      if (entry !== undefined && entry.menu.some((c) => c.id === command)) menuHandlers.get(entry.id)?.(command);
      return undefined;
    }
    if (message.type !== 'paranoid:status') return undefined;
    respond({ origin: location.origin, url: location.href, enabled: site.enabled, scripts: structuredClone(entries), dropped });
    return undefined;
  });

  return {
    add,
    /** @param {{ enabled: boolean }} settings this site's, once read */
    setSite(settings) { site = settings; },
  };
})();
