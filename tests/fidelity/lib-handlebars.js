// fidelity: handlebars (templates compiled through the Function constructor): helpers, each, if, escaping, within the default CPU budget
// prelude: node_modules/handlebars/dist/handlebars.js
// expect: native
var __result = (function () {
  Handlebars.registerHelper('upper', function (s) { return String(s).toUpperCase(); });
  var t = Handlebars.compile('{{#each people}}{{#if @first}}[{{/if}}{{upper name}} ({{age}}){{#unless @last}}, {{/unless}}{{/each}}] {{{html}}} {{html}}');
  var out = [];
  for (var i = 0; i < 20; i++) out.push(Handlebars.compile('<p>{{x' + i + '}}</p>')({ ['x' + i]: i }));
  return { main: t({ people: [{ name: 'ann', age: 31 }, { name: 'bob', age: 42 }], html: '<em>hi</em>' }), many: out.join('') };
})();
