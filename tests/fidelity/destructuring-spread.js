// fidelity: destructuring (defaults, renames, nesting, rest, holes, computed keys) and spread in arrays, calls and objects
// expect: {"a":1,"renamed":2,"d":"dflt","restInner":{"e":5,"f":6},"rest":{"g":7,"h":8},"first":10,"third":"third","tail":[40,50],"dynamic":"computed","swapped":[2,1],"params":[[1,null,9,0],[1,2,3,2]],"spreadCall":7,"spreadString":["h","é","l","l","o"],"merged":{"0":"h","1":"i","p":1,"q":3}}
var __result;
__result = (function () {
  var { a, b: renamed = 2, c: { d = 'dflt', ...restInner } = {}, ...rest } = { a: 1, c: { e: 5, f: 6 }, g: 7, h: 8 };
  var [first, , third = 'third', ...tail] = [10, 20, undefined, 40, 50];
  var key = 'dyn';
  var { [key]: dynamic } = { dyn: 'computed' };
  var swapped = [1, 2];
  [swapped[0], swapped[1]] = [swapped[1], swapped[0]];
  function params({ x = 1, y } = {}, [z] = [9], ...others) { return [x, y, z, others.length]; }
  var merged = { ...{ p: 1, q: 2 }, q: 3, ...null, ...'hi' };
  return {
    a: a, renamed: renamed, d: d, restInner: restInner, rest: rest,
    first: first, third: third, tail: tail, dynamic: dynamic, swapped: swapped,
    params: [params(), params({ y: 2 }, [3], 4, 5)],
    spreadCall: Math.max(...[1, 5, 3], ...new Set([7])),
    spreadString: [...'héllo'],
    merged: merged,
  };
})();
