'use strict';
// Threat: console lines and uncaught errors go to the host as they happen, and the host holds
// each one: a loop could flood it with messages, or with huge text. And what a script logs runs
// the script's own code when it becomes text (host-text.js).
// 1. `console` is a frozen stand-in with `log`, `info`, `warn`, `error` and `debug` only: each
//    joins its arguments' text (host-text.js) with spaces and cuts it to `hostTextLimit`.
// 2. An uncaught error (a throwing timer, listener or microtask, an unhandled rejection) is
//    described field by field (host-text.js).
// 3. Both count against one limit: the policy's `sandbox.eventsPerInstant` per virtual instant,
//    and `sandbox.eventsPerSecond` per real second (a chain of 1 ms timers makes a new instant at
//    every tick). What is dropped is counted and said once, in a warning, at the next instant.
// Spec: Console Standard §1.1 (logging: log, info, warn, error, debug).

/**
 * @param {any} c captured commons
 * @param {{ sandbox: { eventsPerInstant: number, eventsPerSecond: number } }} policy
 * @param {{ post(message: object): void, instant(): number, text: any }} hooks `post` sends to
 *   the frame, `instant` is the virtual clock's current instant, `text` is host-text.js's
 * @returns {{ standIn: object, uncaught(error: unknown): void }}
 */
function makeConsole(c, policy, hooks) {
  const text = hooks.text;
  const realNow = () => c.apply(c.performanceNow, c.performance, []);
  const perInstant = policy.sandbox.eventsPerInstant;
  const perSecond = policy.sandbox.eventsPerSecond;
  let eventsInstant = null;
  let eventsSent = 0;
  let eventsDropped = 0;
  let eventsSecond = 0;
  let eventsThisSecond = 0;
  const event = (message) => {
    const instant = hooks.instant();
    if (instant !== eventsInstant) {
      if (eventsDropped > 0) hooks.post({ __proto__: null, type: 'console', level: 'warn', text: `paranoid: ${eventsDropped} console lines and errors were dropped` });
      eventsInstant = instant;
      eventsSent = 0;
      eventsDropped = 0;
    }
    const t = realNow();
    if (t - eventsSecond > 1000) { eventsSecond = t; eventsThisSecond = 0; }
    if (eventsSent >= perInstant || eventsThisSecond >= perSecond) { eventsDropped++; return; }
    eventsSent++;
    eventsThisSecond++;
    hooks.post(message);
  };

  const standIn = c.create(null);
  const levels = ['log', 'info', 'warn', 'error', 'debug'];
  for (let i = 0; i < levels.length; i++) {
    const level = levels[i];
    // A method of an object literal: named after its level, and no constructor.
    standIn[level] = {
      [level](...args) {
        let line = '';
        for (let j = 0; j < args.length; j++) line += (j === 0 ? '' : ' ') + text.safeString(args[j]);
        event({ __proto__: null, type: 'console', level, text: text.cut(line) });
      },
    }[level];
  }
  c.freeze(standIn);

  return c.freeze({
    __proto__: null,
    standIn,
    uncaught: (error) => event({ __proto__: null, type: 'uncaught', error: text.describe(error) }),
  });
}
