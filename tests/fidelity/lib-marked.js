// fidelity: marked (a Markdown parser): headings, lists, code, emphasis and links to HTML
// prelude: node_modules/marked/lib/marked.umd.js
// expect: native
var __result = marked.parse('# Title\n\nSome *em* and **strong** with `code` and a [link](https://example.com).\n\n- one\n- two\n\n```js\nvar x = 1;\n```\n\n> quote\n');
