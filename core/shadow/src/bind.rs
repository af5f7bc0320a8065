//! Putting a schema to a bank or a state (SPEC §13): where each schema feature sits in
//! the bank's states, a state file as a vector in schema order, and why a schema does
//! not fit.

use super::bank::{Bank, StateMap};
use super::schema::{FeatureKind, Schema};

/// Why a schema cannot be used with a bank or a state.
#[derive(Debug, Clone, PartialEq)]
pub struct MismatchError {
    /// The schema feature (or state key) the problem is about.
    pub feature: String,
    /// The bank position of the event the problem is in, if it is in one event.
    pub event: Option<usize>,
    pub message: String,
}

impl std::fmt::Display for MismatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// Where each schema feature sits in the bank's states; refuses features the bank does
/// not record and category values that are not integer codes.
pub fn bind(schema: &Schema, bank: &Bank) -> Result<Vec<usize>, MismatchError> {
    let mut columns = Vec::with_capacity(schema.features.len());
    for f in &schema.features {
        let Some(c) = bank.feature_position(&f.name) else {
            let known = bank.features().iter().map(String::as_str);
            let message = if bank.features().is_empty() {
                format!("feature `{}` is not recorded in the bank (it records no features)", f.name)
            } else {
                format!(
                    "{} (it is not recorded in the bank)",
                    creature_core::error::unknown_name("feature", &f.name, known)
                )
            };
            return Err(MismatchError { feature: f.name.clone(), event: None, message });
        };
        let is_category = f.kind == FeatureKind::Category;
        let not_a_code = is_category.then(|| (0..bank.len()).find(|&i| bank.value(i, c).fract() != 0.0)).flatten();
        if let Some(i) = not_a_code {
            return Err(MismatchError {
                feature: f.name.clone(),
                event: Some(i),
                message: format!(
                    "`{}` is a category but event {} records {}; category values are integer codes",
                    f.name,
                    bank.event(i).id,
                    bank.value(i, c)
                ),
            });
        }
        columns.push(c);
    }
    Ok(columns)
}

/// A state given by name (a state file) as a vector in schema order. Every schema
/// feature must be given, and nothing else.
pub fn state_vector(schema: &Schema, state: &StateMap) -> Result<Vec<f64>, MismatchError> {
    if let Some((k, _)) = state.0.iter().find(|(k, _)| schema.position(k).is_none()) {
        return Err(MismatchError {
            feature: k.clone(),
            event: None,
            message: creature_core::error::unknown_name("feature", k, schema.names()),
        });
    }
    schema
        .features
        .iter()
        .map(|f| {
            let v = state.get(&f.name).ok_or_else(|| MismatchError {
                feature: f.name.clone(),
                event: None,
                message: format!("the state has no value for `{}`; every schema feature needs one", f.name),
            })?;
            if !v.is_finite() {
                return Err(MismatchError {
                    feature: f.name.clone(),
                    event: None,
                    message: format!("`{}` is {v}; expected a finite number", f.name),
                });
            }
            Ok(v)
        })
        .collect()
}
