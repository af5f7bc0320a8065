//! A value written as RON on one line, as a person types it in a condition or watch
//! field: `PlanStarted(desire: "Hunger", object: "sheep_1")`. Fields left out where
//! the type skips them (options not given), and `Some` left implicit, as the readers of
//! conditions and watches take it.

use ron::extensions::Extensions;
use serde::Serialize;

/// `value` in RON on one line, with a space after each `:` and `,` outside strings.
#[must_use]
pub fn ron_line<T: Serialize>(value: &T) -> String {
    let options = ron::Options::default().with_default_extension(Extensions::IMPLICIT_SOME);
    // Plain data (names, numbers, options) always writes.
    let compact = options.to_string(value).unwrap_or_default();
    let mut out = String::with_capacity(compact.len() + 8);
    let mut in_string = false;
    let mut escaped = false;
    for c in compact.chars() {
        out.push(c);
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
        } else if c == '"' {
            in_string = true;
        } else if c == ':' || c == ',' {
            out.push(' ');
        }
    }
    out
}
