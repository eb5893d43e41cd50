'use strict';
// The background's command registry: every runtime message it answers, who may send it, and
// what answers it. Who may send each type is the policy's protocol table
// (rust-core/src/policy/protocol.rs, `paranoidPolicy().protocol`), not a check per handler.
// Threat: content scripts run in pages an attacker owns and relay what those pages influence;
// only the extension's own pages (ui/) may ask about other tabs or start update checks. A
// sender's class is read from what the browser says of it (`sender.id`, `sender.url`,
// `sender.tab`), never from the message.

/* global paranoidExtension, paranoidPolicy */
/* exported paranoidSenderIs, paranoidCommandRegistry */

/**
 * Whether the browser's `sender` is of the class the protocol table names: `own-page` (a page
 * of ours under ui/), `content` (a content script: in a tab, on a page that is not ours), `tab`
 * (either, in a tab) or `extension` (any part of this extension).
 */
function paranoidSenderIs(sender, cls) {
  const runtime = paranoidExtension.runtime;
  if (sender === null || typeof sender !== 'object' || sender.id !== runtime.id || typeof sender.url !== 'string') return false;
  switch (cls) {
    case 'own-page': return sender.url.startsWith(runtime.getURL('ui/'));
    case 'content': return sender.tab !== undefined && !sender.url.startsWith(runtime.getURL(''));
    case 'tab': return sender.tab !== undefined;
    case 'extension': return true;
    default: return false;
  }
}

/**
 * @param {Record<string, (message: object, sender: object) => unknown>} handlers by message type;
 *   each type must be a runtime message of the protocol table
 * @returns {(message: unknown, sender: object) => Promise<unknown> | undefined} the answer, or
 *   undefined when the message is none of these or its sender may not send it
 */
function paranoidCommandRegistry(handlers) {
  const rows = new Map();
  for (const row of paranoidPolicy().protocol.messages) if (row.hop === 'runtime') rows.set(row.type, row);
  for (const type of Object.keys(handlers)) {
    if (!rows.has(type)) throw new Error(`${type} is not a runtime message of the protocol table`);
  }
  return (message, sender) => {
    if (message === null || typeof message !== 'object' || typeof message.type !== 'string') return undefined;
    if (!Object.hasOwn(handlers, message.type)) return undefined;
    if (!paranoidSenderIs(sender, rows.get(message.type).acceptedFrom)) return undefined;
    const answer = handlers[message.type](message, sender);
    return answer === undefined ? undefined : Promise.resolve(answer);
  };
}
