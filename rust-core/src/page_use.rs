//! What of the page a userscript's code reaches for, read from its free names against the
//! policy's tables ([`PAGE_WRITES`], [`PAGE_READS_ONLY`]): the install page's "reads this page" and
//! "changes this page", ticked for the user to confirm or deny. It runs no code and decides
//! nothing by itself: the content script gives a replica and applies changes only as the
//! stored answer says.

use crate::diagnostic::Diagnostic;
use crate::policy::dom::{PAGE_READS_ONLY, PAGE_WRITES};
use crate::source::LineIndex;

/// The answer for one script (or one `@require`).
#[derive(Debug, PartialEq, Eq)]
pub struct PageUse {
    pub reads: bool,
    pub writes: bool,
    /// The free names of the tables that the code uses, in order, for the install page to show.
    pub names: Vec<String>,
}

/// Reads `source` (which must parse; vetting is the caller's other step) for its page names.
pub fn page_use(source: &str) -> Result<PageUse, Vec<Diagnostic>> {
    let lines = LineIndex::new(source);
    crate::guarded(&lines, || {
        let mut parsed = crate::parse::parse(source, &lines)?;
        let free = crate::verify::free_names(&mut parsed.script);
        let names: Vec<String> = free
            .into_iter()
            .filter(|n| PAGE_WRITES.contains(&n.as_str()) || PAGE_READS_ONLY.contains(&n.as_str()))
            .collect();
        Ok(PageUse {
            reads: !names.is_empty(),
            writes: names.iter().any(|n| PAGE_WRITES.contains(&n.as_str())),
            names,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::page_use;

    #[track_caller]
    fn uses(source: &str) -> (bool, bool, Vec<String>) {
        let u = page_use(source).expect("parses");
        (u.reads, u.writes, u.names)
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
    fn code_that_does_not_parse_is_an_error() {
        assert!(page_use("let let = 1;").is_err());
    }
}
