// fidelity: Proxy traps (get, set, has, deleteProperty, ownKeys, apply, construct) with Reflect forwarding, and Reflect helpers
// expect: {"read":[1,10,"default"],"has":[true,false],"keys":["a","b"],"target":{"hidden":2,"b":10},"log":["set b","get a","get b","get missing","delete a"],"call":20,"construct":{"made":7},"revokedError":"TypeError","reflect":[2,true,false]}
var __result;
__result = (function () {
  var log = [];
  var target = { a: 1, hidden: 2 };
  var p = new Proxy(target, {
    get: function (t, k, r) { log.push('get ' + String(k)); return k in t ? Reflect.get(t, k, r) : 'default'; },
    set: function (t, k, v, r) { log.push('set ' + k); return Reflect.set(t, k, v * 2, r); },
    has: function (t, k) { return k !== 'hidden' && Reflect.has(t, k); },
    deleteProperty: function (t, k) { log.push('delete ' + k); return Reflect.deleteProperty(t, k); },
    ownKeys: function (t) { return Reflect.ownKeys(t).filter(function (k) { return k !== 'hidden'; }); },
  });
  p.b = 5;
  var read = [p.a, p.b, p.missing];
  var has = ['a' in p, 'hidden' in p];
  var keys = Object.keys(p);
  delete p.a;
  var fn = new Proxy(function (x) { return x + 1; }, {
    apply: function (t, self, args) { return Reflect.apply(t, self, args) * 10; },
    construct: function (t, args) { return { made: args[0] }; },
  });
  var revocable = Proxy.revocable({}, {});
  revocable.revoke();
  var revokedError;
  try { revocable.proxy.x; revokedError = 'no error'; } catch (e) { revokedError = e.name; }
  return {
    read: read, has: has, keys: keys, target: target, log: log,
    call: fn(1), construct: new fn(7), revokedError: revokedError,
    reflect: [Reflect.ownKeys({ x: 1, [Symbol.iterator]: 0 }).length, Reflect.getPrototypeOf([]) === Array.prototype, Reflect.defineProperty(Object.freeze({}), 'x', { value: 1 })],
  };
})();
