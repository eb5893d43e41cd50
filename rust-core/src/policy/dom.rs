//! The DOM capability a userscript may be granted (`paranoid.dom.read`, `paranoid.dom.write`,
//! answered by `content/userscript-dom.js`): which elements markup may make, which attributes
//! a script may set on which element, each with what its value means, which events it may
//! listen to, and how much of the page it may hold ([`HANDLES_MAX`] and the rest). The content
//! script gets these tables generated (`paranoidPolicy().dom`); they are written nowhere else.
//!
//! The rule: a script may set only what can neither load, navigate by itself, run nor submit.
//! Attributes are allowed as (element, attribute) pairs in the HTML namespace, never by name
//! alone: `href` on an `<a>` is a link the user may follow, `href` on an SVG `<image>` is a
//! request the browser makes at once. Elements of any other namespace (SVG, MathML) get no
//! attribute at all: SVG's `<image>`, `<use>`, `<feImage>` load their `href`, and `<animate>`
//! and `<set>` change other elements' attributes. [`REFUSED`] lists what was considered and
//! why it stays out; the browser tests try each row.

use serde::Serialize;
use serde_json::{json, Map, Value};

/// What an attribute's value means, and so how it is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Meaning {
    /// Plain text: nothing reads it as a URL or code.
    Text,
    /// An element's `id` or a form control's `name`: a name the page's code may look up. A value
    /// that names a property of `document` or of a form (`cookie`, `action`, `submit`, …) is
    /// refused, so that it cannot shadow what the page's code reaches through them.
    Name,
    /// A link the user may follow with a click: `http:`, `https:` or `mailto:` (see
    /// [`NAVIGATE_SCHEMES`]). Nothing is requested until the user clicks.
    Navigate,
    /// An image inline in the value (`data:` with one of [`INLINE_IMAGE_TYPES`]): no request.
    InlineImage,
    /// One of a few words, compared without case.
    OneOf(&'static [&'static str]),
    /// An inline style (a declaration list): refused when it holds what loads (`url()`,
    /// `image-set()`, …) or a function or at-rule written with an escape, by the same reading
    /// of CSS as GM.addStyle's and its table (`userscripts.addStyle`).
    Style,
}

/// One attribute a script may set, on one element (`*`: every element of the table's tags
/// and any other HTML element not [`SEALED`]).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Attribute {
    pub element: &'static str,
    pub name: &'static str,
    pub meaning: Meaning,
}

const fn attr(element: &'static str, name: &'static str, meaning: Meaning) -> Attribute {
    Attribute {
        element,
        name,
        meaning,
    }
}

use Meaning::{InlineImage, Name, Navigate, OneOf, Style, Text};

/// `<input type>` values a script may make: none of them submits, loads or picks a file
/// (`image` loads its `src` and submits; `submit`, `file`, `hidden`, `password` are left out).
pub const INPUT_TYPES: &[&str] = &[
    "text", "checkbox", "radio", "number", "range", "button", "search", "color", "date",
];

/// The attribute table: (element, attribute, meaning).
pub const ATTRIBUTES: &[Attribute] = &[
    attr("*", "id", Name),
    attr("*", "class", Text),
    attr("*", "title", Text),
    attr("*", "lang", Text),
    attr("*", "dir", OneOf(&["ltr", "rtl", "auto"])),
    attr("*", "hidden", Text),
    attr("*", "role", Text),
    attr("*", "tabindex", Text),
    attr("*", "style", Style),
    // A link: followed only when the user clicks it. No `target`, `rel` (`opener` would hand
    // the page's window to the site), `ping` (a request on the click), `download`.
    attr("a", "href", Navigate),
    // No `srcset`, `sizes` (they load), and `src` only inline: a `src` of the page's own origin
    // can still redirect to any host (open redirects, `/raw/` links), and the request that
    // carries the data is made before anyone could check where it ends.
    attr("img", "src", InlineImage),
    attr("img", "alt", Text),
    attr("img", "width", Text),
    attr("img", "height", Text),
    // No `form`, `formaction`, `formmethod`, `formtarget`, `src`, `list`.
    attr("input", "type", OneOf(INPUT_TYPES)),
    attr("input", "value", Text),
    attr("input", "placeholder", Text),
    attr("input", "name", Name),
    attr("input", "disabled", Text),
    attr("input", "checked", Text),
    attr("input", "readonly", Text),
    attr("input", "min", Text),
    attr("input", "max", Text),
    attr("input", "step", Text),
    attr("input", "maxlength", Text),
    attr("button", "type", OneOf(&["button", "submit", "reset"])),
    attr("button", "value", Text),
    attr("button", "name", Name),
    attr("button", "disabled", Text),
    attr("select", "name", Name),
    attr("select", "disabled", Text),
    attr("option", "value", Text),
    attr("option", "selected", Text),
    attr("option", "disabled", Text),
    attr("textarea", "name", Name),
    attr("textarea", "placeholder", Text),
    attr("textarea", "disabled", Text),
    attr("textarea", "readonly", Text),
    attr("textarea", "rows", Text),
    attr("textarea", "cols", Text),
    attr("textarea", "maxlength", Text),
    attr("label", "for", Text),
    attr("td", "colspan", Text),
    attr("td", "rowspan", Text),
    attr("th", "colspan", Text),
    attr("th", "rowspan", Text),
    attr("time", "datetime", Text),
    attr("del", "datetime", Text),
    attr("ins", "datetime", Text),
    attr("details", "open", Text),
    attr("ol", "start", Text),
    attr("ol", "reversed", Text),
    attr("ol", "type", OneOf(&["1", "a", "i"])),
    attr("li", "value", Text),
];

/// Prefixes of attribute names any element of the table may take, with plain text values.
pub const ATTRIBUTE_PREFIXES: &[&str] = &["data-", "aria-"];

/// Schemes of a link ([`Meaning::Navigate`]).
pub const NAVIGATE_SCHEMES: &[&str] = &["http:", "https:", "mailto:"];

/// Media types of an inline image ([`Meaning::InlineImage`]). An SVG shown by `<img>` runs no
/// script and loads nothing.
pub const INLINE_IMAGE_TYPES: &[&str] = &[
    "image/png",
    "image/gif",
    "image/jpeg",
    "image/webp",
    "image/avif",
    "image/bmp",
    "image/x-icon",
    "image/svg+xml",
];

/// Elements markup may contain (HTML only); any other element is unwrapped (its content kept)
/// or, if [`DROPPED`], left out with its content.
pub const TAGS: &[&str] = &[
    "a",
    "abbr",
    "article",
    "aside",
    "b",
    "blockquote",
    "br",
    "button",
    "caption",
    "code",
    "dd",
    "del",
    "details",
    "div",
    "dl",
    "dt",
    "em",
    "figcaption",
    "figure",
    "footer",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "hr",
    "i",
    "img",
    "input",
    "ins",
    "kbd",
    "label",
    "li",
    "main",
    "mark",
    "nav",
    "ol",
    "option",
    "p",
    "pre",
    "q",
    "s",
    "section",
    "select",
    "small",
    "span",
    "strong",
    "sub",
    "summary",
    "sup",
    "table",
    "tbody",
    "td",
    "textarea",
    "tfoot",
    "th",
    "thead",
    "time",
    "tr",
    "u",
    "ul",
];

/// Elements markup drops with everything inside them (any element of another namespace too).
pub const DROPPED: &[&str] = &[
    "script",
    "style",
    "template",
    "iframe",
    "frame",
    "frameset",
    "object",
    "embed",
    "applet",
    "base",
    "meta",
    "link",
    "noscript",
    "svg",
    "math",
    "form",
    "title",
    "head",
    "audio",
    "video",
    "source",
    "track",
    "picture",
    "portal",
    "fencedframe",
    "param",
    "area",
    "map",
];

/// Page elements a script may not change at all (attributes, text, what is inside or beside
/// them): they run code, load, or change how the page reads URLs.
pub const SEALED: &[&str] = &[
    "script",
    "style",
    "base",
    "meta",
    "link",
    "iframe",
    "frame",
    "frameset",
    "object",
    "embed",
    "applet",
    "param",
    "portal",
    "fencedframe",
    "noscript",
    "template",
];

/// The events a script may listen to on an element it holds (`h.on(type, listener)`, or a
/// replica's `addEventListener`): the user's input, which a script reacts to, and the events
/// single-page sites fire when their router has shown a new page (which scripts written for
/// those sites wait for). Each reaches the script as plain data (`{ type, target, value?,
/// checked?, key?, selection? }`), never as the event; a site's own event brings its type and
/// target only, never its `detail`. `scroll` says only that the page scrolled (no figures), at
/// most once per [`SCROLL_EVENT_MS`] with the last one always told. Events that carry more of the page
/// (`message`, `storage`) or that fire by themselves as the page loads and changes are left out:
/// the replica fires its own `DOMContentLoaded`, `load`, `popstate` and `hashchange`.
pub const EVENTS: &[&str] = &[
    "click",
    "dblclick",
    "auxclick",
    "contextmenu",
    "input",
    "change",
    "submit",
    "keydown",
    "keyup",
    "keypress",
    "mousedown",
    "mouseup",
    "mouseover",
    "mouseout",
    "mouseenter",
    "mouseleave",
    "pointerdown",
    "pointerup",
    "focus",
    "blur",
    "focusin",
    "focusout",
    "copy",
    "cut",
    "paste",
    "scroll",
    // The window's size changed: the viewport's figures (told before it) say how.
    "resize",
    // Single-page sites' own: YouTube's, Turbo's and Turbolinks', pjax's, GitHub's.
    "yt-navigate-start",
    "yt-navigate-finish",
    "yt-page-data-updated",
    "turbo:load",
    "turbo:render",
    "turbolinks:load",
    "pjax:end",
    "soft-nav:end",
];
/// The events a script may send to the page (`el.dispatchEvent(new MouseEvent("mousedown"))`,
/// `document.dispatchEvent(new KeyboardEvent("keydown", { key: "j" }))`) with "presses this
/// page's buttons": the user's input, which a site's own code reacts to. The content script makes
/// each event itself, of the class its type names, from the type and a few plain fields
/// ([`PRESS_EVENT_FIELDS`]), never from the script's object; what is not here stays in the
/// script's replica. A `click` (dispatched, or `el.click()`) runs its element's default action,
/// and one that would follow a link or submit a form runs it only for a script that may also
/// open pages (content/replica-host.js); synthetic keys and input type nothing.
pub const PRESS_EVENTS: &[&str] = &[
    "click",
    "dblclick",
    "mousedown",
    "mouseup",
    "mouseover",
    "mouseout",
    "mouseenter",
    "mouseleave",
    "mousemove",
    "pointerdown",
    "pointerup",
    "pointerover",
    "pointerout",
    "pointerenter",
    "pointerleave",
    "pointermove",
    "keydown",
    "keyup",
    "keypress",
    "input",
    "change",
    "focus",
    "blur",
    "focusin",
    "focusout",
];
/// The fields of a pressed event that reach the page, each a string, number or boolean.
pub const PRESS_EVENT_FIELDS: &[&str] = &[
    "bubbles",
    "cancelable",
    "composed",
    "key",
    "code",
    "keyCode",
    "charCode",
    "which",
    "location",
    "repeat",
    "button",
    "buttons",
    "clientX",
    "clientY",
    "screenX",
    "screenY",
    "altKey",
    "ctrlKey",
    "shiftKey",
    "metaKey",
    "detail",
    "data",
    "inputType",
    "isComposing",
    "pointerId",
    "pointerType",
    "isPrimary",
];
/// The longest string field of a pressed event (`key`, `data`, …): a key is a few characters,
/// an input event's text a paste at most; the page's listeners get nothing longer.
pub const PRESS_FIELD_CHARS: usize = 1000;
/// How many presses a script may make a second: each runs the page's own listeners in the
/// page's main thread, so a loop of them cannot hold it for long. Reasoned, not measured: far
/// above a script that opens a thread's replies or fills a form.
pub const PRESSES_PER_SECOND: usize = 200;

/// How often `scroll` reaches a script at most (ms): scrolling fires it every frame, and a
/// script only needs to know that it happened and when it ended.
pub const SCROLL_EVENT_MS: u32 = 100;

/// How much of the page one script may hold or read: element handles (each keeps its element
/// alive as long as the script's sandbox), elements one `query` answers, listeners, a selector's
/// length, and the characters of one `text` answer and of an event's `value`. Reasoned, not
/// measured: far above what a script that edits a page needs, low enough that a loop of calls
/// cannot pin the page's memory. A `text` answer is at most half of one message
/// (`limits::MESSAGE_LIMIT`), so that plain text fits in its reply.
pub const HANDLES_MAX: usize = 10_000;
pub const QUERY_RESULTS_MAX: usize = 1_000;
pub const LISTENERS_MAX: usize = 256;
pub const SELECTOR_MAX: usize = 1_024;
pub const TEXT_MAX: usize = 512 * 1024;
pub const EVENT_VALUE_MAX: usize = 10_000;

/// The page replica (a userscript's `document`, content/replica-host.js): a page of more
/// nodes than [`REPLICA_NODES_MAX`] gets no replica, and the script fails saying so, rather
/// than reading a part of the page as if it were all. Measured with the DOM library in the
/// sandbox: 10,000 elements (16,500 nodes) cost about 16 MB and 0.2–0.3 s to build, so the
/// bound keeps a replica under about 50 MB. Changes cross in messages of at most
/// [`REPLICA_OPS_PER_MESSAGE`] operations and [`REPLICA_MESSAGE_CHARS`] characters of JSON,
/// half of what one message may hold (`limits::MESSAGE_LIMIT`), so that a batch always fits.
pub const REPLICA_NODES_MAX: usize = 50_000;
pub const REPLICA_OPS_PER_MESSAGE: usize = 5_000;
pub const REPLICA_MESSAGE_CHARS: usize = crate::policy::limits::MESSAGE_LIMIT / 2;

/// The free names through which a userscript's code reaches the page it runs on, read at install
/// to say what it asks for: "reads this page" (it gets a replica of the page's document) and
/// "changes this page" (its changes to the replica are applied to the page, as this module's
/// tables allow). Either may be denied by the user; a denied read gives an empty document, a
/// denied change keeps the script's changes in its replica. The guess can only ask for more
/// than the script uses (`typeof window` counts), never hide a use: a name in neither this table
/// nor [`PAGE_READS_ONLY`] reaches nothing of the page, since the sandbox's global has nothing
/// else of it. These are the names through which code can change the page (and read it).
pub const PAGE_WRITES: &[&str] = &[
    "document",
    "window",
    "self",
    "top",
    "parent",
    "frames",
    "jQuery",
    "$",
    "unsafeWindow",
    "GM_addElement",
    // A dialog over the page, shown by the content script (content/userscripts.js).
    "alert",
    // Scrolling the page (the replica's layer sends each as an operation).
    "scroll",
    "scrollTo",
    "scrollBy",
];
/// The names through which code can only read the page (its address and history, its events,
/// what observes or computes its styles); [`PAGE_WRITES`] read it too. (`navigator` is every
/// sandbox's: the browser's strings, nothing of the page.)
pub const PAGE_READS_ONLY: &[&str] = &[
    "location",
    "history",
    "MutationObserver",
    "getComputedStyle",
    "addEventListener",
    "removeEventListener",
    "onload",
    "DOMParser",
    "XPathResult",
    // The viewport's figures, as the page has them.
    "innerWidth",
    "innerHeight",
    "outerWidth",
    "outerHeight",
    "scrollX",
    "scrollY",
    "pageXOffset",
    "pageYOffset",
    "devicePixelRatio",
    "screen",
];

/// The free names through which a userscript sends requests from the page's document:
/// "sends requests" on the install page. A script given it has `fetch` and `XMLHttpRequest` in
/// its sandbox, answered by the same check as `GM.xmlHttpRequest` (only to the `@connect` hosts
/// the user approved; `self` is the page's site; cookies only if allowed). jQuery's request
/// calls (`$.ajax`…) count too: jQuery reaches `XMLHttpRequest` through `window`.
pub const PAGE_REQUEST_NAMES: &[&str] = &["fetch", "XMLHttpRequest"];
/// `$.x` or `jQuery.x` with one of these names sends a request.
pub const PAGE_REQUEST_JQUERY: &[&str] = &["ajax", "get", "getJSON", "getScript", "post"];
/// What navigates: "opens pages" on the install page. Assigning `location` or one of these of
/// its parts, calling one of [`PAGE_NAVIGATE_CALLS`] on it, or `open` / `window.open`. A script
/// given it may send its tab to an http(s) page and open new tabs (as `GM.openInTab`, within
/// its limit); without it each of these throws, naming the capability.
pub const PAGE_NAVIGATE_PARTS: &[&str] = &[
    "href", "protocol", "host", "hostname", "port", "pathname", "search", "hash",
];
pub const PAGE_NAVIGATE_CALLS: &[&str] = &["assign", "replace", "reload"];
/// `history.x()` with one of these names moves the tab too: within the page's site
/// (`pushState`, `replaceState`: the address changes, nothing loads) or through its history.
/// A script that only wraps `history.pushState` to hear the site's own moves calls none of them.
pub const PAGE_HISTORY_CALLS: &[&str] = &["pushState", "replaceState", "back", "forward", "go"];
/// The calls that act on the page's elements as the user would: "presses this page's buttons"
/// on the install page (`el.click()`, `el.focus()`, `el.dispatchEvent(e)`, `form.requestSubmit()`,
/// jQuery's `$(el).click()` and `.trigger("click")`). `click` and `submit` count only with no
/// argument: with one they are jQuery's way to listen. Read from the script's own code, not its
/// `@require`s: a library's `this.focus()` runs only when the script asks it to, in a call the
/// script's code names.
pub const PAGE_PRESS_CALLS: &[&str] = &[
    "click",
    "focus",
    "blur",
    "dispatchEvent",
    "requestSubmit",
    "submit",
    "trigger",
];
/// The globals that are the page's window, for `window.open`, `window.location` and
/// `window.fetch`.
pub const PAGE_WINDOW_NAMES: &[&str] = &["window", "self", "top", "parent", "unsafeWindow"];

/// What a script may not set, and why: the meanings the rule keeps out (what loads, what
/// navigates by itself or in another window, what runs, what submits). Not read by the content
/// script (anything not in [`ATTRIBUTES`] is refused); the browser tests try every row, and the
/// docs cite it.
pub const REFUSED: &[(&str, &str, &str)] = &[
    ("*", "on*", "runs: an event handler"),
    ("*", "background", "loads: a legacy background image"),
    ("*", "xlink:href", "loads or navigates, by SVG's rules"),
    ("*", "itemtype", "a URL for page code to read"),
    ("a", "ping", "sends a request to each URL on a click"),
    ("a", "download", "saves what the link names"),
    ("a", "target", "navigates another window or frame"),
    ("a", "rel", "`opener` hands the page's window to the site"),
    ("img", "srcset", "loads"),
    ("img", "sizes", "picks what srcset loads"),
    ("img", "usemap", "links an image map"),
    ("img", "crossorigin", "changes how src is requested"),
    ("input", "src", "loads (type=image)"),
    ("input", "formaction", "submits elsewhere"),
    ("input", "form", "joins a form elsewhere in the page"),
    ("button", "formaction", "submits elsewhere"),
    ("button", "formtarget", "submits into another window"),
    ("form", "action", "submits elsewhere"),
    ("form", "target", "submits into another window"),
    ("video", "poster", "loads"),
    ("video", "src", "loads"),
    ("audio", "src", "loads"),
    ("source", "src", "loads"),
    ("source", "srcset", "loads"),
    ("track", "src", "loads"),
    ("object", "data", "loads and runs"),
    ("embed", "src", "loads and runs"),
    ("iframe", "src", "loads and runs"),
    ("iframe", "srcdoc", "runs"),
    ("link", "href", "loads"),
    ("base", "href", "changes where every relative URL points"),
    ("meta", "http-equiv", "refresh navigates; CSP and cookies"),
    ("blockquote", "cite", "a URL for page code to read"),
    ("svg:image", "href", "loads"),
    ("svg:use", "href", "loads"),
    ("svg:feImage", "href", "loads"),
    ("svg:a", "href", "navigates"),
    (
        "svg:animate",
        "attributeName",
        "changes another element's attribute (href)",
    ),
    (
        "svg:set",
        "to",
        "changes another element's attribute (href)",
    ),
    ("svg:script", "href", "loads and runs"),
];

/// The table the content script is generated from (`paranoidPolicy().dom`): per element, its
/// attributes and what each value means.
pub fn tables() -> Value {
    let mut attributes = Map::new();
    for a in ATTRIBUTES {
        let entry = attributes
            .entry(a.element)
            .or_insert_with(|| Value::Object(Map::new()));
        let meaning = match a.meaning {
            OneOf(words) => json!({ "kind": "one-of", "words": words }),
            other => json!({ "kind": other }),
        };
        entry
            .as_object_mut()
            .expect("an object")
            .insert(a.name.into(), meaning);
    }
    json!({
        "tags": TAGS,
        "dropped": DROPPED,
        "sealed": SEALED,
        "attributes": attributes,
        "attributePrefixes": ATTRIBUTE_PREFIXES,
        "navigateSchemes": NAVIGATE_SCHEMES,
        "inlineImageTypes": INLINE_IMAGE_TYPES,
        "events": EVENTS,
        "pressEvents": PRESS_EVENTS,
        "pressEventFields": PRESS_EVENT_FIELDS,
        "scrollEventMs": SCROLL_EVENT_MS,
        "limits": {
            "handles": HANDLES_MAX,
            "results": QUERY_RESULTS_MAX,
            "listeners": LISTENERS_MAX,
            "selector": SELECTOR_MAX,
            "text": TEXT_MAX,
            "eventValue": EVENT_VALUE_MAX,
            "replicaNodes": REPLICA_NODES_MAX,
            "replicaOpsPerMessage": REPLICA_OPS_PER_MESSAGE,
            "replicaMessageChars": REPLICA_MESSAGE_CHARS,
            "pressesPerSecond": PRESSES_PER_SECOND,
            "pressFieldChars": PRESS_FIELD_CHARS,
        },
        "refused": REFUSED.iter().map(|(element, name, why)| json!({ "element": element, "name": name, "why": why })).collect::<Vec<_>>(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pair_is_listed_once_and_never_refused() {
        let mut pairs: Vec<(&str, &str)> = ATTRIBUTES.iter().map(|a| (a.element, a.name)).collect();
        pairs.sort_unstable();
        let before = pairs.len();
        pairs.dedup();
        assert_eq!(
            before,
            pairs.len(),
            "an (element, attribute) pair is listed twice"
        );
        for (element, name, _) in REFUSED {
            assert!(
                !ATTRIBUTES
                    .iter()
                    .any(|a| a.name == *name && (a.element == *element || a.element == "*")),
                "{element} {name} is both allowed and refused"
            );
        }
    }

    #[test]
    fn nothing_that_loads_runs_or_submits_is_made_or_writable() {
        for tag in [
            "script", "style", "iframe", "object", "embed", "link", "base", "meta", "form",
        ] {
            assert!(!TAGS.contains(&tag), "{tag} can be made");
            assert!(DROPPED.contains(&tag), "{tag} is not dropped");
        }
        for tag in [
            "script", "style", "iframe", "object", "embed", "link", "base", "meta",
        ] {
            assert!(SEALED.contains(&tag), "{tag} is not sealed");
        }
        for tag in TAGS {
            assert!(!DROPPED.contains(tag) && !SEALED.contains(tag), "{tag}");
        }
        for a in ATTRIBUTES {
            assert!(
                a.element == "*" || TAGS.contains(&a.element),
                "{} is not a tag markup may make",
                a.element
            );
            assert!(!a.name.starts_with("on"), "{} is a handler", a.name);
            assert_eq!(a.name, a.name.to_ascii_lowercase());
            if matches!(a.name, "href" | "src") {
                assert!(
                    matches!(a.meaning, Navigate | InlineImage),
                    "{} {}",
                    a.element,
                    a.name
                );
            }
        }
        assert!(!INPUT_TYPES
            .iter()
            .any(|t| matches!(*t, "image" | "submit" | "file" | "hidden" | "password")));
    }
}
