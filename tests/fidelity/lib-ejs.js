// fidelity: ejs (templates compiled through the Function constructor) with `_with: false`, its strict-mode setting: loops, escaping, raw output
// prelude: node_modules/ejs/ejs.js
// expect: native
var __result = ejs.render('<ul><% locals.items.forEach(function (i) { %><li><%= i %></li><% }); %></ul><%- locals.raw %>', { items: ['<a>', 'b'], raw: '<hr>' }, { _with: false, strict: true });
