'use strict';
// Renders what a tab's content script says its sandboxes did: the popup shows a summary per
// script, the report page everything. DOM built with createElement/textContent only: every
// text here came from a page or a sandboxed script.
/* global paranoidExtension */

/* exported paranoidTabStatus, paranoidRenderScripts */


/** One frame's content script's answer, or null (none there, or the frame has gone). */
async function paranoidFrameStatus(tabId, frameId) {
  try {
    const answer = await paranoidExtension.tabs.sendMessage(tabId, { type: 'paranoid:status' }, { frameId });
    return answer && typeof answer === 'object' && Array.isArray(answer.scripts) ? answer : null;
  } catch {
    return null;
  }
}

/**
 * Asks the tab's top content script, then each frame the background knows has sandboxed
 * scripts; their entries follow the top page's, each with the frame's origin. Null when the top
 * page has no content script (a browser page, a file).
 */
async function paranoidTabStatus(tabId) {
  const top = await paranoidFrameStatus(tabId, 0);
  if (!top) return null;
  for (const entry of top.scripts) entry.frameId = 0;
  let frames = [];
  try {
    const answer = await paranoidExtension.runtime.sendMessage({ type: 'paranoid:tab-frames', tabId });
    if (answer?.ok && Array.isArray(answer.frames)) frames = answer.frames;
  } catch { /* the top page's entries alone */ }
  for (const frameId of frames) {
    const frame = await paranoidFrameStatus(tabId, frameId);
    if (!frame) continue;
    for (const entry of frame.scripts) top.scripts.push({ ...entry, frame: String(frame.origin), frameId });
    top.dropped = (Number(top.dropped) || 0) + (Number(frame.dropped) || 0);
  }
  return top;
}

const PARANOID_ORIGINS = { page: 'page tag', rule: 'quarantine rule', userscript: 'userscript' };
const PARANOID_STATUS = {
  starting: 'starting', running: 'running', ran: 'ran', rejected: 'rejected', killed: 'killed', error: 'error',
};

function paranoidElement(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/**
 * @param {HTMLElement} list where the entries go (emptied first)
 * @param {object[]} scripts the content script's entries
 * @param {boolean} full the report page's detail: diagnostics, errors, missing globals
 * @param {number} dropped entries the page's registry did not keep (it keeps the first 500)
 * @param {(entry: object, command: string) => void} [onMenu] the popup's: a userscript's menu
 *   commands become buttons, and a click calls this
 */
function paranoidRenderScripts(list, scripts, full, dropped = 0, onMenu = null) {
  list.replaceChildren();
  for (const s of scripts) {
    const item = paranoidElement('li', 'script');
    const head = paranoidElement('div', 'script-head');
    head.append(paranoidElement('span', 'script-name', String(s.name)));
    const status = String(PARANOID_STATUS[s.status] ?? 'unknown');
    head.append(paranoidElement('span', `status status-${status}`, status));
    item.append(head);
    const meta = paranoidElement('div', 'script-meta');
    meta.append(paranoidElement('span', 'badge', PARANOID_ORIGINS[s.origin] ?? 'unknown'));
    if (s.frame) meta.append(paranoidElement('span', 'badge', `in a frame of ${s.frame}`));
    meta.append(paranoidElement('span', 'cpu', `CPU ${Number(s.cpuMs).toFixed(1)} ms · ${String(s.bucket)}`));
    if (s.messages > 0) meta.append(paranoidElement('span', 'cpu', `${Number(s.messages)} message${s.messages === 1 ? "" : "s"}`));
    item.append(meta);
    if (s.reason) item.append(paranoidElement('div', 'reason', String(s.reason)));
    if (onMenu !== null && Array.isArray(s.menu) && s.menu.length > 0) {
      const commands = paranoidElement('div', 'menu');
      for (const c of s.menu) {
        const button = paranoidElement('button', 'menu-command', String(c.caption));
        button.type = 'button';
        button.addEventListener('click', () => onMenu(s, String(c.id)));
        commands.append(button);
      }
      item.append(commands);
    }
    if (s.origin === 'rule' && s.missing.length > 0) {
      const shown = full ? s.missing : s.missing.slice(0, 6);
      item.append(paranoidElement('div', 'missing', `reached for: ${shown.join(', ')}${shown.length < s.missing.length ? ', …' : ''}`));
    }
    if (full) {
      item.append(paranoidElement('div', 'source', String(s.source)));
      if (s.error && s.error.line !== null && s.error.line !== undefined) {
        item.append(paranoidElement('div', 'where', `at line ${Number(s.error.line)}, column ${Number(s.error.column)}${s.error.file ? ` of ${String(s.error.file)}` : ''}`));
      }
      if (s.diagnostics.length > 0) {
        const ul = paranoidElement('ul', 'diagnostics');
        for (const d of s.diagnostics) ul.append(paranoidElement('li', '', `${Number(d.line)}:${Number(d.column)} ${String(d.message)} [${String(d.code)}]`));
        item.append(ul);
      }
    }
    list.append(item);
  }
  const more = Number(dropped) || 0;
  if (more > 0) list.append(paranoidElement('li', 'more', `and ${more} more, not listed: this page started more sandboxed scripts than Paranoid lists`));
}
