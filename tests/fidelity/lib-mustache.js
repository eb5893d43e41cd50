// fidelity: mustache (logic-less templates): sections, inverted sections, escaping, partials
// prelude: node_modules/mustache/mustache.js
// expect: native
var __result = Mustache.render('{{#items}}<li>{{name}}: {{&raw}} {{esc}}</li>{{/items}}{{^none}}empty{{/none}} {{> tail}}', {
  items: [{ name: 'a', raw: '<b>', esc: '<i>' }, { name: 'b', raw: '&', esc: '"' }],
  none: [],
}, { tail: 'by {{who}}' });
