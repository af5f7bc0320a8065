//! Shadow files (SPEC §14, §15): the formats of SPEC §15 load, round-trip, and hostile
//! schemas, banks and states are refused with `FILE:LINE:COL: message`, never a panic.

use creature_shadow::bank::{BINARY_MAGIC, Bank, BankEvent, Matchup, StateMap};
use creature_shadow::schema::{ARENA_SCHEMA, Schema, Similarity};
use creature_shadow::select::state_vector;
use proptest::prelude::*;

const SPEC_SCHEMA: &str = r#"(features: [(name: "distance", kind: Number, similarity: Abs, weight: 2.0, scale: 1.0), (name: "own_state", kind: Category, similarity: Category(mismatch: 5.0), weight: 1.0, scale: 1.0), (name: "x", kind: Heuristic, similarity: Curve(points: [(0.0, 0.0), (1.0, 0.5)]), weight: 1.0, scale: 1.0)], bias: 0.5, neighbourhood: 0.10, recency_weight: 0.05)"#;

const SPEC_BANK: &str = r#"(events: [(id: 0, matchup: ("Jago", "Jago"), match_id: 1, segment: 0, index: 0, frame: 0, state: {"distance": 1.5, "own_state": 2, "x": 0.0}, action: "Walk"), (id: 1, matchup: ("Jago", "Jago"), match_id: 1, segment: 0, index: 1, frame: 6, state: {"distance": 1.4, "own_state": 2, "x": 0.1}, action: "Walk")])"#;

/// The error for `text`, checked to be `file:LINE:COL: …` on the expected line with a
/// message containing `words`.
fn refused<T: std::fmt::Debug>(result: Result<T, creature_core::error::LoadError>, line: usize, words: &str) {
    let err = result.expect_err("hostile input must be refused");
    let shown = err.to_string();
    assert!(shown.starts_with(&format!("{}:{}:{}: ", err.file, err.line, err.col)), "{shown}");
    assert_eq!(err.line, line, "{shown}");
    assert!(err.message.contains(words), "expected `{words}` in: {shown}");
}

#[test]
fn the_spec_examples_load() {
    let schema = Schema::parse("s.ron", SPEC_SCHEMA).unwrap();
    assert_eq!(schema.features.len(), 3);
    assert_eq!(schema.features[1].similarity, Similarity::Category { mismatch: 5.0 });
    assert_eq!((schema.bias, schema.neighbourhood, schema.recency_weight), (0.5, 0.10, 0.05));
    let bank = Bank::parse_ron("b.ron", SPEC_BANK).unwrap();
    assert_eq!(bank.len(), 2);
    assert_eq!(bank.features(), ["distance", "own_state", "x"]);
    assert_eq!(bank.state(1), [1.4, 2.0, 0.1]);
    assert_eq!(*bank.event(0).matchup, Matchup::new("Jago", "Jago"));
    let state = StateMap::parse("st.ron", r#"{"distance": 1.2, "own_state": 2, "x": 0.3}"#).unwrap();
    assert_eq!(state_vector(&schema, &state).unwrap(), vec![1.2, 2.0, 0.3]);
}

#[test]
fn schema_defaults_follow_the_spec() {
    let s = Schema::parse("s.ron", r#"(features: [(name: "d", kind: Number, similarity: Abs, weight: 1.0)])"#).unwrap();
    assert_eq!((s.features[0].scale, s.neighbourhood), (1.0, 0.10));
}

#[test]
fn the_arena_schema_has_at_least_16_features_and_all_four_heuristics() {
    let s = Schema::parse("arena.schema.ron", ARENA_SCHEMA).unwrap();
    assert!(s.features.len() >= 16, "{}", s.features.len());
    for h in ["opp_low_block_ratio", "own_projectiles_5s", "opp_wakeup_reversal_rate", "opp_jumpins_per_min"] {
        assert!(s.position(h).is_some(), "{h} missing");
    }
    let sims: Vec<&str> = s.features.iter().map(|f| f.similarity.name()).collect();
    for kind in ["Abs", "Squared", "Category", "Curve"] {
        assert!(sims.contains(&kind), "the example schema should show {kind}");
    }
}

#[test]
fn round_trips_keep_every_field() {
    let mut bank = Bank::parse_ron("b.ron", SPEC_BANK).unwrap();
    let text = bank.to_ron();
    assert_eq!(Bank::parse_ron("again.ron", &text).unwrap(), bank);
    let bin = bank.to_binary();
    assert!(bin.starts_with(BINARY_MAGIC));
    assert_eq!(Bank::from_binary("b.bin", &bin).unwrap(), bank);
    // Provenance, reaction times and recording times survive both forms.
    let other = bank.clone();
    bank = creature_shadow::bank::merge(&[("a", &bank), ("b", &other)]).unwrap();
    let mut events: Vec<BankEvent> = bank.events().to_vec();
    events[0].reaction = Some(17);
    events[1].recorded_at = Some(1_700_000_000);
    let values: Vec<f64> = (0..bank.len()).flat_map(|i| bank.state(i).to_vec()).collect();
    let bank = Bank::from_parts(bank.features().to_vec(), events, values).unwrap();
    assert_eq!(Bank::parse_ron("m.ron", &bank.to_ron()).unwrap(), bank);
    assert_eq!(Bank::from_binary("m.bin", &bank.to_binary()).unwrap(), bank);
    let schema = Schema::parse("s.ron", SPEC_SCHEMA).unwrap();
    assert_eq!(Schema::parse("again.ron", &schema.to_ron()).unwrap(), schema);
}

#[test]
fn hostile_schemas_are_refused_where_the_problem_is() {
    let feature = |body: &str| {
        format!(
            "(\n  features: [\n    (name: \"d\", kind: Number, similarity: Abs, weight: 1.0),\n    {body},\n  ],\n)"
        )
    };
    // A second feature with one thing wrong: refused on its line (4) naming the problem.
    let second_feature_wrong = [
        (r#"(name: "e", kind: Number, similarity: Abs, weight: 1.0, scale: -2.0)"#, "scale"),
        (r#"(name: "e", kind: Number, similarity: Abs, weight: 1.0, scale: 0.0)"#, "expected a finite number > 0"),
        (r#"(name: "e", kind: Number, similarity: Abs, weight: NaN)"#, "weight"),
        (r#"(name: "e", kind: Number, similarity: Abs, weight: inf)"#, "weight"),
        (r#"(name: "e", kind: Number, similarity: Abs, weight: -1.0)"#, "≥ 0"),
        (
            r#"(name: "e", kind: Number, similarity: Curve(points: [(1.0, 0.0), (0.5, 1.0)]), weight: 1.0)"#,
            "not sorted",
        ),
        (r#"(name: "e", kind: Number, similarity: Curve(points: []), weight: 1.0)"#, "no points"),
        (r#"(name: "e", kind: Number, similarity: Curve(points: [(0.0, -1.0)]), weight: 1.0)"#, "never below 0"),
        (r#"(name: "e", kind: Category, similarity: Category(mismatch: -5.0), weight: 1.0)"#, "mismatch"),
        (r#"(name: "d", kind: Number, similarity: Abs, weight: 1.0)"#, "listed twice"),
        (r#"(name: "e", kind: Number, similarity: Abs, wieght: 1.0)"#, "wieght"),
        (r#"(name: "e", kind: Numbr, similarity: Abs, weight: 1.0)"#, "Numbr"),
        (r#"(name: "e", kind: Number, similarity: Euclid, weight: 1.0)"#, "Euclid"),
    ];
    for (body, expected) in second_feature_wrong {
        refused(Schema::parse("s.ron", &feature(body)), 4, expected);
    }
    refused(Schema::parse("s.ron", "(features: [])"), 1, "at least one feature");
    refused(
        Schema::parse(
            "s.ron",
            "(\n  features: [(name: \"d\", kind: Number, similarity: Abs, weight: 1.0)],\n  neighbourhood: -0.1,\n)",
        ),
        3,
        "neighbourhood",
    );
    refused(
        Schema::parse(
            "s.ron",
            "(\n  features: [(name: \"d\", kind: Number, similarity: Abs, weight: 1.0)],\n  bias: NaN,\n)",
        ),
        3,
        "bias",
    );
    // Refused without overflowing the stack, whatever the parser says first.
    refused(Schema::parse("s.ron", &format!("(features: {}", "[".repeat(50_000))), 1, "");
    refused(Bank::parse_ron("b.ron", &format!("(events: [(id: 0, state: {}", "{\"a\": ".repeat(50_000))), 1, "");
}

fn bank_with(second_event: &str) -> String {
    format!(
        "(events: [\n  (id: 0, matchup: (\"A\", \"B\"), match_id: 1, segment: 0, index: 0, frame: 0, state: {{\"x\": 1.0, \"y\": 2.0}}, action: \"Idle\"),\n  {second_event},\n])"
    )
}

#[test]
fn hostile_banks_are_refused_where_the_problem_is() {
    let ev = |fields: &str| {
        bank_with(&format!("(id: 1, matchup: (\"A\", \"B\"), match_id: 1, segment: 0, index: 1, frame: 6, {fields})"))
    };
    refused(Bank::parse_ron("b.ron", &ev(r#"state: {"x": 1.0}, action: "Idle""#)), 3, "no value for `y`");
    refused(Bank::parse_ron("b.ron", &ev(r#"state: {"x": 1.0, "y": 2.0, "z": 0.0}, action: "Idle""#)), 3, "`z`");
    refused(Bank::parse_ron("b.ron", &ev(r#"state: {"x": NaN, "y": 2.0}, action: "Idle""#)), 3, "finite");
    refused(Bank::parse_ron("b.ron", &ev(r#"state: {"x": 1.0, "y": -inf}, action: "Idle""#)), 3, "finite");
    refused(Bank::parse_ron("b.ron", &ev(r#"state: {"x": 1.0, "x": 2.0}, action: "Idle""#)), 3, "twice");
    refused(Bank::parse_ron("b.ron", &ev(r#"state: {"x": 1.0, "y": 2.0}, action: """#)), 3, "action is empty");
    refused(Bank::parse_ron("b.ron", &ev(r#"state: {"x": 1.0, "y": 2.0}, action: "Idle", colour: 3"#)), 3, "colour");
    refused(
        Bank::parse_ron(
            "b.ron",
            &bank_with(
                r#"(id: 0, matchup: ("A", "B"), match_id: 1, segment: 1, index: 0, frame: 6, state: {"x": 1.0, "y": 2.0}, action: "Idle")"#,
            ),
        ),
        3,
        "used twice",
    );
    refused(
        Bank::parse_ron(
            "b.ron",
            &bank_with(
                r#"(id: 1, matchup: ("A", "B"), match_id: 1, segment: 0, index: 0, frame: 6, state: {"x": 1.0, "y": 2.0}, action: "Idle")"#,
            ),
        ),
        3,
        "two events with index 0",
    );
    refused(
        Bank::parse_ron(
            "b.ron",
            &bank_with(
                r#"(id: 1, matchup: ("A", "B"), match_id: 2, segment: 0, index: 1, frame: 6, state: {"x": 1.0, "y": 2.0}, action: "Idle")"#,
            ),
        ),
        3,
        "segment ids are unique",
    );
    refused(
        Bank::parse_ron(
            "b.ron",
            &bank_with(
                r#"(id: -1, matchup: ("A", "B"), match_id: 1, segment: 0, index: 1, frame: 6, state: {"x": 1.0, "y": 2.0}, action: "Idle")"#,
            ),
        ),
        3,
        "",
    );
}

#[test]
fn reaction_times_beyond_ten_minutes_are_refused_where_they_are() {
    use creature_shadow::bank::MAX_REACTION;
    assert_eq!(MAX_REACTION, 36_000);
    let ev = |reaction: u32| {
        bank_with(&format!(
            "(id: 1, matchup: (\"A\", \"B\"), match_id: 1, segment: 0, index: 1, frame: 6,\n   state: {{\"x\": 1.0, \"y\": 2.0}}, action: \"Idle\",\n   reaction: Some({reaction}))"
        ))
    };
    let kept = Bank::parse_ron("b.ron", &ev(MAX_REACTION)).unwrap();
    assert_eq!(kept.event(1).reaction, Some(MAX_REACTION));
    for bad in [MAX_REACTION + 1, u32::MAX] {
        let err = Bank::parse_ron("b.ron", &ev(bad)).unwrap_err();
        assert_eq!((err.line, err.col), (5, 4), "{err}");
        assert!(err.message.contains(&format!("reaction time of {bad} frames")), "{err}");
        assert!(err.to_string().starts_with("b.ron:5:4: "), "{err}");
    }
    // The binary form carries reaction frames too: the same event with 17 and with 18
    // frames differs in one byte, the low byte of its reaction.
    let (b17, b18) = (ev(17), ev(18));
    let (b17, b18) = (Bank::parse_ron("a", &b17).unwrap().to_binary(), Bank::parse_ron("b", &b18).unwrap().to_binary());
    let at = (0..b17.len()).find(|&k| b17[k] != b18[k]).unwrap();
    assert_eq!((b17[at], b18[at]), (17, 18));
    let mut bytes = b17.clone();
    bytes[at..at + 2].copy_from_slice(&(MAX_REACTION as u16 + 1).to_le_bytes());
    let err = Bank::from_binary("b.bin", &bytes).unwrap_err();
    assert!(err.message.contains(&format!("reaction time of {} frames", MAX_REACTION + 1)), "{err}");
    assert!(err.to_string().starts_with("b.bin:1:1: "), "{err}");
}

#[test]
fn a_binary_bank_claiming_ten_million_events_in_a_tiny_file_is_refused() {
    let mut bytes = BINARY_MAGIC.to_vec();
    // A postcard varint for 10,000,000, then next to nothing.
    let mut n: u64 = 10_000_000;
    while n >= 0x80 {
        bytes.push((n as u8) | 0x80);
        n >>= 7;
    }
    bytes.push(n as u8);
    bytes.extend([0u8; 16]);
    let t = std::time::Instant::now();
    let err = Bank::from_binary("huge.bin", &bytes).unwrap_err();
    assert!(err.message.contains("claims 10000000 events"), "{err}");
    assert!(t.elapsed().as_secs() < 1);
    assert!(err.to_string().starts_with("huge.bin:1:1: "), "{err}");
}

#[test]
fn broken_binary_banks_are_refused() {
    let bank = Bank::parse_ron("b.ron", SPEC_BANK).unwrap();
    let good = bank.to_binary();
    for cut in [0, 3, 8, 9, 12, good.len() / 2, good.len() - 1] {
        assert!(Bank::from_binary("cut.bin", &good[..cut]).is_err(), "cut at {cut}");
    }
    let mut wrong_version = good.clone();
    wrong_version[7] = 9;
    assert!(Bank::from_binary("v.bin", &wrong_version).unwrap_err().message.contains("version"));
    assert!(Bank::from_binary("x.bin", b"not a bank").unwrap_err().message.contains("not a binary bank"));
}

#[test]
fn hostile_states_are_refused_with_the_key_they_are_about() {
    let schema = Schema::parse("s.ron", SPEC_SCHEMA).unwrap();
    let state = StateMap::parse("st.ron", r#"{"distance": 1.2, "own_stat": 2, "x": 0.3}"#).unwrap();
    let err = state_vector(&schema, &state).unwrap_err();
    assert_eq!(err.feature, "own_stat");
    assert!(err.message.contains("did you mean `own_state`"), "{}", err.message);
    let state = StateMap::parse("st.ron", r#"{"distance": 1.2, "x": 0.3}"#).unwrap();
    assert!(state_vector(&schema, &state).unwrap_err().message.contains("no value for `own_state`"));
    refused(StateMap::parse("st.ron", "{\n \"distance\": NaN,\n}"), 2, "finite");
    refused(StateMap::parse("st.ron", "{\"distance\": \"near\"}"), 1, "");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Corrupted files of every kind are refused or loaded, never a panic.
    #[test]
    fn mangled_files_never_panic(cut in 0usize..400, insert in "[\\[\\](){}:,\"a-z0-9.\\-]{0,6}", flip in any::<u8>(), at in 0usize..600) {
        for text in [SPEC_SCHEMA, SPEC_BANK] {
            let mut t: String = text.chars().take(cut.min(text.len())).collect();
            t.push_str(&insert);
            t.push_str(&text.chars().skip(cut.min(text.len())).collect::<String>());
            let _ = Schema::parse("m.ron", &t);
            let _ = Bank::parse_ron("m.ron", &t);
            let _ = StateMap::parse("m.ron", &t);
        }
        let mut bin = Bank::parse_ron("b.ron", SPEC_BANK).unwrap().to_binary();
        let k = at % bin.len();
        bin[k] ^= flip;
        let _ = Bank::from_binary("m.bin", &bin);
    }
}

#[test]
fn a_segment_coming_back_under_another_match_is_refused_at_its_return() {
    let text = "(events: [\n  (id: 0, matchup: (\"A\", \"B\"), match_id: 1, segment: 0, index: 0, frame: 0, state: {\"x\": 1.0}, action: \"Idle\"),\n  (id: 1, matchup: (\"A\", \"B\"), match_id: 1, segment: 1, index: 0, frame: 6, state: {\"x\": 1.0}, action: \"Idle\"),\n  (id: 2, matchup: (\"A\", \"C\"), match_id: 1, segment: 0, index: 1, frame: 9, state: {\"x\": 1.0}, action: \"Idle\"),\n])";
    refused(Bank::parse_ron("b.ron", text), 4, "segment ids are unique");
    // The same segment coming back under its own match and matchup is fine.
    let fine = text.replace("(\"A\", \"C\")", "(\"A\", \"B\")");
    assert!(Bank::parse_ron("b.ron", &fine).is_ok());
}

#[test]
fn bytes_after_a_binary_bank_are_refused() {
    let bank = Bank::load(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../projects/example/shadow/zoner.bank.ron"),
    )
    .unwrap();
    let mut bytes = bank.to_binary();
    assert_eq!(Bank::from_binary("z.bank", &bytes).unwrap(), bank);
    bytes.extend_from_slice(b"junk");
    let e = Bank::from_binary("z.bank", &bytes).expect_err("trailing bytes");
    assert!(e.message.contains("4 bytes after the end"), "{e}");
}
