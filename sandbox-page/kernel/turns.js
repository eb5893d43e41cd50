'use strict';
// Threat: the frame's watchdog can only kill what it sees. A task that runs the sandbox's code
// (a message from the host, a timer, an unhandled rejection) without saying so would run without
// a CPU budget, and a turn said to be over while its microtasks still run would hide their time.
// 1. Every task that runs the sandbox's code opens a turn first (`begin`): a `turn` message with
//    the virtual instant and the real time.
// 2. The turn ends in a later task, from a MessageChannel to itself, so only once the microtasks
//    it queued have drained (and without the 4 ms clamp of nested timers); the end says how many
//    timers are pending.
// 3. The clock's next timer is armed with the captured `setTimeout` only between turns, and runs
//    in a turn of its own, one timer per task.
// 4. The real time spent at the current virtual instant is counted as the watchdog counts it, for
//    `paranoid.cpuLevel()` (host-api.js).
// Spec: HTML §8.1.7 (event loops: tasks, microtask checkpoints), HTML §9.4 (channel messaging).

/**
 * @param {any} c captured commons
 * @param {any} g the worker's global
 * @param {{ post(message: object): void, clock(): any }} hooks `post` sends to the frame; `clock`
 *   is the sandbox's virtual clock, or null while there is none (before the boot ends)
 * @returns {{ begin(): void, changed(): void, inTurn(): boolean, instant(): number | null, used(): number }}
 */
function makeTurns(c, g, hooks) {
  const realNow = () => c.apply(c.performanceNow, c.performance, []);
  const channel = c.construct(c.MessageChannel, []);
  const selfPort = c.apply(c.channelPort2, channel, []);
  let inTurn = false;
  let realTimer = null;
  let turnInstant = null;
  let turnStartedAt = 0;
  let usedAtInstant = 0;

  const begin = () => {
    if (inTurn) return;
    inTurn = true;
    const clock = hooks.clock();
    const instant = clock === null ? 0 : clock.instant();
    if (instant !== turnInstant) { turnInstant = instant; usedAtInstant = 0; }
    turnStartedAt = realNow();
    hooks.post({ __proto__: null, type: 'turn', on: true, instant, at: turnStartedAt });
    c.apply(c.portPostMessage, selfPort, [0]);
  };
  const armTimer = () => {
    if (realTimer !== null) { c.apply(c.clearTimeout, g, [realTimer]); realTimer = null; }
    const clock = hooks.clock();
    if (clock === null) return;
    const wait = clock.realDelay();
    if (wait < 0) return;
    realTimer = c.apply(c.setTimeout, g, [fireTimer, wait]);
  };
  const end = () => {
    inTurn = false;
    const endedAt = realNow();
    usedAtInstant += endedAt - turnStartedAt;
    const clock = hooks.clock();
    hooks.post({ __proto__: null, type: 'turn', on: false, pending: clock === null ? 0 : clock.pending(), at: endedAt });
    armTimer();
  };
  c.apply(c.portOnmessageSet, c.apply(c.channelPort1, channel, []), [end]);
  function fireTimer() {
    realTimer = null;
    begin();
    const clock = hooks.clock();
    clock.runNext();
  }

  return c.freeze({
    __proto__: null,
    begin,
    /** The clock's hook: its timers changed, so the real timer is armed again between turns. */
    changed() { if (!inTurn) armTimer(); },
    inTurn: () => inTurn,
    /** The virtual instant the current (or last) turn ran at. */
    instant: () => turnInstant,
    /** Real milliseconds spent at that instant, the open turn's included. */
    used: () => usedAtInstant + (inTurn ? realNow() - turnStartedAt : 0),
  });
}
