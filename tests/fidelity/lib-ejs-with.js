// fidelity: ejs in its default mode, whose compiled template reads locals through `with (locals || {})`: loops, escaping, raw output, a missing local read with typeof
// prelude: node_modules/ejs/ejs.js
// expect: native
var __result = ejs.render('<ul><% items.forEach(function (i) { %><li><%= i %></li><% }); %></ul><%- raw %>|<%= typeof absent %>', { items: ['<a>', 'b'], raw: '<hr>' });
