//! The `@grant` values a userscript may ask for: an allowlist, with the plain words the install
//! page shows for each. Anything else is never given (a warning says why). Policy data: the
//! extension's JS gets this table through `paranoid policy` (generated into
//! `sandbox-page/policy.js`), never a copy of its own.

use serde::Serialize;

/// One capability a userscript can be granted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Grant {
    /// As written after `@grant`.
    pub name: &'static str,
    /// What the user is told it lets the script do.
    pub means: &'static str,
}

/// Every grant Paranoid can give. Each is a capability whose calls cross the sandbox
/// asynchronously; the synchronous `GM_*` spellings of [`SPELLINGS`] are served from what the
/// sandbox was given at its start (a snapshot of the values, the resources' text) and write
/// through.
pub const GRANTS: &[Grant] = &[
    Grant {
        name: "GM.info",
        means: "read its own name, version and metadata",
    },
    Grant {
        name: "GM.getValue",
        means: "read values it stored (its own storage only)",
    },
    Grant {
        name: "GM.setValue",
        means: "store values (its own storage only)",
    },
    Grant {
        name: "GM.deleteValue",
        means: "delete values it stored",
    },
    Grant {
        name: "GM.listValues",
        means: "list the names of values it stored",
    },
    Grant {
        name: "GM.getResourceText",
        means: "read the files it lists under @resource (downloaded once, at install)",
    },
    Grant {
        name: "GM.xmlHttpRequest",
        means: "send web requests, only to the hosts listed under @connect that you approve",
    },
    Grant {
        name: "GM.notification",
        means: "show desktop notifications",
    },
    Grant {
        name: "GM.setClipboard",
        means: "replace what is on your clipboard",
    },
    Grant {
        name: "GM.openInTab",
        means: "open web pages (http and https) in new tabs",
    },
    Grant {
        name: "GM.addStyle",
        means: "add CSS styles to the pages it runs on (CSS can load images from any site)",
    },
    Grant {
        name: "GM.addElement",
        means: "add elements to the pages it runs on, as a change to the page (never scripts, event handlers or anything that loads from another site; a <style> only if nothing in it loads)",
    },
    Grant {
        name: "GM.addValueChangeListener",
        means: "be told when its stored values change, in this tab or another",
    },
    Grant {
        name: "GM.registerMenuCommand",
        means: "add commands to Paranoid's menu for the pages it runs on",
    },
    Grant {
        name: "GM.log",
        means: "write to the browser's console on the pages it runs on",
    },
    Grant {
        name: "window.onurlchange",
        means: "be told when the page's address changes without a new page load (a single-page site moving on)",
    },
    Grant {
        name: "paranoid.dom.read",
        means: "read the text, attributes and your input on the pages it runs on",
    },
    Grant {
        name: "paranoid.dom.write",
        means: "change the text, attributes and elements of the pages it runs on (never scripts, event handlers or images from other sites)",
    },
];

/// The older names scripts are written against (Greasemonkey 3, Tampermonkey, Violentmonkey),
/// each with the grant it is a spelling of: `@grant GM_getValue` gives `GM.getValue`, and a
/// script given a grant gets both names (the same capability, so nothing more).
pub const SPELLINGS: &[(&str, &str)] = &[
    ("GM_info", "GM.info"),
    ("GM_getValue", "GM.getValue"),
    ("GM_setValue", "GM.setValue"),
    ("GM_deleteValue", "GM.deleteValue"),
    ("GM_listValues", "GM.listValues"),
    ("GM_getResourceText", "GM.getResourceText"),
    ("GM_xmlhttpRequest", "GM.xmlHttpRequest"),
    ("GM_notification", "GM.notification"),
    ("GM_setClipboard", "GM.setClipboard"),
    ("GM_openInTab", "GM.openInTab"),
    ("GM_addStyle", "GM.addStyle"),
    ("GM_addElement", "GM.addElement"),
    ("GM_addValueChangeListener", "GM.addValueChangeListener"),
    ("GM_removeValueChangeListener", "GM.addValueChangeListener"),
    ("GM_registerMenuCommand", "GM.registerMenuCommand"),
    ("GM_unregisterMenuCommand", "GM.registerMenuCommand"),
    ("GM_log", "GM.log"),
];

/// Calls that are not grants of their own but come with one: aborting a request with making
/// it, removing a menu command with adding it. The content script and the background both
/// check a call's grant through this table.
pub const CALLS_WITH_GRANT: &[(&str, &str)] = &[
    ("GM.xmlHttpRequest.abort", "GM.xmlHttpRequest"),
    // `GM_addElement('style', …)`: a style, read as GM.addStyle reads one.
    ("GM.addElement.style", "GM.addElement"),
    ("GM.unregisterMenuCommand", "GM.registerMenuCommand"),
];

/// Calls every script may make without a grant: writing its own `localStorage` and
/// `sessionStorage` (which natively need none; the content script reads them for it as it
/// starts, `paranoid:us-storage`). They reach only the script's own storage for the page's
/// origin, which the background takes from the sender.
pub const CALLS_FOR_EVERY_SCRIPT: &[&str] = &["storage.write"];

/// Calls that a power over the page gives too, without their grant (`record.page`, asked on
/// the install page from what the code uses): the page's `fetch` and `XMLHttpRequest` are
/// `GM.xmlHttpRequest`s under the same `@connect` check, and `window.open` opens a tab as
/// `GM.openInTab` does, within its limit. Checked by the content script and the background
/// beside [`CALLS_WITH_GRANT`].
pub const CALLS_WITH_PAGE: &[(&str, &str)] = &[
    ("GM.xmlHttpRequest", "requests"),
    ("GM.xmlHttpRequest.abort", "requests"),
    ("GM.openInTab", "navigate"),
];

/// The grant named `name`, if Paranoid has one by that name or spelling.
pub fn grant(name: &str) -> Option<&'static Grant> {
    let name = SPELLINGS
        .iter()
        .find(|(old, _)| *old == name)
        .map_or(name, |(_, grant)| grant);
    GRANTS.iter().find(|g| g.name == name)
}

/// Why a grant that is not in [`GRANTS`] is not given, in words for the script's author.
pub fn refusal(name: &str) -> String {
    match name {
        "unsafeWindow" => {
            "`unsafeWindow` is the script's own window, never the page's (with it the script \
             would run with the page's powers): reading the page's own JavaScript objects \
             through it throws"
                .into()
        }
        "window.close" | "window.focus" => {
            format!("`{name}` is not provided: the script has no window of the page")
        }
        "GM_getResourceURL" | "GM.getResourceUrl" => format!(
            "`{name}` is not provided: a resource's URL would let the page load it; read it \
             with `GM_getResourceText` instead"
        ),
        "GM_cookie" | "GM.cookie" => format!(
            "`{name}` is not provided: it would read the site's cookies, which no script is given"
        ),
        _ if name.starts_with("GM_") || name.starts_with("GM.") => {
            format!("`{name}` is not provided")
        }
        _ => format!("`{name}` is not a grant Paranoid knows; it is not given"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_names_each_grant_once() {
        for (i, g) in GRANTS.iter().enumerate() {
            assert!(GRANTS[..i].iter().all(|o| o.name != g.name), "{}", g.name);
            assert!(!g.means.is_empty());
        }
        assert!(grant("GM.getValue").is_some());
        assert!(grant("gm.getvalue").is_none());
    }

    #[test]
    fn every_spelling_names_a_grant_and_no_grant_name() {
        for (old, new) in SPELLINGS {
            assert!(old.starts_with("GM_"), "{old}");
            assert!(GRANTS.iter().all(|g| g.name != *old), "{old}");
            assert_eq!(grant(old).map(|g| g.name), Some(*new), "{old}");
        }
        assert_eq!(
            grant("GM_xmlhttpRequest").unwrap().name,
            "GM.xmlHttpRequest"
        );
        for (call, of) in CALLS_WITH_GRANT {
            assert!(grant(call).is_none() && grant(of).is_some(), "{call}");
        }
        for (call, power) in CALLS_WITH_PAGE {
            let needs = CALLS_WITH_GRANT
                .iter()
                .find(|(c, _)| c == call)
                .map_or(*call, |(_, g)| g);
            assert!(
                grant(needs).is_some() && ["requests", "navigate"].contains(power),
                "{call}"
            );
        }
    }

    #[test]
    fn refusals_say_why() {
        assert!(refusal("GM_getResourceURL").contains("GM_getResourceText"));
        assert!(refusal("GM_cookie").contains("cookies"));
        assert!(refusal("GM_download").contains("not provided"));
        assert!(refusal("unsafeWindow").contains("never the page's"));
        assert!(refusal("GM.foo").contains("not provided"));
        assert!(refusal("window.foo").contains("not a grant"));
    }
}
