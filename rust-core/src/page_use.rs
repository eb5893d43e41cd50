//! What of the page a userscript's code reaches for, read from its free names against the
//! policy's tables ([`PAGE_WRITES`], [`PAGE_READS_ONLY`], [`PAGE_REQUEST_NAMES`], the navigation
//! tables): the install page's "reads this page", "changes this page", "sends requests" and
//! "opens pages", ticked for the user to confirm or deny. It runs no code and decides nothing by
//! itself: the content script and the sandbox give each power only as the stored answer says,
//! so a guess that misses a use makes that use fail with its name, never succeed.

use swc_common::SyntaxContext;
use swc_ecma_ast::*;
use swc_ecma_visit::{Visit, VisitWith};

use crate::diagnostic::Diagnostic;
use crate::policy::dom::{
    PAGE_HISTORY_CALLS, PAGE_NAVIGATE_CALLS, PAGE_NAVIGATE_PARTS, PAGE_PRESS_CALLS,
    PAGE_READS_ONLY, PAGE_REQUEST_JQUERY, PAGE_REQUEST_NAMES, PAGE_WINDOW_NAMES, PAGE_WRITES,
};
use crate::source::LineIndex;

/// The answer for one script (or one `@require`).
#[derive(Debug, PartialEq, Eq)]
pub struct PageUse {
    pub reads: bool,
    pub writes: bool,
    /// It sends requests with `fetch`, `XMLHttpRequest` or jQuery's request calls.
    pub requests: bool,
    /// It assigns `location`, calls `location.assign`/`replace`/`reload`, or `open`s a window.
    pub navigates: bool,
    /// It clicks, focuses or sends events to elements ([`PAGE_PRESS_CALLS`]).
    pub presses: bool,
    /// Why, in order: the free names of the tables that the code uses, then how it requests and
    /// navigates (`$.ajax`, `location.href =`, `window.open`), for the install page to show.
    pub names: Vec<String>,
}

/// Reads `source` (which must parse; vetting is the caller's other step) for its page names.
pub fn page_use(source: &str) -> Result<PageUse, Vec<Diagnostic>> {
    let lines = LineIndex::new(source);
    crate::guarded(&lines, || {
        // Read as a userscript's body (a top-level `return` allowed), which the script is; a
        // `@require` read so too has the same free names.
        let mut parsed = crate::parse::parse_userscript(source, &lines)?;
        let unresolved = crate::verify::resolve(&mut parsed.script);
        let free = crate::verify::free_names_resolved(&parsed.script, unresolved);
        let mut names: Vec<String> = free
            .iter()
            .filter(|n| PAGE_WRITES.contains(&n.as_str()) || PAGE_READS_ONLY.contains(&n.as_str()))
            .cloned()
            .collect();
        let reads = !names.is_empty();
        let writes = names.iter().any(|n| PAGE_WRITES.contains(&n.as_str()));
        let mut uses = Uses {
            unresolved,
            requests: free
                .iter()
                .filter(|n| PAGE_REQUEST_NAMES.contains(&n.as_str()))
                .cloned()
                .collect(),
            navigations: Vec::new(),
            presses: Vec::new(),
        };
        parsed.script.visit_with(&mut uses);
        let requests = !uses.requests.is_empty();
        let navigates = !uses.navigations.is_empty();
        let presses = !uses.presses.is_empty();
        for n in uses
            .requests
            .into_iter()
            .chain(uses.navigations)
            .chain(uses.presses)
        {
            if !names.contains(&n) {
                names.push(n);
            }
        }
        Ok(PageUse {
            reads,
            writes,
            requests,
            navigates,
            presses,
            names,
        })
    })
}

/// The requests, navigations and presses a script's code spells out, by what each looks like.
struct Uses {
    unresolved: SyntaxContext,
    requests: Vec<String>,
    navigations: Vec<String>,
    presses: Vec<String>,
}

impl Uses {
    /// A global of the page's (not a binding of the script's own) named one of `names`.
    fn global<'a>(&self, e: &'a Expr, names: &[&str]) -> Option<&'a str> {
        match e {
            Expr::Ident(i) if i.ctxt == self.unresolved && names.contains(&&*i.sym) => Some(&i.sym),
            Expr::Paren(p) => self.global(&p.expr, names),
            _ => None,
        }
    }

    /// `location`, or `anything.location` (`window.location`, `document.location`).
    fn is_location(&self, e: &Expr) -> bool {
        match e {
            Expr::Paren(p) => self.is_location(&p.expr),
            Expr::Member(m) => prop_name(&m.prop) == Some("location"),
            _ => self.global(e, &["location"]).is_some(),
        }
    }

    /// `history`, or the window's (`window.history`): a router's own `this.history` is not the
    /// tab's. A call through another alias is not seen, and then throws, naming the power.
    fn is_history(&self, e: &Expr) -> bool {
        match e {
            Expr::Paren(p) => self.is_history(&p.expr),
            Expr::Member(m) => {
                prop_name(&m.prop) == Some("history")
                    && self.global(&m.obj, PAGE_WINDOW_NAMES).is_some()
            }
            _ => self.global(e, &["history"]).is_some(),
        }
    }

    fn note(list: &mut Vec<String>, what: String) {
        if !list.contains(&what) {
            list.push(what);
        }
    }
}

fn prop_name(p: &MemberProp) -> Option<&str> {
    match p {
        MemberProp::Ident(i) => Some(&i.sym),
        MemberProp::Computed(c) => match &*c.expr {
            Expr::Lit(Lit::Str(s)) => s.value.as_str(),
            _ => None,
        },
        MemberProp::PrivateName(_) => None,
    }
}

impl Visit for Uses {
    fn visit_assign_expr(&mut self, n: &AssignExpr) {
        let target = match &n.left {
            AssignTarget::Simple(SimpleAssignTarget::Ident(i)) => (i.ctxt == self.unresolved
                && &*i.sym == "location")
                .then(|| "location =".to_string()),
            AssignTarget::Simple(SimpleAssignTarget::Member(m)) => {
                let part = prop_name(&m.prop);
                if part == Some("location") {
                    Some("location =".to_string())
                } else if self.is_location(&m.obj)
                    && part.is_some_and(|p| PAGE_NAVIGATE_PARTS.contains(&p))
                {
                    Some(format!("location.{} =", part.unwrap_or_default()))
                } else {
                    None
                }
            }
            _ => None,
        };
        if let Some(t) = target {
            Self::note(&mut self.navigations, t);
        }
        n.visit_children_with(self);
    }

    fn visit_call_expr(&mut self, n: &CallExpr) {
        if let Callee::Expr(callee) = &n.callee {
            match &**callee {
                Expr::Member(m) => {
                    let name = prop_name(&m.prop).unwrap_or_default();
                    if self.is_location(&m.obj) && PAGE_NAVIGATE_CALLS.contains(&name) {
                        Self::note(&mut self.navigations, format!("location.{name}()"));
                    } else if self.is_history(&m.obj) && PAGE_HISTORY_CALLS.contains(&name) {
                        Self::note(&mut self.navigations, format!("history.{name}()"));
                    } else if name == "open" && self.global(&m.obj, PAGE_WINDOW_NAMES).is_some() {
                        Self::note(&mut self.navigations, "window.open".into());
                    } else if PAGE_REQUEST_NAMES.contains(&name)
                        && self.global(&m.obj, PAGE_WINDOW_NAMES).is_some()
                    {
                        Self::note(&mut self.requests, name.into());
                    } else if let Some(j) = self.global(&m.obj, &["$", "jQuery"]) {
                        if PAGE_REQUEST_JQUERY.contains(&name) {
                            Self::note(&mut self.requests, format!("{j}.{name}"));
                        }
                    } else if PAGE_PRESS_CALLS.contains(&name)
                        && (n.args.is_empty() || !matches!(name, "click" | "submit"))
                    {
                        Self::note(&mut self.presses, format!(".{name}()"));
                    }
                }
                e if self.global(e, &["open"]).is_some() => {
                    Self::note(&mut self.navigations, "window.open".into());
                }
                _ => {}
            }
        }
        n.visit_children_with(self);
    }

    fn visit_new_expr(&mut self, n: &NewExpr) {
        if let Expr::Member(m) = &*n.callee {
            if prop_name(&m.prop) == Some("XMLHttpRequest")
                && self.global(&m.obj, PAGE_WINDOW_NAMES).is_some()
            {
                Self::note(&mut self.requests, "XMLHttpRequest".into());
            }
        }
        n.visit_children_with(self);
    }
}

#[cfg(test)]
mod tests {
    use super::page_use;

    #[track_caller]
    fn uses(source: &str) -> (bool, bool, Vec<String>) {
        let u = page_use(source).expect("parses");
        (u.reads, u.writes, u.names)
    }

    #[track_caller]
    fn requests_and_navigates(source: &str) -> (bool, bool) {
        let u = page_use(source).expect("parses");
        (u.requests, u.navigates)
    }

    #[test]
    fn a_script_that_touches_nothing_of_the_page_asks_for_nothing() {
        assert_eq!(
            uses("const x = 1; console.log(x + Math.max(1, 2));"),
            (false, false, vec![])
        );
        // Its own bindings named like the page's are not the page's.
        assert_eq!(
            uses("function f(document) { return document.title; } let location = 1;"),
            (false, false, vec![])
        );
    }

    #[test]
    fn the_url_alone_is_a_read() {
        assert_eq!(
            uses("if (location.pathname === '/') console.log(1);"),
            (true, false, vec!["location".into()])
        );
    }

    #[test]
    fn the_document_or_jquery_is_a_change_too() {
        assert_eq!(
            uses("document.querySelectorAll('.ad').forEach((e) => e.remove());"),
            (true, true, vec!["document".into()])
        );
        assert_eq!(
            uses("$(function () { $('.x').hide(); });"),
            (true, true, vec!["$".into()])
        );
        assert_eq!(
            uses("new MutationObserver(() => {}).observe(document.body, { childList: true });").2,
            vec!["MutationObserver".to_string(), "document".into()]
        );
    }

    #[test]
    fn the_viewport_is_a_read_and_scrolling_a_change() {
        let (reads, writes, _) = uses("if (innerHeight + scrollY >= 1000) console.log(1);");
        assert!(reads && !writes);
        assert_eq!(
            uses("scrollTo(0, 0);"),
            (true, true, vec!["scrollTo".into()])
        );
    }

    #[test]
    fn code_that_does_not_parse_is_an_error() {
        assert!(page_use("let let = 1;").is_err());
    }

    #[test]
    fn requests_are_fetch_xhr_and_jquery_calls() {
        for source in [
            "fetch('/api').then((r) => r.json());",
            "const x = new XMLHttpRequest(); x.open('GET', '/a');",
            "window.fetch('/api');",
            "new window.XMLHttpRequest();",
            "$.getJSON('/api', (d) => d);",
            "jQuery.ajax({ url: '/a' });",
        ] {
            assert_eq!(requests_and_navigates(source), (true, false), "{source}");
        }
        // The script's own `fetch`, and a jQuery call that sends nothing, are not requests.
        for source in [
            "function fetch(u) { return u; } fetch('/a');",
            "$('.x').get(0);",
            "$.each([1], (i) => i);",
        ] {
            assert!(!requests_and_navigates(source).0, "{source}");
        }
    }

    #[test]
    fn pressing_is_clicking_focusing_or_sending_events() {
        let presses = |source: &str| page_use(source).expect("parses").presses;
        for source in [
            "document.querySelector('button.more').click();",
            "$('#next').click();",
            "$(el).trigger('click');",
            "input.focus({ preventScroll: true });",
            "field.blur();",
            "el.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));",
            "form.requestSubmit();",
            "document.forms[0].submit();",
        ] {
            assert!(presses(source), "{source}");
        }
        // jQuery's listening forms take an argument; other names act on nothing of the page's.
        for source in [
            "$('#next').click(() => console.log('hi'));",
            "$('form').submit(function (e) { e.preventDefault(); });",
            "button.addEventListener('click', go);",
            "el.onclick = go;",
        ] {
            assert!(!presses(source), "{source}");
        }
        let u = page_use("document.body.querySelector('a').click();").unwrap();
        assert_eq!(u.names, vec!["document".to_string(), ".click()".into()]);
    }

    #[test]
    fn navigation_is_assigning_location_or_opening_a_window() {
        for source in [
            "location = '/next';",
            "location.href = 'https://other.example/';",
            "window.location.href = '/b';",
            "document.location.search = '?q=1';",
            "window.location = '/c';",
            "location.assign('/d');",
            "location.replace('/e');",
            "location.reload();",
            "window.open('https://example.com/');",
            "open('/x');",
            "top.location['href'] = '/y';",
            "history.replaceState(null, '', location.pathname);",
            "window.history.pushState({}, '', '/z');",
            "history.back();",
            "(history).go(-1);",
        ] {
            assert_eq!(requests_and_navigates(source), (false, true), "{source}");
        }
        // Reading the address is not navigating; nor is a binding of the script's own.
        for source in [
            "if (location.href.includes('x')) console.log(location.pathname);",
            "const u = new URL(window.location.href);",
            "let location = {}; location.href = 'x';",
            "function open() {} open();",
            "dialog.open();",
            // Wrapping pushState to hear the site's own moves calls none of the tab's.
            "const push = history.pushState; history.pushState = function () { push.apply(this, arguments); };",
            "let history = { back() {} }; history.back();",
            "this.history.go(-1); router.history.push('/x');",
        ] {
            assert!(!requests_and_navigates(source).1, "{source}");
        }
        let u = page_use("location.href = '/x'; window.open('/y');").unwrap();
        assert_eq!(
            u.names,
            vec![
                "location".to_string(),
                "window".into(),
                "location.href =".into(),
                "window.open".into()
            ]
        );
    }
}
