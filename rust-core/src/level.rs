//! The ECMAScript edition a script may use. The design limits syntax to a known edition
//! (docs/design.md, "Three layers, each standing alone"); every construct in the syntax allowlist names the edition that introduced it.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

/// An ECMAScript edition, oldest first, so that `a <= b` means "a is no newer than b".
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EsLevel {
    Es5,
    Es2015,
    Es2016,
    Es2017,
    Es2018,
    Es2019,
    Es2020,
    Es2021,
    Es2022,
    Es2023,
    Es2024,
    Es2025,
    Es2026,
}

impl EsLevel {
    /// Every level, oldest first.
    pub const ALL: [EsLevel; 13] = [
        EsLevel::Es5,
        EsLevel::Es2015,
        EsLevel::Es2016,
        EsLevel::Es2017,
        EsLevel::Es2018,
        EsLevel::Es2019,
        EsLevel::Es2020,
        EsLevel::Es2021,
        EsLevel::Es2022,
        EsLevel::Es2023,
        EsLevel::Es2024,
        EsLevel::Es2025,
        EsLevel::Es2026,
    ];

    /// The default: all standard script syntax up to ES2023. The newer levels (RegExp `v`
    /// flag, duplicate named groups, modifiers, `using`) are chosen explicitly: both browsers
    /// ship them, older ones do not.
    pub const DEFAULT: EsLevel = EsLevel::Es2023;

    pub fn name(self) -> &'static str {
        match self {
            EsLevel::Es5 => "es5",
            EsLevel::Es2015 => "es2015",
            EsLevel::Es2016 => "es2016",
            EsLevel::Es2017 => "es2017",
            EsLevel::Es2018 => "es2018",
            EsLevel::Es2019 => "es2019",
            EsLevel::Es2020 => "es2020",
            EsLevel::Es2021 => "es2021",
            EsLevel::Es2022 => "es2022",
            EsLevel::Es2023 => "es2023",
            EsLevel::Es2024 => "es2024",
            EsLevel::Es2025 => "es2025",
            EsLevel::Es2026 => "es2026",
        }
    }
}

impl Default for EsLevel {
    fn default() -> Self {
        EsLevel::DEFAULT
    }
}

impl fmt::Display for EsLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for EsLevel {
    type Err = String;

    /// Accepts `es5`, `es2015` … `es2026`, and the edition numbers `es6` … `es17`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.to_ascii_lowercase();
        let alias = match lower.as_str() {
            "es6" => "es2015",
            "es7" => "es2016",
            "es8" => "es2017",
            "es9" => "es2018",
            "es10" => "es2019",
            "es11" => "es2020",
            "es12" => "es2021",
            "es13" => "es2022",
            "es14" => "es2023",
            "es15" => "es2024",
            "es16" => "es2025",
            "es17" => "es2026",
            other => other,
        };
        EsLevel::ALL
            .into_iter()
            .find(|l| l.name() == alias)
            .ok_or_else(|| {
                format!("unknown ECMAScript level `{s}` (expected es5, es2015 … es2026)")
            })
    }
}
