'use strict';
// Threat: `paranoid`, the one object the host adds to a sandbox, is its way out: messages to the
// page, and a reading of its own CPU use. Messages could flood the page (it holds each), carry
// more than data, or be answered to a storm of listeners; a precise CPU reading is a clock.
// 1. `paranoid` is on S from the boot with `cpuLevel` only; `configure` (once, before the first
//    run) adds `postMessage` and `onMessage` only when the host granted `messages`, then freezes
//    it, before any untrusted code can have run.
// 2. `cpuLevel()` is coarse on purpose (docs/design.md, "cpuLevel"): 0 below half the budget
//    spent at this virtual instant, 1 to 75 %, 2 to 87.5 %, 3 above; each threshold moves by up
//    to ±5 % of the budget at each instant, so that counting loop turns between two steps does
//    not make a fine clock.
// 3. `postMessage` sends JSON text only (the captured `JSON.stringify`; undefined, functions and
//    symbols refused): at most `messageLimit` characters each, `sandbox.messagesPerSecond`
//    messages and `sandbox.messageCharsPerSecond` characters a real second (the policy's).
// 4. `onMessage` keeps at most `sandbox.messageListeners` functions. `deliver` parses the host's JSON with
//    the captured `JSON.parse` and calls each listener with `this` undefined; a listener's throw
//    is reported as uncaught and the next one still runs.
// Spec: ECMA-262 §25.5 (the JSON object), docs/page-scripts.md (what a page sees).

/**
 * @param {any} c captured commons
 * @param {{ messageLimit: number, sandbox: { defaultCpuMs: number, messagesPerSecond: number,
 *   messageCharsPerSecond: number, messageListeners: number } }} policy
 * @param {{ post(message: object): void, uncaught(error: unknown): void, describe(error: unknown): any,
 *   instant(): unknown, used(): number }} hooks `instant` and `used` are the turns' (turns.js)
 * @returns {{ api: object, configure(settings: any): void, deliver(json: string): void }}
 */
function makeHostApi(c, policy, hooks) {
  const realNow = () => c.apply(c.performanceNow, c.performance, []);
  // After untrusted code has run, `array[i] = v` could reach a setter planted on
  // Array.prototype: the kernel defines the element instead.
  const append = (array, value) => c.reflectDefine(array, array.length, { __proto__: null, value, writable: true, enumerable: true, configurable: true });
  let budget = policy.sandbox.defaultCpuMs;

  let jitterInstant = null;
  const jitter = c.construct(c.Float64Array, [3]);
  const api = {
    __proto__: null,
    cpuLevel() {
      const instant = hooks.instant();
      if (jitterInstant !== instant) {
        jitterInstant = instant;
        for (let i = 0; i < 3; i++) jitter[i] = (c.apply(c.mathRandom, undefined, []) - 0.5) * 0.1;
      }
      const share = hooks.used() / budget;
      return share < 0.5 + jitter[0] ? 0 : share < 0.75 + jitter[1] ? 1 : share < 0.875 + jitter[2] ? 2 : 3;
    },
  };

  const MESSAGE_LIMIT = policy.messageLimit;
  const MESSAGES_PER_SECOND = policy.sandbox.messagesPerSecond;
  const MESSAGE_CHARS_PER_SECOND = policy.sandbox.messageCharsPerSecond;
  const MESSAGE_LISTENERS = policy.sandbox.messageListeners;
  let messagesSecond = 0, messagesThisSecond = 0, bytesThisSecond = 0;
  const listeners = [];
  const grantMessages = () => {
    api.postMessage = function postMessage(data) {
      const t = realNow();
      if (t - messagesSecond > 1000) { messagesSecond = t; messagesThisSecond = 0; bytesThisSecond = 0; }
      let json;
      try { json = c.apply(c.jsonStringify, undefined, [data]); } catch (error) {
        throw c.construct(c.TypeError, [`paranoid.postMessage: the data is not JSON: ${hooks.describe(error).message}`]);
      }
      if (typeof json !== 'string') throw c.construct(c.TypeError, ['paranoid.postMessage: the data is not JSON (undefined, a function or a symbol)']);
      if (json.length > MESSAGE_LIMIT) throw c.construct(c.RangeError, [`paranoid.postMessage: ${json.length} characters of JSON, over the limit of ${MESSAGE_LIMIT}`]);
      if (messagesThisSecond >= MESSAGES_PER_SECOND || bytesThisSecond + json.length > MESSAGE_CHARS_PER_SECOND) {
        throw c.construct(c.RangeError, [`paranoid.postMessage: over ${MESSAGES_PER_SECOND} messages or ${MESSAGE_CHARS_PER_SECOND} characters in one second`]);
      }
      messagesThisSecond++;
      bytesThisSecond += json.length;
      hooks.post({ __proto__: null, type: 'message', json });
    };
    api.onMessage = function onMessage(listener) {
      if (typeof listener !== 'function') throw c.construct(c.TypeError, ['paranoid.onMessage: the listener is not a function']);
      if (listeners.length >= MESSAGE_LISTENERS) throw c.construct(c.RangeError, [`paranoid.onMessage: over ${MESSAGE_LISTENERS} listeners`]);
      append(listeners, listener);
    };
  };

  return c.freeze({
    __proto__: null,
    api,
    /** The host's `configure` (its budget and capabilities), then `paranoid` is frozen. */
    configure(settings) {
      if (typeof settings.cpuMs === 'number' && settings.cpuMs > 0) budget = settings.cpuMs;
      const capabilities = c.isObject(settings.capabilities) ? settings.capabilities : c.create(null);
      if (c.hasOwn(capabilities, 'messages') && capabilities.messages === true) grantMessages();
      c.freeze(api);
    },
    /** A message from the page, to every listener. */
    deliver(json) {
      let data;
      try { data = c.apply(c.jsonParse, undefined, [json]); } catch { return; }
      for (let i = 0; i < listeners.length; i++) {
        try { c.apply(listeners[i], undefined, [data]); } catch (error) { hooks.uncaught(error); }
      }
    },
  });
}
