//! Rule options (`-o key=value`), declared once per game and checked by shared code, so that
//! every game reports unknown keys and bad values the same way.

use std::fmt;

/// One option a game accepts, for validation, `tabla rules` and the web page's forms.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    /// The key as written on the command line.
    pub key: &'static str,
    /// The values it takes, for people (`6, any 4–26`, `off / on`).
    pub values: &'static str,
    /// The default, for people (`6`, `off`, `the set-up's count`).
    pub default: &'static str,
    /// One line on what it does.
    pub help: &'static str,
    /// For options with a closed set of values: those values (default first); empty otherwise.
    pub choices: &'static [&'static str],
}

/// A rule option problem: what was wrong and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionError(pub String);

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for OptionError {}

/// The options a game was asked for, checked against its [`OptionSpec`]s.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameOptions {
    pairs: Vec<(String, String)>,
}

impl GameOptions {
    /// Checks `pairs` against `specs`: every key must be declared, given at most once, and
    /// a closed-choice option must take one of its values.
    ///
    /// # Errors
    /// Names the bad key or value and lists what is accepted.
    pub fn new(specs: &[OptionSpec], pairs: &[(String, String)]) -> Result<Self, OptionError> {
        let mut out: Vec<(String, String)> = Vec::new();
        for (k, v) in pairs {
            let key = k.trim().to_ascii_lowercase();
            let value = v.trim().to_string();
            let Some(spec) = specs.iter().find(|s| s.key == key) else {
                let known: Vec<&str> = specs.iter().map(|s| s.key).collect();
                return Err(OptionError(format!(
                    "unknown option '{k}'; this game's options are: {}",
                    if known.is_empty() { "none".to_string() } else { known.join(", ") }
                )));
            };
            if out.iter().any(|(k2, _)| *k2 == key) {
                return Err(OptionError(format!("option '{key}' is given twice")));
            }
            let value = if spec.choices.is_empty() {
                value
            } else {
                let lower = value.to_ascii_lowercase();
                if !spec.choices.contains(&lower.as_str()) {
                    return Err(OptionError(format!(
                        "option {key}={value}: expected one of {}",
                        spec.choices.join(", ")
                    )));
                }
                lower
            };
            out.push((key, value));
        }
        Ok(GameOptions { pairs: out })
    }

    /// Parses `key=value` words as given on the command line.
    ///
    /// # Errors
    /// A word without `=`, then anything [`GameOptions::new`] refuses.
    pub fn parse(specs: &[OptionSpec], words: &[String]) -> Result<Self, OptionError> {
        let mut pairs = Vec::new();
        for w in words {
            let Some((k, v)) = w.split_once('=') else {
                return Err(OptionError(format!("option '{w}' should look like KEY=VALUE")));
            };
            pairs.push((k.to_string(), v.to_string()));
        }
        Self::new(specs, &pairs)
    }

    /// The value given for `key`, if any.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// Whether `key` was given.
    pub fn is_set(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    /// The options as given, in order, checked.
    pub fn pairs(&self) -> &[(String, String)] {
        &self.pairs
    }

    /// A closed-choice value (already validated), or `default`.
    pub fn choice<'a>(&'a self, key: &str, default: &'a str) -> &'a str {
        self.get(key).unwrap_or(default)
    }

    /// An `on`/`off` value, or `default`.
    pub fn flag(&self, key: &str, default: bool) -> bool {
        match self.get(key) {
            Some(v) => v == "on",
            None => default,
        }
    }

    /// An integer in `lo..=hi`, or `None` when not given.
    ///
    /// # Errors
    /// Not a whole number, or out of range.
    pub fn int(&self, key: &str, lo: i64, hi: i64) -> Result<Option<i64>, OptionError> {
        let Some(v) = self.get(key) else { return Ok(None) };
        match v.parse::<i64>() {
            Ok(n) if (lo..=hi).contains(&n) => Ok(Some(n)),
            _ => Err(OptionError(format!(
                "option {key}={v}: expected a whole number from {lo} to {hi}"
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[OptionSpec] = &[
        OptionSpec { key: "size", values: "4-26", default: "6", help: "", choices: &[] },
        OptionSpec {
            key: "killer",
            values: "off/on",
            default: "off",
            help: "",
            choices: &["off", "on"],
        },
    ];

    fn words(w: &[&str]) -> Vec<String> {
        w.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn checks_keys_values_and_ranges() {
        let o = GameOptions::parse(SPECS, &words(&["size=10", "killer=ON"])).unwrap();
        assert_eq!(o.int("size", 4, 26).unwrap(), Some(10));
        assert!(o.flag("killer", false));
        assert!(GameOptions::parse(SPECS, &words(&["colour=red"]))
            .unwrap_err()
            .0
            .contains("size, killer"));
        assert!(GameOptions::parse(SPECS, &words(&["killer=maybe"]))
            .unwrap_err()
            .0
            .contains("off, on"));
        assert!(GameOptions::parse(SPECS, &words(&["size"])).is_err());
        assert!(GameOptions::parse(SPECS, &words(&["size=4", "size=5"])).is_err());
        let o = GameOptions::parse(SPECS, &words(&["size=99"])).unwrap();
        assert!(o.int("size", 4, 26).unwrap_err().0.contains("4 to 26"));
    }
}
