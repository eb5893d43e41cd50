// fidelity: errors: subclassing Error, name/message/cause, instanceof across types, AggregateError, finally overriding return, error toString
// expect: {"name":"AppError","message":"bad","cause":"root","str":"AppError: bad","instance":[true,true,"[object Error]"],"finallyWins":"finally","tracked":"caught","order":["try","catch RangeError","finally"],"agg":["AggregateError","many",["TypeError","SyntaxError"]],"typeErr":[true,"TypeError"],"rangeErr":"RangeError","plainToString":"N: m"}
var __result;
__result = (function () {
  class AppError extends Error {
    constructor(msg, options) { super(msg, options); this.name = 'AppError'; }
  }
  var e = new AppError('bad', { cause: 'root' });
  function finallyWins() { try { return 'try'; } finally { return 'finally'; } }
  var order = [];
  function tracked() { try { order.push('try'); throw new RangeError('r'); } catch (err) { order.push('catch ' + err.name); return 'caught'; } finally { order.push('finally'); } }
  var agg = new AggregateError([new TypeError('t'), new SyntaxError('s')], 'many');
  var typeErr;
  try { null.x; } catch (err) { typeErr = [err instanceof TypeError, err.name]; }
  var rangeErr;
  try { new Array(-1); } catch (err) { rangeErr = err.name; }
  return {
    name: e.name, message: e.message, cause: e.cause, str: String(e), instance: [e instanceof AppError, e instanceof Error, Object.prototype.toString.call(e)],
    finallyWins: finallyWins(), tracked: tracked(), order: order,
    agg: [agg.name, agg.message, agg.errors.map(function (x) { return x.name; })],
    typeErr: typeErr, rangeErr: rangeErr, plainToString: Error.prototype.toString.call({ name: 'N', message: 'm' }),
  };
})();
