#!/bin/sh
# Seeds the fuzz corpora (gitignored) from the demo scripts, the test corpus when it exists,
# and a few snippets. Idempotent; run from anywhere: rust-core/fuzz/seed-corpus.sh
set -eu

fuzz=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$fuzz/../.." && pwd)
transpile="$fuzz/corpus/transpile"
function="$fuzz/corpus/function"
differential="$fuzz/corpus/differential"
metadata="$fuzz/corpus/metadata"
match_pattern="$fuzz/corpus/match_pattern"
mkdir -p "$transpile" "$function" "$differential" "$metadata" "$match_pattern"

copied=0
copy() { # FILE NAME
    cp "$1" "$transpile/$2"
    copied=$((copied + 1))
}

for f in "$root"/demo/*.js; do
    [ -f "$f" ] && copy "$f" "demo-$(basename "$f")"
done

corpus="$root/rust-core/tests/corpus"
if [ -d "$corpus" ]; then
    find "$corpus" -type f -name '*.js' | sort | while read -r f; do
        rel=${f#"$corpus"/}
        cp "$f" "$transpile/corpus-$(printf '%s' "$rel" | tr '/' '_')"
    done
    copied=$((copied + $(find "$corpus" -type f -name '*.js' | wc -l)))
else
    echo "note: $corpus does not exist yet; skipped"
fi

snippet() { # NAME TEXT
    printf '%s' "$2" > "$transpile/snippet-$1.js"
    copied=$((copied + 1))
}
snippet var 'var a = 1, b; function f(x) { return x + a; } b = f(2);'
snippet lexical 'let x = 1; const y = { x, z: [x, ...[2]] }; class C { m() { return this; } }'
snippet typeof 'typeof missing === "undefined" && typeof Math;'
snippet this 'this.x = 1; (() => this)(); globalThis.self === window;'
snippet call 'f(); o.m(); f`t${1}`; new F(1); a?.b?.(c);'
snippet patterns '({ a, b: [c = d] = [], ...e } = o); for (x of y) ; for (k in o) ;'
snippet globals 'undefined; NaN; Infinity; void 0;'
snippet async 'async function* g() { for await (const x of y) yield await x; }'
snippet labels 'l: for (;;) { break l; } try { throw 1 } catch { } finally { }'
snippet regexp 'var r = /a(?<n>b)\u{61}/gu; `a${b}c`; 0x1F; 1_000n; a ??= b ||= c;'
snippet escapes 'var \u0061 = "\u{1F600}"; ev\u0061l;'
snippet reserved '__paranoid_scope__.x;'
snippet nesting '((((((((((((((((((((1))))))))))))))))))));'
# A declaration that binds no name (once kept as a `var` outside every function).
snippet empty-patterns 'var {} = o; var [] = o; let {} = o; { var {} = o; } for (var {} of x) ;'
# A userscript's early return (read as a userscript's body, it is the wrapper's).
snippet top-level-return 'if (location.host !== "a.example") return; for (;;) { try { return 1; } finally { f(); } }'

# The `function` target: kind byte, then parameters and body separated by 0xFF bytes.
printf '\000a, b\377return a + b' > "$function/normal"
printf '\001x\377return await x' > "$function/async"
printf '\002\377yield 1; yield* [2]' > "$function/generator"
printf '\003a = 1\377for await (const v of a) yield v' > "$function/async-generator"
printf '\000a\377}); steal(); (function(){' > "$function/injection"
printf '\000/*\377*/ return 1' > "$function/comment"

# The `differential` target builds programs from structured bytes: random inputs long enough
# for the generator to make real programs.
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
    [ -f "$differential/random-$i" ] || head -c 512 /dev/urandom > "$differential/random-$i"
done

# The rust-meta targets: userscripts from the e2e test and the examples, and pattern/URL pairs.
for f in "$root"/examples/userscripts/*.user.js; do
    [ -f "$f" ] && cp "$f" "$metadata/$(basename "$f")"
done
printf '// ==UserScript==\n// @name x\n// @match https://*.example.com/*\n// @include *://news.example/*\n// @exclude-match https://pay.example.com/*\n// @grant GM.getValue\n// @connect api.example.com\n// @require https://cdn.example/a.js#sha256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=\n// @resource r https://cdn.example/r.css\n// ==/UserScript==\nhttps://www.example.com/\nhttps://news.example/?https://pay.example.com/\n' > "$metadata/all-keys"
printf '*://*.example.com/*\nhttps://a.example.com/x?y#z' > "$match_pattern/subdomains"
printf '*://host:443/a*b\nhttps://u:p@host/a-x-b' > "$match_pattern/port"
printf 'http://[::1]/*\nhttp://[::1]:80/' > "$match_pattern/ipv6"
printf '<all_urls>\nfile:///etc/passwd' > "$match_pattern/all"
printf '*://bank.example/*\nhttps://evil.example/?https://bank.example/' > "$match_pattern/host-in-query"

echo "seeded $copied files into $transpile, 6 into $function, 16 into $differential, and the metadata and match_pattern corpora"
