//! What crosses the link (SPEC §23), both ways, and its bounds. Every message is one JSON
//! object in a text frame, `{"t": TYPE, ...}`. A client's are read here into types; the
//! host's own answers are made here too, so that each message's shape has one home.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::names::Desire;
use crate::species::data::TreeKind;

/// The link's version, said by both sides in `hello` and `welcome`.
pub const VERSION: u32 = 1;

/// The largest message either side reads: a frame or a message past it closes the link.
pub const MAX_MESSAGE_BYTES: usize = 1 << 20;

/// How many messages a client may send in one second before it is told why and closed.
pub const MAX_MESSAGES_PER_SECOND: u32 = 100;

/// What a client may do: observers only watch; the one controller may change the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Observer,
    Controller,
}

/// A client's first message: nothing else is read before it.
#[derive(Debug, Deserialize)]
pub struct Hello {
    pub version: u32,
    pub token: String,
    pub role: Role,
    #[serde(default)]
    pub name: String,
}

/// Which creatures a subscription follows.
#[derive(Clone, Debug, PartialEq)]
pub enum Which {
    All,
    These(Vec<u32>),
}

impl Which {
    /// Whether `creature` is followed.
    pub fn has(&self, creature: u32) -> bool {
        match self {
            Which::All => true,
            Which::These(ids) => ids.contains(&creature),
        }
    }
}

/// `{"t": "subscribe", "creatures": [I...] or "all", "hz": H}`.
#[derive(Clone, Debug, PartialEq)]
pub struct Subscribe {
    pub creatures: Which,
    pub hz: f64,
}

/// A touch of the hand, as a controller sends it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HandAct {
    Hold,
    Stroke,
    SlapGentle,
    SlapHard,
    Release,
}

/// What a controller asks of the game; each comes with an `id` the host answers with
/// `ok` or `error`.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum Control {
    /// A species, desires, phases or creature file's name and text, applied as a local
    /// hot reload would apply it.
    Reload {
        file: String,
        text: String,
    },
    Hand {
        creature: u32,
        act: HandAct,
    },
    Phase {
        creature: u32,
        phase: u8,
    },
    /// A condition of SPEC §19, written as on one line of `breakpoints.ron`.
    Break {
        creature: u32,
        condition: String,
    },
    Unbreak {
        creature: u32,
        condition: String,
    },
    Pause,
    Step {
        #[serde(default = "one")]
        turns: u64,
    },
    Continue,
    /// A tree's verdict for an object, until `unforce`.
    Force {
        creature: u32,
        tree: String,
        object: String,
        verdict: f64,
    },
    Unforce {
        creature: u32,
        tree: String,
        object: String,
    },
}

fn one() -> u64 {
    1
}

/// What an `ask` wants to be told of a creature: its mind (the creature save's text,
/// its learned trees with the rest), the reasons of its present decision (Why?) or the
/// heat of one of its trees. Beyond SPEC §23 and optional: a host that speaks only §23
/// answers an `ask` with its error for an unknown `t`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Wanted {
    Mind,
    Why,
    Heat,
}

/// The fewest and most simulated seconds a heat ask may count over.
pub const HEAT_SECONDS: std::ops::RangeInclusive<f64> = 1.0..=3600.0;

/// The tree and window of a heat ask: desire `desire`'s tree of `kind`, over the last
/// `seconds` simulated seconds ([`HEAT_SECONDS`]).
#[derive(Clone, Copy, Debug, PartialEq, Deserialize, Serialize)]
pub struct HeatOf {
    pub desire: Desire,
    pub kind: TreeKind,
    pub seconds: f64,
}

/// `{"t": "ask", "id": N, "creature": I, "what": "mind" | "why"}`, or `"what": "heat"`
/// with `"desire"`, `"kind"` and `"seconds"` ([`HeatOf`]): any attached client may ask
/// (asking changes nothing); the host answers with a [`Told`] or an `error`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ask {
    pub creature: u32,
    pub what: Wanted,
    /// The tree and window, for a heat ask alone.
    pub heat: Option<HeatOf>,
}

impl Ask {
    /// An ask for `what` of `creature` that names no tree (mind or why).
    #[must_use]
    pub fn of(creature: u32, what: Wanted) -> Ask {
        Ask { creature, what, heat: None }
    }
}

/// An `ask` as its fields come, before they are checked together.
#[derive(Deserialize)]
struct AskFields {
    creature: u32,
    what: Wanted,
    desire: Option<Desire>,
    kind: Option<TreeKind>,
    seconds: Option<f64>,
}

impl AskFields {
    /// The ask, or what is wrong: a heat ask names its tree and a window in
    /// [`HEAT_SECONDS`]; the others name neither.
    fn checked(self) -> Result<Ask, String> {
        let names_tree = self.desire.is_some() || self.kind.is_some() || self.seconds.is_some();
        if self.what != Wanted::Heat {
            if names_tree {
                return Err("only a heat ask names \"desire\", \"kind\" and \"seconds\"".into());
            }
            return Ok(Ask::of(self.creature, self.what));
        }
        let missing = |field: &str| format!("a heat ask names its tree's \"{field}\"");
        let desire = self.desire.ok_or_else(|| missing("desire"))?;
        let kind = self.kind.ok_or_else(|| missing("kind"))?;
        let seconds = self.seconds.ok_or("a heat ask names its window in \"seconds\"")?;
        if !HEAT_SECONDS.contains(&seconds) {
            return Err(format!(
                "a heat ask's \"seconds\" are {} to {} simulated seconds, not {seconds}",
                HEAT_SECONDS.start(),
                HEAT_SECONDS.end()
            ));
        }
        Ok(Ask { creature: self.creature, what: Wanted::Heat, heat: Some(HeatOf { desire, kind, seconds }) })
    }
}

/// The heat told: per node of the creature's tree (in the tree's node order, as the
/// creature's examples build it), how often over the window the plan under way asked
/// the tree about its object and the answer passed the node.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
pub struct ToldHeat {
    pub desire: Desire,
    pub kind: TreeKind,
    pub seconds: f64,
    pub counts: Vec<u32>,
}

/// The answer to an `ask`: `{"t": "told", "id": N, "creature": I, "what": W, "sim_time":
/// X, "mind": TEXT}` (the creature save's text, SPEC §14), `..., "why": {...}` (the
/// reasons as the studio's Why? works them out for its own preview) or `..., "heat":
/// {"desire", "kind", "seconds", "counts"}` ([`ToldHeat`]).
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
pub struct Told {
    pub creature: u32,
    pub what: Wanted,
    pub sim_time: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mind: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heat: Option<ToldHeat>,
}

impl Told {
    /// A `told` of `what` of `creature` at `sim_time`, its answer still to be put in.
    #[must_use]
    pub fn of(creature: u32, what: Wanted, sim_time: f64) -> Told {
        Told { creature, what, sim_time, mind: None, why: None, heat: None }
    }
}

/// A message from a client, read.
#[derive(Clone, Debug, PartialEq)]
pub enum FromClient {
    Hello { version: u32, token: String, role: Role, name: String },
    Subscribe(Subscribe),
    Control { id: Value, control: Control },
    Ask { id: Value, ask: Ask },
}

/// A client's message read from its text, or the sentence that says what is wrong.
pub fn read(text: &str) -> Result<FromClient, String> {
    let value: Value = serde_json::from_str(text).map_err(|e| format!("not a JSON object: {e}"))?;
    let Some(object) = value.as_object() else { return Err("a message is a JSON object".into()) };
    let t = object.get("t").and_then(Value::as_str).ok_or("a message names its type in \"t\"")?.to_owned();
    let shape = |e: serde_json::Error| format!("`{t}`: {e}");
    match t.as_str() {
        "hello" => {
            let h: Hello = serde_json::from_value(value).map_err(shape)?;
            Ok(FromClient::Hello { version: h.version, token: h.token, role: h.role, name: h.name })
        }
        "subscribe" => subscribe(object).map(FromClient::Subscribe).map_err(|e| format!("`subscribe`: {e}")),
        _ => {
            let id = object.get("id").cloned().ok_or_else(|| format!("`{t}` needs an \"id\" to answer"))?;
            if !(id.is_number() || id.is_string()) {
                return Err(format!("`{t}`: an \"id\" is a number or a string"));
            }
            if t == "ask" {
                let fields: AskFields = serde_json::from_value(value).map_err(shape)?;
                let ask = fields.checked().map_err(|e| format!("`ask`: {e}"))?;
                return Ok(FromClient::Ask { id, ask });
            }
            let control: Control = serde_json::from_value(value).map_err(shape)?;
            Ok(FromClient::Control { id, control })
        }
    }
}

fn subscribe(object: &serde_json::Map<String, Value>) -> Result<Subscribe, String> {
    let creatures = match object.get("creatures") {
        Some(Value::String(s)) if s == "all" => Which::All,
        Some(Value::Array(ids)) => Which::These(
            ids.iter()
                .map(|i| i.as_u64().and_then(|i| u32::try_from(i).ok()))
                .collect::<Option<Vec<u32>>>()
                .ok_or("\"creatures\" are creature ids or \"all\"")?,
        ),
        _ => return Err("\"creatures\" are creature ids or \"all\"".into()),
    };
    let hz = object.get("hz").and_then(Value::as_f64).ok_or("\"hz\" is a number")?;
    if !(hz.is_finite() && hz > 0.0) {
        return Err("\"hz\" is a number above 0".into());
    }
    Ok(Subscribe { creatures, hz })
}

/// The `id` of a message that could not be read as a whole, so that its error still
/// answers it.
pub fn id_of(text: &str) -> Option<Value> {
    let value: Value = serde_json::from_str(text).ok()?;
    value.get("id").filter(|id| id.is_number() || id.is_string()).cloned()
}

/// A client's `hello`.
pub fn hello(token: &str, role: Role, name: &str) -> Value {
    json!({"t": "hello", "version": VERSION, "token": token, "role": role, "name": name})
}

/// A client's `subscribe` to every creature at `hz` states a second.
pub fn subscribe_all(hz: f64) -> Value {
    json!({"t": "subscribe", "creatures": "all", "hz": hz})
}

/// A controller's request `control`, answered under `id`.
pub fn request(id: u64, control: &Control) -> Value {
    let mut v = serde_json::to_value(control).unwrap_or(Value::Null);
    if let Some(o) = v.as_object_mut() {
        o.insert("id".into(), json!(id));
    }
    v
}

/// A client's `ask`, answered under `id`.
pub fn ask(id: u64, ask: &Ask) -> Value {
    let mut v = json!({"t": "ask", "id": id, "creature": ask.creature, "what": ask.what});
    if let Some(h) = &ask.heat {
        v["desire"] = json!(h.desire);
        v["kind"] = json!(h.kind);
        v["seconds"] = json!(h.seconds);
    }
    v
}

/// The host's `told` under `id`, written, or why it cannot be sent: a message past
/// [`MAX_MESSAGE_BYTES`] (a mind too large for the link) is not sent but said.
pub fn told(id: &Value, told: &Told) -> Result<String, String> {
    let mut v = serde_json::to_value(told).map_err(|e| e.to_string())?;
    if let Some(o) = v.as_object_mut() {
        o.insert("t".into(), json!("told"));
        o.insert("id".into(), id.clone());
    }
    let text = v.to_string();
    if text.len() > MAX_MESSAGE_BYTES {
        let what = match told.what {
            Wanted::Mind => "mind takes",
            Wanted::Why => "reasons take",
            Wanted::Heat => "heat takes",
        };
        return Err(format!(
            "creature {}'s {what} {} bytes, past the link's bound of {MAX_MESSAGE_BYTES} bytes a message",
            told.creature,
            text.len()
        ));
    }
    Ok(text)
}

/// A host's `told` read, as a client receives it.
pub fn read_told(message: &Value) -> Result<Told, String> {
    Told::deserialize(message).map_err(|e| format!("`told`: {e}"))
}

/// The host's `welcome`: its version, creatures and highest rate.
pub fn welcome(creatures: &[Value], hz: f64) -> Value {
    json!({"t": "welcome", "version": VERSION, "creatures": creatures, "hz": hz})
}

/// The host's `refused`, before it closes.
pub fn refused(reason: &str) -> Value {
    json!({"t": "refused", "reason": reason})
}

/// The answer to a controller's message that was carried out.
pub fn ok(id: &Value) -> Value {
    json!({"t": "ok", "id": id})
}

/// The answer to a message that was not carried out, with why; `id` is null for a
/// message that could not be read far enough to have one.
pub fn error(id: Option<&Value>, text: &str) -> Value {
    json!({"t": "error", "id": id.cloned().unwrap_or(Value::Null), "error": text})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hello_is_read_with_its_role() {
        let m = read(r#"{"t": "hello", "version": 1, "token": "abc", "role": "controller", "name": "studio"}"#);
        assert_eq!(
            m.unwrap(),
            FromClient::Hello { version: 1, token: "abc".into(), role: Role::Controller, name: "studio".into() }
        );
        let bad = read(r#"{"t": "hello", "version": 1, "token": "abc", "role": "king"}"#).unwrap_err();
        assert!(bad.contains("unknown variant `king`"), "{bad}");
    }

    #[test]
    fn each_control_is_read_with_its_fields() {
        let cases = [
            (
                r#"{"t":"reload","id":1,"file":"cow.ron","text":"()"}"#,
                Control::Reload { file: "cow.ron".into(), text: "()".into() },
            ),
            (
                r#"{"t":"hand","id":2,"creature":0,"act":"slap_hard"}"#,
                Control::Hand { creature: 0, act: HandAct::SlapHard },
            ),
            (r#"{"t":"phase","id":3,"creature":1,"phase":5}"#, Control::Phase { creature: 1, phase: 5 }),
            (
                r#"{"t":"break","id":4,"creature":0,"condition":"Phase(to: 3)"}"#,
                Control::Break { creature: 0, condition: "Phase(to: 3)".into() },
            ),
            (r#"{"t":"pause","id":5}"#, Control::Pause),
            (r#"{"t":"step","id":6}"#, Control::Step { turns: 1 }),
            (r#"{"t":"step","id":6,"turns":10}"#, Control::Step { turns: 10 }),
            (r#"{"t":"continue","id":"c"}"#, Control::Continue),
            (
                r#"{"t":"force","id":7,"creature":0,"tree":"Hunger","object":"cow","verdict":0.5}"#,
                Control::Force { creature: 0, tree: "Hunger".into(), object: "cow".into(), verdict: 0.5 },
            ),
        ];
        for (text, want) in cases {
            match read(text).unwrap() {
                FromClient::Control { control, .. } => assert_eq!(control, want, "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
    }

    #[test]
    fn what_a_client_writes_the_host_reads_back() {
        let control = Control::Hand { creature: 2, act: HandAct::SlapGentle };
        let text = request(7, &control).to_string();
        assert_eq!(read(&text).unwrap(), FromClient::Control { id: json!(7), control });
        let hello = hello("t0k3n", Role::Observer, "studio").to_string();
        assert!(matches!(read(&hello).unwrap(), FromClient::Hello { role: Role::Observer, .. }));
        assert!(matches!(read(&subscribe_all(5.0).to_string()).unwrap(), FromClient::Subscribe(_)));
    }

    #[test]
    fn an_ask_is_read_from_any_client_and_what_it_wants_is_checked() {
        let asked = Ask::of(3, Wanted::Mind);
        assert_eq!(read(&ask(9, &asked).to_string()).unwrap(), FromClient::Ask { id: json!(9), ask: asked });
        let why = read(r#"{"t":"ask","id":"w","creature":0,"what":"why"}"#).unwrap();
        assert_eq!(why, FromClient::Ask { id: json!("w"), ask: Ask::of(0, Wanted::Why) });
        let wrong = read(r#"{"t":"ask","id":1,"creature":0,"what":"soul"}"#).unwrap_err();
        assert!(wrong.contains("unknown variant `soul`"), "{wrong}");
        assert!(read(r#"{"t":"ask","creature":0,"what":"mind"}"#).unwrap_err().contains("\"id\""));
        assert!(read(r#"{"t":"ask","id":1,"creature":-2,"what":"mind"}"#).is_err());
    }

    #[test]
    fn a_told_mind_is_read_back_and_one_past_the_bound_is_said_not_sent() {
        let mind = Told { mind: Some("(name: \"Ruth\")".into()), ..Told::of(1, Wanted::Mind, 12.5) };
        let text = told(&json!(4), &mind).unwrap();
        let v: Value = serde_json::from_str(&text).unwrap();
        assert_eq!((v["t"].as_str(), v["id"].as_u64()), (Some("told"), Some(4)));
        assert_eq!(read_told(&v).unwrap(), mind);
        let why = Told { why: Some(json!({"decision": "idle"})), ..Told::of(0, Wanted::Why, 1.0) };
        let v: Value = serde_json::from_str(&told(&json!("w"), &why).unwrap()).unwrap();
        assert_eq!(read_told(&v).unwrap(), why);
        assert!(read_told(&json!({"t": "told", "creature": 0})).is_err());

        let huge = Told { mind: Some("x".repeat(MAX_MESSAGE_BYTES)), ..mind };
        let past = told(&json!(5), &huge).unwrap_err();
        assert!(past.contains("creature 1's mind") && past.contains("past the link's bound"), "{past}");
    }

    #[test]
    fn a_heat_ask_names_its_tree_and_window_within_bounds() {
        let heat = HeatOf { desire: Desire::Hunger, kind: TreeKind::ActOn, seconds: 60.0 };
        let asked = Ask { creature: 2, what: Wanted::Heat, heat: Some(heat) };
        let text = ask(5, &asked).to_string();
        assert!(text.contains(r#""desire":"Hunger""#) && text.contains(r#""kind":"ActOn""#), "{text}");
        assert_eq!(read(&text).unwrap(), FromClient::Ask { id: json!(5), ask: asked });
        let read_one = |fields: &str| read(&format!(r#"{{"t":"ask","id":1,"creature":0,{fields}}}"#));
        let low = read_one(r#""what":"heat","desire":"Hunger","kind":"ActOn","seconds":0.5"#).unwrap_err();
        assert!(low.contains("\"seconds\" are 1 to 3600 simulated seconds, not 0.5"), "{low}");
        let high = read_one(r#""what":"heat","desire":"Hunger","kind":"ActOn","seconds":3601"#).unwrap_err();
        assert!(high.contains("not 3601"), "{high}");
        let no_kind = read_one(r#""what":"heat","desire":"Hunger","seconds":60"#).unwrap_err();
        assert!(no_kind.contains("names its tree's \"kind\""), "{no_kind}");
        let no_window = read_one(r#""what":"heat","desire":"Hunger","kind":"Activity""#).unwrap_err();
        assert!(no_window.contains("\"seconds\""), "{no_window}");
        let bad_desire = read_one(r#""what":"heat","desire":"Hungry","kind":"ActOn","seconds":60"#).unwrap_err();
        assert!(bad_desire.contains("Hungry"), "{bad_desire}");
        let bad_kind = read_one(r#""what":"heat","desire":"Hunger","kind":"Leaf","seconds":60"#).unwrap_err();
        assert!(bad_kind.contains("unknown variant `Leaf`"), "{bad_kind}");
        let stray = read_one(r#""what":"mind","desire":"Hunger""#).unwrap_err();
        assert!(stray.contains("only a heat ask names"), "{stray}");
    }

    #[test]
    fn a_told_heat_is_read_back_with_its_tree_and_counts() {
        let heat = ToldHeat { desire: Desire::Fear, kind: TreeKind::Activity, seconds: 30.0, counts: vec![7, 3, 4] };
        let told_heat = Told { heat: Some(heat), ..Told::of(0, Wanted::Heat, 42.0) };
        let v: Value = serde_json::from_str(&told(&json!(8), &told_heat).unwrap()).unwrap();
        assert_eq!(v["what"], "heat");
        assert_eq!(v["heat"]["counts"], json!([7, 3, 4]));
        assert_eq!((v["heat"]["desire"].as_str(), v["heat"]["kind"].as_str()), (Some("Fear"), Some("Activity")));
        assert_eq!(read_told(&v).unwrap(), told_heat);
        let negative = json!({"t": "told", "id": 1, "creature": 0, "what": "heat", "sim_time": 1.0,
            "heat": {"desire": "Fear", "kind": "ActOn", "seconds": 30.0, "counts": [-1]}});
        assert!(read_told(&negative).is_err());
    }

    #[test]
    fn a_subscription_follows_all_or_some() {
        let all = read(r#"{"t":"subscribe","creatures":"all","hz":10}"#).unwrap();
        assert_eq!(all, FromClient::Subscribe(Subscribe { creatures: Which::All, hz: 10.0 }));
        let some = read(r#"{"t":"subscribe","creatures":[0,2],"hz":2.5}"#).unwrap();
        assert_eq!(some, FromClient::Subscribe(Subscribe { creatures: Which::These(vec![0, 2]), hz: 2.5 }));
        assert!(read(r#"{"t":"subscribe","creatures":"most","hz":2}"#).is_err());
        assert!(read(r#"{"t":"subscribe","creatures":[-1],"hz":2}"#).is_err());
        assert!(read(r#"{"t":"subscribe","creatures":"all","hz":0}"#).is_err());
    }

    #[test]
    fn malformed_and_unknown_messages_say_what_is_wrong() {
        assert!(read("{").unwrap_err().contains("not a JSON object"));
        assert!(read("[1]").unwrap_err().contains("a JSON object"));
        assert!(read(r#"{"x":1}"#).unwrap_err().contains("\"t\""));
        let unknown = read(r#"{"t":"dance","id":1}"#).unwrap_err();
        assert!(unknown.contains("unknown variant `dance`"), "{unknown}");
        assert!(read(r#"{"t":"pause"}"#).unwrap_err().contains("\"id\""));
        assert!(read(r#"{"t":"hand","id":1,"creature":0,"act":"tickle"}"#).is_err());
        assert!(read(r#"{"t":"pause","id":[1]}"#).is_err());
    }
}
