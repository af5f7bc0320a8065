//! The schema: which world-state features a shadow compares, and how (SPEC §13, file
//! format in §15).
//!
//! Every similarity is a dissimilarity: 0 means "the same", larger means "less alike".
//! The schema is checked when it is loaded so that selection never meets a NaN, a zero
//! scale or a curve it cannot evaluate.

use serde::{Deserialize, Serialize};

use creature_core::error::{LoadError, line_col, locate, parse_ron};
use creature_core::ronpos::Placer;

/// More features than this is surely a mistake (the seed's shadows used a handful).
pub const MAX_FEATURES: usize = 256;
/// A curve has at most this many points.
pub const MAX_CURVE_POINTS: usize = 64;

/// What a feature measures (SPEC §13). Category values are integer codes stored as
/// numbers (§15); heuristics are running summaries of the match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum FeatureKind {
    Number,
    Category,
    Heuristic,
}

/// How unlike two values of one feature are (SPEC §13): `Abs` = |a−b|/scale,
/// `Squared` = ((a−b)/scale)², `Category` = 0 if equal else `mismatch`, `Curve` = a
/// piecewise-linear function of |a−b|/scale that holds its end values outside its points.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Similarity {
    Abs,
    Squared,
    Category { mismatch: f64 },
    Curve { points: Vec<(f64, f64)> },
}

/// One feature of the world state (SPEC §13).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Feature {
    pub name: String,
    pub kind: FeatureKind,
    pub similarity: Similarity,
    pub weight: f64,
    #[serde(default = "one")]
    pub scale: f64,
}

/// A shadow schema (SPEC §13, §15): the features, the sequence-continuation `bias`, the
/// candidate `neighbourhood` (a fraction of the best score) and the `recency_weight`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Schema {
    pub features: Vec<Feature>,
    #[serde(default = "default_bias")]
    pub bias: f64,
    #[serde(default = "default_neighbourhood")]
    pub neighbourhood: f64,
    #[serde(default)]
    pub recency_weight: f64,
}

fn one() -> f64 {
    1.0
}

/// The default continuation bias, as in SPEC §15's example schema.
pub const DEFAULT_BIAS: f64 = 0.5;
/// The default candidate neighbourhood (SPEC §13).
pub const DEFAULT_NEIGHBOURHOOD: f64 = 0.10;

fn default_bias() -> f64 {
    DEFAULT_BIAS
}

fn default_neighbourhood() -> f64 {
    DEFAULT_NEIGHBOURHOOD
}

impl Similarity {
    /// The dissimilarity of present value `a` and recorded value `b` (SPEC §13). This one
    /// function is the definition every score is computed with.
    #[inline]
    pub fn eval(&self, a: f64, b: f64, scale: f64) -> f64 {
        match self {
            Similarity::Abs => (a - b).abs() / scale,
            Similarity::Squared => {
                let x = (a - b) / scale;
                x * x
            }
            Similarity::Category { mismatch } => {
                if a == b {
                    0.0
                } else {
                    *mismatch
                }
            }
            Similarity::Curve { points } => curve_at(points, (a - b).abs() / scale),
        }
    }

    /// A value no larger than `eval(a, b, scale)` for every recorded `b` in `[lo, hi]`.
    /// Float rounding may make it exceed the true minimum by a few ulps; callers keep a
    /// margin.
    pub fn lower_bound(&self, a: f64, lo: f64, hi: f64, scale: f64) -> f64 {
        let near = (lo - a).max(0.0) + (a - hi).max(0.0);
        match self {
            Similarity::Abs => near / scale,
            Similarity::Squared => {
                let x = near / scale;
                x * x
            }
            Similarity::Category { mismatch } => {
                if a < lo || a > hi {
                    *mismatch
                } else {
                    0.0
                }
            }
            Similarity::Curve { points } => {
                let far = (a - lo).abs().max((a - hi).abs());
                curve_min(points, near / scale, far / scale)
            }
        }
    }

    /// The name used in files and messages.
    pub fn name(&self) -> &'static str {
        match self {
            Similarity::Abs => "Abs",
            Similarity::Squared => "Squared",
            Similarity::Category { .. } => "Category",
            Similarity::Curve { .. } => "Curve",
        }
    }
}

/// The curve's value at `x`: linear between points, the end values outside them.
pub fn curve_at(points: &[(f64, f64)], x: f64) -> f64 {
    let Some(&(x0, y0)) = points.first() else {
        return 0.0;
    };
    if x <= x0 {
        return y0;
    }
    for w in points.windows(2) {
        let ((xa, ya), (xb, yb)) = (w[0], w[1]);
        if x <= xb {
            let mut t = (x - xa) / (xb - xa);
            if t.is_nan() {
                // Both differences overflowed (points near ±f64::MAX): halves of them
                // are finite.
                t = (x / 2.0 - xa / 2.0) / (xb / 2.0 - xa / 2.0);
            }
            return ya + (yb - ya) * t;
        }
    }
    points[points.len() - 1].1
}

/// The smallest value of the curve over `[from, to]`: at an end or at a point between.
fn curve_min(points: &[(f64, f64)], from: f64, to: f64) -> f64 {
    let mut m = curve_at(points, from).min(curve_at(points, to));
    for &(x, y) in points {
        if x > from && x < to {
            m = m.min(y);
        }
    }
    m
}

/// The example project's arena schema, built in as the default for arena shadows.
pub const ARENA_SCHEMA: &str = include_str!("../../../projects/example/shadow/arena.schema.ron");

impl Schema {
    /// The built-in arena schema ([`ARENA_SCHEMA`]).
    pub fn arena() -> Schema {
        Schema::parse("arena.schema.ron", ARENA_SCHEMA)
            .unwrap_or_else(|e| panic!("the built-in arena schema is broken: {e}"))
    }

    /// Parses and checks a schema file (SPEC §15). Every problem is reported with its
    /// position: unknown fields, non-finite numbers, zero or negative scales, negative
    /// weights, curves with unsorted points, duplicated names.
    pub fn parse(file: &str, text: &str) -> Result<Schema, LoadError> {
        let schema: Schema = parse_ron(file, text)?;
        schema.check().map_err(|p| p.locate(file, text))?;
        Ok(schema)
    }

    /// Reads and checks a schema file from disk.
    pub fn load(path: &std::path::Path) -> Result<Schema, LoadError> {
        let text = creature_core::file_reader::read_text(path)?;
        Self::parse(&path.display().to_string(), &text)
    }

    /// The schema as RON, in the format of SPEC §15.
    pub fn to_ron(&self) -> String {
        let mut out = String::from("(\n    features: [\n");
        for f in &self.features {
            let line = ron::to_string(f).unwrap_or_default();
            out.push_str("        ");
            out.push_str(&line);
            out.push_str(",\n");
        }
        out.push_str(&format!(
            "    ],\n    bias: {:?},\n    neighbourhood: {:?},\n    recency_weight: {:?},\n)\n",
            self.bias, self.neighbourhood, self.recency_weight
        ));
        out
    }

    /// The feature names, in schema order.
    pub fn names(&self) -> impl Iterator<Item = &str> + Clone {
        self.features.iter().map(|f| f.name.as_str())
    }

    /// Where feature `name` sits in the schema.
    pub fn position(&self, name: &str) -> Option<usize> {
        self.features.iter().position(|f| f.name == name)
    }

    /// Checks the rules of SPEC §13 that the file format cannot express.
    pub fn check(&self) -> Result<(), Problem> {
        if self.features.is_empty() {
            return Err(Problem::top("features", "a schema needs at least one feature"));
        }
        if self.features.len() > MAX_FEATURES {
            return Err(Problem::top(
                "features",
                format!("{} features; expected at most {MAX_FEATURES}", self.features.len()),
            ));
        }
        for (i, f) in self.features.iter().enumerate() {
            let at = |key: &'static str, message: String| Problem::feature(i, key, message);
            if f.name.trim().is_empty() {
                return Err(at("name", "a feature needs a name".into()));
            }
            if let Some(j) = self.features[..i].iter().position(|g| g.name == f.name) {
                return Err(at("name", format!("feature `{}` is listed twice (also feature {})", f.name, j + 1)));
            }
            if !f.weight.is_finite() || f.weight < 0.0 {
                return Err(at(
                    "weight",
                    format!("weight of `{}` is {}; expected a finite number ≥ 0", f.name, f.weight),
                ));
            }
            if !f.scale.is_finite() || f.scale <= 0.0 {
                return Err(at("scale", format!("scale of `{}` is {}; expected a finite number > 0", f.name, f.scale)));
            }
            match &f.similarity {
                Similarity::Abs | Similarity::Squared => {}
                Similarity::Category { mismatch } => {
                    if !mismatch.is_finite() || *mismatch < 0.0 {
                        return Err(at(
                            "mismatch",
                            format!("mismatch of `{}` is {mismatch}; expected a finite number ≥ 0", f.name),
                        ));
                    }
                }
                Similarity::Curve { points } => check_curve(&f.name, points).map_err(|m| at("points", m))?,
            }
        }
        for (key, value, need) in [
            ("bias", self.bias, "a finite number"),
            ("neighbourhood", self.neighbourhood, "a finite number ≥ 0"),
            ("recency_weight", self.recency_weight, "a finite number"),
        ] {
            if !value.is_finite() || (key == "neighbourhood" && value < 0.0) {
                return Err(Problem::top(key, format!("{key} is {value}; expected {need}")));
            }
        }
        Ok(())
    }
}

fn check_curve(name: &str, points: &[(f64, f64)]) -> Result<(), String> {
    if points.is_empty() {
        return Err(format!("the curve of `{name}` has no points; expected at least one (x, y)"));
    }
    if points.len() > MAX_CURVE_POINTS {
        return Err(format!("the curve of `{name}` has {} points; expected at most {MAX_CURVE_POINTS}", points.len()));
    }
    for (k, &(x, y)) in points.iter().enumerate() {
        if !x.is_finite() || !y.is_finite() {
            return Err(format!("point {} of the curve of `{name}` is ({x}, {y}); expected finite numbers", k + 1));
        }
        if y < 0.0 {
            return Err(format!(
                "point {} of the curve of `{name}` has value {y}; a dissimilarity is never below 0",
                k + 1
            ));
        }
        if k > 0 && x <= points[k - 1].0 {
            return Err(format!(
                "the points of the curve of `{name}` are not sorted: x = {x} after x = {}; expected strictly increasing x",
                points[k - 1].0
            ));
        }
    }
    Ok(())
}

/// A semantic problem in a schema, with enough to find it in the text.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    /// The feature (0-based) the problem is in, or `None` for a top-level field.
    pub feature: Option<usize>,
    /// The field to point at.
    pub key: &'static str,
    pub message: String,
}

impl Problem {
    fn top(key: &'static str, message: impl Into<String>) -> Self {
        Self { feature: None, key, message: message.into() }
    }

    fn feature(i: usize, key: &'static str, message: String) -> Self {
        Self { feature: Some(i), key, message }
    }

    /// The problem as a load error with the line and column of the field it is about.
    pub fn locate(&self, file: &str, text: &str) -> LoadError {
        let (line, col) = match self.feature {
            Some(i) => Placer::new(text).item("features", i, Some(self.key)),
            None => field_position(text, self.key),
        };
        LoadError::new(file, line, col, self.message.clone())
    }
}

/// The position of a top-level field `key:`, or the start of the file.
fn field_position(text: &str, key: &str) -> (usize, usize) {
    let needle = format!("{key}:");
    match text.find(&needle) {
        Some(at) => line_col(text, at),
        None => locate(text, key).unwrap_or((1, 1)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn curve_interpolates_and_holds_its_ends() {
        let pts = [(0.0, 0.0), (1.0, 0.5), (3.0, 0.5), (4.0, 2.0)];
        assert_eq!(curve_at(&pts, -1.0), 0.0);
        assert_eq!(curve_at(&pts, 0.5), 0.25);
        assert_eq!(curve_at(&pts, 2.0), 0.5);
        assert_eq!(curve_at(&pts, 3.5), 1.25);
        assert_eq!(curve_at(&pts, 9.0), 2.0);
    }

    #[test]
    fn a_curve_spanning_nearly_all_floats_interpolates_to_a_number() {
        let pts = [(-1.5e308, 0.0), (1.5e308, 2.0)];
        let y = curve_at(&pts, 1e308);
        assert!(y.is_finite() && (1.0..=2.0).contains(&y), "{y}");
        assert_eq!(curve_at(&pts, f64::INFINITY), 2.0);
    }

    #[test]
    fn lower_bound_never_exceeds_a_value_in_the_interval() {
        let sims = [
            Similarity::Abs,
            Similarity::Squared,
            Similarity::Category { mismatch: 3.0 },
            Similarity::Curve { points: vec![(0.0, 1.0), (1.0, 0.2), (2.0, 3.0)] },
        ];
        for s in &sims {
            for q in [-2.0, 0.0, 0.4, 1.0, 5.0] {
                let (lo, hi) = (0.0, 2.0);
                let lb = s.lower_bound(q, lo, hi, 0.5);
                for k in 0..=40 {
                    let v = lo + (hi - lo) * f64::from(k) / 40.0;
                    assert!(lb <= s.eval(q, v, 0.5) + 1e-12, "{} q={q} v={v}", s.name());
                }
            }
        }
    }
}
