// fidelity: tagged templates: strings and raw, substitutions, the same strings array on every call of one site, String.raw, invalid escapes in tagged templates
// expect: {"tagged":{"strings":["a","b","c\n"],"raw":["a","b","c\\n"],"subs":[1,"two"],"frozen":true},"sameSite":true,"otherSite":false,"raw":"x\\ty2\\u0041","invalidEscape":[null,"\\unicode"],"nested":"outer inner 2"}
var __result;
__result = (function () {
  function tag(strings) {
    var subs = Array.prototype.slice.call(arguments, 1);
    return { strings: strings.slice(), raw: strings.raw.slice(), subs: subs, frozen: Object.isFrozen(strings) };
  }
  var seen = [];
  function keep(strings) { seen.push(strings); return strings.length; }
  for (var i = 0; i < 2; i++) keep`site ${i}`;
  function invalid(strings) { return [strings[0], strings.raw[0]]; }
  return {
    tagged: tag`a${1}b${'two'}c\n`,
    sameSite: seen[0] === seen[1],
    otherSite: keep`site ${0}` && seen[2] === seen[0],
    raw: String.raw`x\ty${1 + 1}\u0041`,
    invalidEscape: invalid`\unicode`,
    nested: `outer ${`inner ${1 + 1}`}`,
  };
})();
