//! Userscript metadata, as table tests: what each key reads as, what is refused and why, and
//! where a script runs — including cases from the other managers' issue trackers (host names in
//! query strings, CRLF files, a BOM, blocks after a licence comment, legacy grants).

use paranoid_meta::connect::ConnectHost;
use paranoid_meta::metadata::{parse, Report, RunAt};

fn script(lines: &[&str]) -> String {
    let mut s = String::from("// ==UserScript==\n");
    for l in lines {
        s.push_str("// ");
        s.push_str(l);
        s.push('\n');
    }
    s.push_str("// ==/UserScript==\nconsole.log('hi');\n");
    s
}

fn ok(lines: &[&str]) -> Report {
    let r = parse(&script(lines));
    assert!(r.ok(), "{lines:?}: {:?}", r.errors);
    r
}

fn first_error(lines: &[&str]) -> String {
    let r = parse(&script(lines));
    assert!(!r.ok(), "{lines:?} was accepted");
    r.errors[0].message.clone()
}

#[test]
fn every_key_is_read() {
    let r = ok(&[
        "@name        Example: tidy",
        "@name:fr     Exemple",
        "@namespace   https://example.org/",
        "@version     1.2.3",
        "@description Hides clutter",
        "@description:zh-CN 隐藏",
        "@match       https://*.example.com/*",
        "@include     *://news.example/*",
        "@exclude     *://news.example/admin/*",
        "@exclude-match https://pay.example.com/*",
        "@run-at      document-idle",
        "@grant       GM.getValue",
        "@grant       GM.setValue",
        "@grant       GM.getValue",
        "@connect     api.example.com",
        "@connect     self",
        "@require     https://cdn.example/lib.js#sha256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=",
        "@resource    logo https://cdn.example/logo.svg",
        "@noframes",
        "@updateURL   https://example.org/x.meta.js",
        "@downloadURL https://example.org/x.user.js",
        "@homepageURL https://example.org/",
        "@antifeature tracking",
    ]);
    let m = &r.metadata;
    assert_eq!(m.name, "Example: tidy");
    assert_eq!(m.localized_names["fr"], "Exemple");
    assert_eq!(m.namespace.as_deref(), Some("https://example.org/"));
    assert_eq!(m.version.as_deref(), Some("1.2.3"));
    assert_eq!(m.description.as_deref(), Some("Hides clutter"));
    assert_eq!(m.localized_descriptions["zh-CN"], "隐藏");
    assert_eq!(m.matches.len(), 1);
    assert_eq!(m.includes.len(), 1);
    assert_eq!(m.excludes.len(), 1);
    assert_eq!(m.exclude_matches.len(), 1);
    assert_eq!(m.run_at, RunAt::DocumentIdle);
    assert_eq!(m.grants, ["GM.getValue", "GM.setValue"]);
    assert_eq!(
        m.connects,
        [
            ConnectHost::Host("api.example.com".into()),
            ConnectHost::Page
        ]
    );
    assert_eq!(
        m.requires[0].integrity.as_deref(),
        Some("sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
    );
    assert_eq!(m.resources[0].name, "logo");
    assert!(m.noframes);
    assert!(m.update_url.is_some() && m.download_url.is_some());
    let other: Vec<_> = m
        .other
        .iter()
        .map(|o| (o.key.as_str(), o.value.as_str()))
        .collect();
    assert_eq!(
        other,
        [
            ("homepageURL", "https://example.org/"),
            ("antifeature", "tracking")
        ]
    );
    assert_eq!(m.block_lines, (1, 25));
    // Only the unpinned resource... is not warned about; the unpinned @require would be.
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
}

#[test]
fn defaults_are_the_narrow_ones() {
    let r = ok(&["@name x", "@match https://a.example/*"]);
    let m = &r.metadata;
    assert_eq!(m.run_at, RunAt::DocumentEnd);
    assert!(m.grants.is_empty() && m.connects.is_empty() && !m.noframes);
    // No @match and no @include: it runs nowhere, and the author is told.
    let r = ok(&["@name x"]);
    assert!(!r.metadata.runs_on("https://a.example/"));
    assert!(r.warnings[0].message.contains("runs nowhere"));
}

#[test]
fn refused_metadata_says_why() {
    for (lines, says) in [
        (&["@match https://a.example/*"][..], "no `@name`"),
        (&["@name"], "needs a value"),
        (&["@name x", "@match https://a.example"], "path"),
        (&["@name x", "@match https://*.example.*/*"], ""),
        (&["@name x", "@include *example.com*"], "no `://`"),
        (
            &["@name x", "@include /a\\.example\\//"],
            "says where the host is",
        ),
        (
            &["@name x", "@exclude /^https:\\/\\/a\\.example\\/(?!x)/"],
            "cannot be read at column",
        ),
        (&["@name x", "@include *://www.google.tld/*"], "`.tld`"),
        (&["@name x", "@run-at context-menu"], "document-start"),
        (
            &["@name x", "@grant none", "@grant GM.getValue"],
            "keep one",
        ),
        (
            &["@name x", "@grant GM.getValue GM.setValue"],
            "one grant per",
        ),
        (&["@name x", "@connect https://api.example/"], "host only"),
        (&["@name x", "@connect com"], "single label"),
        (
            &["@name x", "@require http://cdn.example/lib.js"],
            "plain http",
        ),
        (&["@name x", "@require lib.js"], "absolute"),
        (
            &[
                "@name x",
                "@require https://cdn.example/l.js#md5=d41d8cd98f00b204e9800998ecf8427e",
            ],
            "cannot pin",
        ),
        (&["@name x", "@resource logo"], "NAME URL"),
        (
            &[
                "@name x",
                "@resource a https://x.example/a",
                "@resource a https://x.example/b",
            ],
            "named twice",
        ),
        (
            &["@name x", "@updateURL http://example.org/x.meta.js"],
            "https",
        ),
        (&["@name x", "@name:!! y"], "language tag"),
        (&["@name x", "@=1"], "not a metadata key"),
    ] {
        let message = first_error(lines);
        assert!(message.contains(says), "{lines:?}: {message}");
    }
}

#[test]
fn problems_point_at_their_line() {
    let r = parse("// a licence comment\n\n// ==UserScript==\r\n// @name x\r\n// @match nope\r\n// ==/UserScript==\r\n");
    assert_eq!(r.errors.len(), 1);
    assert_eq!(r.errors[0].line, 5);
    assert_eq!(r.errors[0].key.as_deref(), Some("match"));
    assert_eq!(r.metadata.block_lines, (3, 6));
}

#[test]
fn the_block_itself_must_be_well_formed() {
    let r = parse("console.log(1)");
    assert!(r.errors[0].message.contains("no metadata block"));
    let r = parse("// ==UserScript==\n// @name x\n");
    assert!(r.errors[0].message.contains("never closed"));
    let r = parse(
        "// ==UserScript==\n// @name x\nvar a = 1;\n// @grant GM.getValue\n// ==/UserScript==\n",
    );
    assert!(r.errors[0].message.contains("not a `//` comment"));
    assert_eq!(r.errors[0].line, 3);
    // A BOM, CRLF, tabs and no space after `//` are all read.
    let r = parse("\u{FEFF}//==UserScript==\r\n//\t@name\tTabbed\r\n//@match\thttps://a.example/*\r\n// ==/UserScript==\r\n");
    assert!(r.ok(), "{:?}", r.errors);
    assert_eq!(r.metadata.name, "Tabbed");
    assert_eq!(r.metadata.matches.len(), 1);
    // Only the first block counts: a second one later in the file grants nothing.
    let r = parse(&format!(
        "{}// ==UserScript==\n// @grant GM.setValue\n// ==/UserScript==\n",
        script(&["@name x", "@match https://a.example/*"])
    ));
    assert!(r.metadata.grants.is_empty());
    // Control characters and huge values are refused, and so is an endless block.
    let r = parse(&script(&["@name a\u{7}b"]));
    assert!(r.errors[0].message.contains("control character"));
    let r = parse(&script(&[&format!("@name {}", "x".repeat(5000))]));
    assert!(r.errors[0].message.contains("longer than"));
    let r = parse(&script(&[
        "@name x",
        &format!("@require https://a.example/{}.js", "x".repeat(5000)),
    ]));
    assert!(r.errors[0].message.contains("longer than"));
    // A key Paranoid does not read (an `@icon` embedded as a `data:` image) is left out instead.
    let icon = format!("@icon data:image/png;base64,{}", "A".repeat(6000));
    let r = ok(&["@name x", &icon, "@match https://a.example/*"]);
    assert!(r.metadata.other.iter().all(|o| o.key != "icon"));
    assert!(
        r.warnings.iter().any(|w| w.key.as_deref() == Some("icon")
            && w.message.contains("longer than")
            && w.message.contains("left out")),
        "{:?}",
        r.warnings
    );
    let many: Vec<String> = (0..1500).map(|i| format!("@tag t{i}")).collect();
    let many: Vec<&str> = std::iter::once("@name x")
        .chain(many.iter().map(String::as_str))
        .collect();
    let r = parse(&script(&many));
    assert!(r
        .errors
        .iter()
        .any(|e| e.message.contains("more than 1000")));
}

#[test]
fn repeated_single_keys_keep_the_first() {
    let r = ok(&["@name first", "@name second", "@version 1", "@version 2"]);
    assert_eq!(r.metadata.name, "first");
    assert_eq!(r.metadata.version.as_deref(), Some("1"));
    assert_eq!(
        r.warnings
            .iter()
            .filter(|w| w.message.contains("twice"))
            .count(),
        2
    );
}

#[test]
fn grants_outside_the_table_are_never_given() {
    let r = ok(&[
        "@name x",
        "@match https://a.example/*",
        "@grant GM_cookie",
        "@grant unsafeWindow",
        "@grant GM_getResourceURL",
        "@grant window.foo",
        "@grant window.close",
        "@grant none",
    ]);
    assert!(r.metadata.grants.is_empty());
    let w: Vec<&str> = r.warnings.iter().map(|w| w.message.as_str()).collect();
    assert!(w[0].contains("cookies"), "{w:?}");
    assert!(
        w[1].contains("script's own window, never the page's"),
        "{w:?}"
    );
    assert!(w[2].contains("GM_getResourceText"), "{w:?}");
    assert!(w[3].contains("not a grant"), "{w:?}");
    assert!(w[4].contains("not provided"), "{w:?}");
}

#[test]
fn the_older_names_give_the_same_grants_once() {
    let r = ok(&[
        "@name x",
        "@match https://a.example/*",
        "@grant GM_setValue",
        "@grant GM.setValue",
        "@grant GM_xmlhttpRequest",
        "@grant GM_registerMenuCommand",
        "@grant GM_unregisterMenuCommand",
        "@grant GM_addValueChangeListener",
    ]);
    assert_eq!(
        r.metadata.grants,
        [
            "GM.setValue",
            "GM.xmlHttpRequest",
            "GM.registerMenuCommand",
            "GM.addValueChangeListener"
        ]
    );
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
}

#[test]
fn where_a_script_runs() {
    let r = ok(&[
        "@name x",
        "@match https://*.example.com/*",
        "@include *://news.example/*",
        "@exclude *://news.example/admin/*",
        "@exclude-match https://pay.example.com/*",
        "@include /^https:\\/\\/(docs|wiki)\\.example\\.org\\/[a-z]+$/i",
        "@exclude /^https:\\/\\/wiki\\.example\\.org\\/private/",
    ]);
    let m = &r.metadata;
    for (url, want) in [
        ("https://docs.example.org/Intro", true),
        ("https://wiki.example.org/intro", true),
        ("https://wiki.example.org/private", false),
        ("https://wiki.example.org/intro/2", false),
        ("https://evil.test/?https://docs.example.org/intro", false),
        ("https://docs.example.org@evil.test/intro", false),
        ("https://example.com/", true),
        ("https://www.example.com/a?b", true),
        ("http://www.example.com/", false),
        ("https://pay.example.com/checkout", false),
        ("https://news.example/today", true),
        ("http://news.example/today", true),
        ("https://news.example/admin/users", false),
        // Host names in the query or path, or as a user name, never count.
        ("https://evil.test/?https://news.example/", false),
        ("https://evil.test/news.example/x", false),
        ("https://news.example@evil.test/", false),
        ("https://www.example.com.evil.test/", false),
        ("https://news.example.:443/x", true),
        ("not a url", false),
    ] {
        assert_eq!(m.runs_on(url), want, "{url}");
    }
}

#[test]
fn an_http_star_scheme_is_read_as_http_or_https() {
    // Tampermonkey's `http*://` in a match pattern: the pattern's own `*` scheme, said so.
    let r = ok(&[
        "@name x",
        "@match http*://a.example/*",
        "@exclude-match HTTP*://a.example/private/*",
    ]);
    let m = &r.metadata;
    for (url, want) in [
        ("https://a.example/x", true),
        ("http://a.example/x", true),
        ("https://a.example/private/x", false),
        ("http://a.example/private/x", false),
        ("ws://a.example/x", false),
        ("ftp://a.example/x", false),
        ("https://b.example/x", false),
    ] {
        assert_eq!(m.runs_on(url), want, "{url}");
    }
    assert_eq!(r.warnings.len(), 2, "{:?}", r.warnings);
    assert!(r
        .warnings
        .iter()
        .all(|w| w.message.contains("http and https")));
    // Other schemes with a star stay refused.
    assert!(first_error(&["@name x", "@match h*://a.example/*"]).contains("unknown scheme"));
    assert!(first_error(&["@name x", "@match https*://a.example/*"]).contains("unknown scheme"));
}

#[test]
fn an_exclude_without_a_host_is_read_on_the_whole_url() {
    let r = ok(&[
        "@name x",
        "@match https://*/*",
        "@exclude *logout*",
        "@exclude /\\/(settings|account)\\b/",
        "@exclude /Checkout/i",
        "@exclude *://pay.example/*",
    ]);
    assert_eq!(r.warnings.len(), 3, "{:?}", r.warnings);
    assert!(
        r.warnings.iter().all(|w| w.message.contains("whole URL")),
        "{:?}",
        r.warnings
    );
    let m = &r.metadata;
    for (url, want) in [
        ("https://news.example/", true),
        ("https://news.example/LogOut", false),
        ("https://news.example/?next=logout", false),
        ("https://news.example/settings/profile", false),
        ("https://news.example/settingsx", true),
        ("https://shop.example/cart/CHECKOUT", false),
        ("https://pay.example/x", false),
        ("https://evil.test/?pay.example", true),
    ] {
        assert_eq!(m.runs_on(url), want, "{url}");
    }
    // Read the same way from the stored rules (the background's `paranoid_runs_on`), and never
    // for an @include, whose meaning must stay part by part.
    assert!(first_error(&["@name x", "@include *logout*"]).contains("no `://`"));
    assert!(first_error(&["@name x", "@exclude /(?=x)/"]).contains("column"));
    assert!(first_error(&["@name x", "@exclude *://*.tld/*"]).contains(".tld"));
}

#[test]
fn run_at_document_body_and_sandbox_keys_are_explained() {
    let r = ok(&[
        "@name x",
        "@match https://a.example/*",
        "@run-at document-body",
        "@sandbox JavaScript",
        "@inject-into page",
    ]);
    assert_eq!(r.metadata.run_at, RunAt::DocumentEnd);
    let w: Vec<&str> = r.warnings.iter().map(|w| w.message.as_str()).collect();
    assert!(w[0].contains("document-end"), "{w:?}");
    assert!(w[1].contains("`@sandbox JavaScript` is not read"), "{w:?}");
    assert!(w[2].contains("never in the page"), "{w:?}");
    assert!(first_error(&["@name x", "@run-at context-menu"]).contains("not a time"));
    // Written by scripts that mean DOMContentLoaded.
    let r = ok(&[
        "@name x",
        "@match https://a.example/*",
        "@run-at document-ready",
    ]);
    assert_eq!(r.metadata.run_at, RunAt::DocumentEnd);
    assert!(
        r.warnings[0].message.contains("document-end"),
        "{:?}",
        r.warnings
    );
}

#[test]
fn connect_is_checked_against_the_page() {
    let r = ok(&[
        "@name x",
        "@match https://*/*",
        "@connect api.example.com",
        "@connect self",
    ]);
    let m = &r.metadata;
    assert!(m.may_connect("https://api.example.com/v1", "https://news.test/"));
    assert!(m.may_connect("https://news.test/feed", "https://news.test/"));
    assert!(!m.may_connect("https://other.test/feed", "https://news.test/"));
    assert!(!m.may_connect("https://api.example.com.evil.test/", "https://news.test/"));
}

#[test]
fn downloads_are_counted_together_up_to_the_limit() {
    use paranoid_meta::limits::DOWNLOADS_MAX;
    let lines = |requires: usize, resources: usize| -> Vec<String> {
        let mut l = vec![
            "@name Many".to_string(),
            "@match https://example.com/*".to_string(),
        ];
        l.extend((0..requires).map(|i| format!("@require https://cdn.example/{i}.js")));
        l.extend((0..resources).map(|i| format!("@resource r{i} https://cdn.example/{i}.txt")));
        l
    };
    let half = DOWNLOADS_MAX / 2;
    let at_limit = lines(half, DOWNLOADS_MAX - half);
    ok(&at_limit.iter().map(String::as_str).collect::<Vec<_>>());
    let over = lines(half + 1, DOWNLOADS_MAX - half);
    let message = first_error(&over.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(
        message,
        format!("more than {DOWNLOADS_MAX} @require and @resource downloads")
    );
}

#[test]
fn invisible_formatting_characters_are_refused_in_names_and_shown_in_descriptions() {
    // A right-to-left override makes `Adblock\u{202E}sj.resU` read as another name; a zero
    // width space makes two names look alike. Each is refused, naming the character.
    for c in [
        '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}', '\u{2066}', '\u{2067}',
        '\u{2068}', '\u{2069}', '\u{200B}', '\u{200C}', '\u{200D}', '\u{2060}', '\u{FEFF}',
        '\u{200E}', '\u{200F}', '\u{061C}',
    ] {
        let code = format!("U+{:04X}", c as u32);
        for key in ["@name", "@namespace", "@version"] {
            let other_name = if key == "@name" { "" } else { "@name Fine" };
            let line = format!("{key} Ad{c}block");
            let lines: Vec<&str> = [other_name, line.as_str(), "@match https://a.example/*"]
                .into_iter()
                .filter(|l| !l.is_empty())
                .collect();
            let message = first_error(&lines);
            assert!(message.contains(&code), "{key} {code}: {message}");
            assert!(message.contains("invisible"), "{key} {code}: {message}");
        }
        // A translated name with one is left out (Telugu and Kannada write U+200C inside
        // words): the script goes by its other names, and a warning says so.
        let line = format!("@name:te Ad{c}block");
        let r = ok(&[
            "@name Fine",
            &line,
            "@name:fr Bien",
            "@match https://a.example/*",
        ]);
        assert!(!r.metadata.localized_names.contains_key("te"));
        assert_eq!(r.metadata.localized_names["fr"], "Bien");
        assert!(
            r.warnings
                .iter()
                .any(|w| w.key.as_deref() == Some("name:te")
                    && w.message.contains(&code)
                    && w.message.contains("left out")),
            "{:?}",
            r.warnings
        );
        // In a description it is shown where it was, as text, and a warning says so.
        let line = format!("@description Blocks{c} ads");
        let r = ok(&["@name Fine", &line, "@match https://a.example/*"]);
        assert_eq!(
            r.metadata.description.as_deref(),
            Some(format!("Blocks[{code}] ads").as_str())
        );
        assert!(
            r.warnings
                .iter()
                .any(|w| w.key.as_deref() == Some("description") && w.message.contains(&code)),
            "{:?}",
            r.warnings
        );
        let line = format!("@description:fr Bloque{c}");
        let r = ok(&["@name Fine", &line, "@match https://a.example/*"]);
        assert_eq!(
            r.metadata.localized_descriptions["fr"],
            format!("Bloque[{code}]")
        );
    }
    // A BOM at the start of the file is not in a value and stays accepted.
    let r = parse(&format!(
        "\u{FEFF}{}",
        script(&["@name Fine", "@match https://a.example/*"])
    ));
    assert!(r.ok(), "{:?}", r.errors);
}
