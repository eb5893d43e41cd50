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

/// Every grant Paranoid can give. All of them are asynchronous calls across the sandbox.
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
        name: "paranoid.dom.read",
        means: "read the text, attributes and your input on the pages it runs on",
    },
    Grant {
        name: "paranoid.dom.write",
        means: "change the text, attributes and elements of the pages it runs on (never scripts, event handlers or images from other sites)",
    },
];

/// The grant named `name`, if Paranoid has one by that name.
pub fn grant(name: &str) -> Option<&'static Grant> {
    GRANTS.iter().find(|g| g.name == name)
}

/// Why a grant that is not in [`GRANTS`] is not given, in words for the script's author.
pub fn refusal(name: &str) -> String {
    match name {
        "unsafeWindow" => {
            "`unsafeWindow` is never given: it is the page's own window, and with it the script \
             would run with the page's powers"
                .into()
        }
        "window.close" | "window.focus" | "window.onurlchange" => {
            format!("`{name}` is not provided: the script has no window of the page")
        }
        _ => match name.strip_prefix("GM_") {
            Some(rest) => {
                let modern = modern_name(rest);
                if grant(&modern).is_some() {
                    format!(
                        "`{name}` is the older synchronous API, which is not provided (only \
                         asynchronous calls cross the sandbox): ask for `{modern}` and call it \
                         with `await`"
                    )
                } else {
                    format!("`{name}` is not provided")
                }
            }
            None => format!("`{name}` is not a grant Paranoid knows; it is not given"),
        },
    }
}

/// `GM_getValue` → `GM.getValue`, `GM_xmlhttpRequest` → `GM.xmlHttpRequest`.
fn modern_name(rest: &str) -> String {
    match rest {
        "xmlhttpRequest" => "GM.xmlHttpRequest".into(),
        _ => format!("GM.{rest}"),
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
    fn refusals_say_what_to_ask_for_instead() {
        assert!(refusal("GM_getValue").contains("`GM.getValue`"));
        assert!(refusal("GM_xmlhttpRequest").contains("`GM.xmlHttpRequest`"));
        assert!(refusal("GM_registerMenuCommand").contains("not provided"));
        assert!(refusal("unsafeWindow").contains("never given"));
        assert!(refusal("GM.cookie").contains("not a grant"));
    }
}
