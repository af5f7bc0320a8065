//! The shadow league (SPEC §20): every pair of banks plays a number of matches from each
//! side, shadow against shadow in the arena, and each bank is rated by Glicko-2 over all
//! its matches.
//!
//! - Each match's seed comes from the league's seed and the match's place in the league
//!   (pair, side, index) alone ([`match_seed`]), and the matches run on all cores with
//!   rayon as a batch of newborns does (`world::batch`), their results collected in
//!   place order: the same seed gives the same league on any number of threads.
//! - The ratings come from the `skillratings` crate's Glicko-2, never from sums of our
//!   own. A round (one side and one match index) is one rating period in which every
//!   pair meets once; the periods are taken in place order, so the ratings are the same
//!   on every run.

use rayon::prelude::*;

pub use creature_core::shard::Shard;
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};

use super::arena::MatchOutcome;
use super::bank::{Bank, Matchup};
use super::fight::{Bout, Controller, ShadowPlayer};
use creature_core::rng::Rng;

/// The matches a pair plays from each side unless told otherwise (SPEC §20).
pub const DEFAULT_MATCHES: u32 = 5;

/// The most matches a pair plays from each side: with the most banks a command line
/// names, a league stays within minutes and its results within memory.
pub const MAX_MATCHES: u32 = 1_000;

/// The most banks one league plays: 256 banks are 32,640 pairs.
pub const MAX_BANKS: usize = 256;

/// How a league is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Matches each pair plays from each side.
    pub matches: u32,
    /// The league's seed; every match's seed comes from it ([`match_seed`]).
    pub seed: u64,
}

impl Default for Rules {
    fn default() -> Self {
        Self { matches: DEFAULT_MATCHES, seed: 1 }
    }
}

/// Who won a match, named as the league's table names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Winner {
    /// The bank on the left (side 0).
    A,
    /// The bank on the right (side 1).
    B,
    Draw,
}

impl Winner {
    /// `"a"`, `"b"` or `"draw"` (SPEC §20).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Winner::A => "a",
            Winner::B => "b",
            Winner::Draw => "draw",
        }
    }
}

/// One match of a league: which banks played it, from which side, and how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchResult {
    /// The bank on the left (side 0), by its position in the league's list.
    pub a: usize,
    /// The bank on the right (side 1).
    pub b: usize,
    /// The rating period it counts in: the side of its pair (0 when the first-named bank
    /// of the pair is on the left) times the matches per side, plus its index.
    pub round: u32,
    /// The match's seed ([`match_seed`]); the left shadow picks with it, the right one
    /// with the next number.
    pub seed: u64,
    pub winner: Winner,
    /// Health left on each side at the end, 0 for a knocked-out fighter.
    pub health: [u32; 2],
    /// Frames the match lasted.
    pub frames: u32,
}

/// One bank's line of the league's table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Standing {
    /// The bank, by its position in the league's list.
    pub bank: usize,
    /// Its Glicko-2 rating (1500 at the start).
    pub rating: f64,
    /// Its rating deviation, the rating's uncertainty (350 at the start).
    pub deviation: f64,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

/// A league played: every match in place order, and the table, highest rating first.
#[derive(Clone, Debug, PartialEq)]
pub struct League {
    pub matches: Vec<MatchResult>,
    pub standings: Vec<Standing>,
}

/// Why a league cannot start, said about the bank at `bank` in the list (or about the
/// whole list when `None`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub bank: Option<usize>,
    pub message: String,
}

impl Refusal {
    fn of(bank: usize, message: String) -> Self {
        Self { bank: Some(bank), message }
    }
}

/// Refuses a league of fewer than two banks or more than [`MAX_BANKS`]: checked from
/// the count alone, before any bank is read.
pub fn check_count(banks: usize) -> Result<(), Refusal> {
    let refuse = |message: String| Err(Refusal { bank: None, message });
    if banks < 2 {
        return refuse(format!("a league needs two banks or more to play each other; got {banks}"));
    }
    if banks > MAX_BANKS {
        return refuse(format!("a league plays at most {MAX_BANKS} banks; got {banks}"));
    }
    Ok(())
}

/// The matchup every bank of a league plays, after the checks that come before any
/// match: the count ([`check_count`]), no bank empty, each holding events of one
/// matchup, the same for all. The arena is played with the matchup's characters, each
/// shadow from its whole bank.
pub fn matchup_of(banks: &[&Bank]) -> Result<Matchup, Refusal> {
    check_count(banks.len())?;
    let mut first: Option<(usize, Matchup)> = None;
    for (i, bank) in banks.iter().enumerate() {
        if bank.is_empty() {
            return Err(Refusal::of(i, "the bank has no events; a shadow needs something to play".into()));
        }
        let matchups = bank.matchups();
        let [matchup] = matchups.as_slice() else {
            let listed: Vec<String> = matchups.iter().map(ToString::to_string).collect();
            return Err(Refusal::of(
                i,
                format!(
                    "the bank holds {} matchups ({}); a league plays one matchup, so give it a bank of one",
                    matchups.len(),
                    listed.join(", ")
                ),
            ));
        };
        match &first {
            None => first = Some((i, matchup.clone())),
            Some((_, m)) if m != matchup => {
                return Err(Refusal::of(
                    i,
                    format!(
                        "the bank is of the matchup {matchup}, but the first bank is of {m}; a league plays one matchup"
                    ),
                ));
            }
            Some(_) => {}
        }
    }
    Ok(first.map(|(_, m)| m).unwrap_or_default())
}

/// The seed of the match at `place` in a league seeded `seed`: a number drawn from the
/// studio's generator seeded by both, so neighbouring places get unrelated seeds and
/// no thread's timing enters.
#[must_use]
pub fn match_seed(seed: u64, place: u64) -> u64 {
    Rng::seeded(seed ^ place.wrapping_mul(0x9E37_79B9_7F4A_7C15)).next_u64()
}

/// One match's place in the league: pair `(i, j)` with `i < j` of `n` banks, `side` 0
/// when bank `i` is on the left, and its index among the pair's matches from that side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Place {
    i: usize,
    j: usize,
    side: u32,
    index: u32,
}

impl Place {
    /// Every place of a league of `n` banks, in place order: pairs in order, then side,
    /// then index.
    fn all(n: usize, matches: u32) -> Vec<Place> {
        let mut places = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                for side in 0..2 {
                    places.extend((0..matches).map(|index| Place { i, j, side, index }));
                }
            }
        }
        places
    }

    /// The place as one number, unique in a league of `n` banks and `matches` per side.
    fn number(self, n: usize, matches: u32) -> u64 {
        let pair = (self.i * n + self.j) as u64;
        (pair * 2 + u64::from(self.side)) * u64::from(matches) + u64::from(self.index)
    }
}

/// One match between two prepared shadows, `left` on side 0, ready to play as a league
/// plays it with `seed`: run to its end, or frame by frame to watch it again.
#[must_use]
pub fn bout(left: &ShadowPlayer, right: &ShadowPlayer, matchup: &Matchup, seed: u64) -> Bout {
    Bout::new(
        [
            Controller::Shadow(Box::new(left.fresh(seed))),
            Controller::Shadow(Box::new(right.fresh(seed.wrapping_add(1)))),
        ],
        [matchup.own(), matchup.opponent()],
    )
}

/// Plays one match between two prepared shadows, `left` on side 0.
fn play_match(left: &ShadowPlayer, right: &ShadowPlayer, matchup: &Matchup, seed: u64) -> (Winner, [u32; 2], u32) {
    let mut bout = bout(left, right, matchup, seed);
    bout.run();
    let winner = match bout.arena.outcome {
        Some(MatchOutcome::Winner(0)) => Winner::A,
        Some(MatchOutcome::Winner(_)) => Winner::B,
        _ => Winner::Draw,
    };
    let health = |side: usize| u32::try_from(bout.arena.fighters[side].health).unwrap_or(0);
    (winner, [health(0), health(1)], bout.arena.frame)
}

/// Plays every match of a league between the shadows `players` (prepared once each,
/// in the league's order) on all cores, in the arena with `matchup`'s characters.
/// Returns the results in place order.
#[must_use]
pub fn play(players: &[ShadowPlayer], matchup: &Matchup, rules: Rules) -> Vec<MatchResult> {
    play_shard(players, matchup, rules, Shard::ALL)
}

/// [`play`] for the matches of one shard: those whose place in the league's place order
/// is ≡ `shard.index` (mod `shard.of`). Each is played exactly as in the whole league,
/// so the shards' results together are the league's, whichever machines play them.
#[must_use]
pub fn play_shard(players: &[ShadowPlayer], matchup: &Matchup, rules: Rules, shard: Shard) -> Vec<MatchResult> {
    let n = players.len();
    let places: Vec<Place> =
        Place::all(n, rules.matches).into_iter().skip(shard.index).step_by(shard.of.max(1)).collect();
    places
        .into_par_iter()
        .map(|p| {
            let seed = match_seed(rules.seed, p.number(n, rules.matches));
            let (a, b) = if p.side == 0 { (p.i, p.j) } else { (p.j, p.i) };
            let (winner, health, frames) = play_match(&players[a], &players[b], matchup, seed);
            MatchResult { a, b, round: p.side * rules.matches + p.index, seed, winner, health, frames }
        })
        .collect()
}

/// A match's outcome for the bank on side `side`.
fn outcome(winner: Winner, side: usize) -> Outcomes {
    match (winner, side) {
        (Winner::Draw, _) => Outcomes::DRAW,
        (Winner::A, 0) | (Winner::B, 1) => Outcomes::WIN,
        _ => Outcomes::LOSS,
    }
}

/// The table of a league of `banks` banks from its results: wins, losses and draws,
/// and Glicko-2 ratings (initial 1500, deviation 350) over all matches, one rating
/// period per round of `rounds`, highest rating first (equal ratings in list order).
/// A result naming a bank or a round outside the league is left out.
#[must_use]
pub fn standings(banks: usize, results: &[MatchResult], rounds: u32) -> Vec<Standing> {
    let results: Vec<&MatchResult> =
        results.iter().filter(|r| r.a < banks && r.b < banks && r.round < rounds).collect();
    let mut table: Vec<Standing> =
        (0..banks).map(|bank| Standing { bank, rating: 0.0, deviation: 0.0, wins: 0, losses: 0, draws: 0 }).collect();
    let mut by_round: Vec<Vec<&MatchResult>> = vec![Vec::new(); rounds as usize];
    for &r in &results {
        for (side, bank) in [r.a, r.b].into_iter().enumerate() {
            let s = &mut table[bank];
            match outcome(r.winner, side) {
                Outcomes::WIN => s.wins += 1,
                Outcomes::LOSS => s.losses += 1,
                Outcomes::DRAW => s.draws += 1,
            }
        }
        by_round[r.round as usize].push(r);
    }
    let config = Glicko2Config::new();
    let mut ratings = vec![Glicko2Rating::new(); banks];
    for round in &by_round {
        let mut games: Vec<Vec<(Glicko2Rating, Outcomes)>> = vec![Vec::new(); banks];
        for r in round {
            games[r.a].push((ratings[r.b], outcome(r.winner, 0)));
            games[r.b].push((ratings[r.a], outcome(r.winner, 1)));
        }
        ratings = ratings.iter().zip(&games).map(|(player, g)| glicko2_rating_period(player, g, &config)).collect();
    }
    for (s, r) in table.iter_mut().zip(&ratings) {
        s.rating = r.rating;
        s.deviation = r.deviation;
    }
    table.sort_by(|x, y| y.rating.total_cmp(&x.rating).then(x.bank.cmp(&y.bank)));
    table
}

/// The rating period (round) of the match that bank `a` on the left played against
/// bank `b` with `seed` in a league of `banks` banks played by `rules`; `None` when no
/// match of the league has that seed.
#[must_use]
pub fn round_of(banks: usize, rules: Rules, a: usize, b: usize, seed: u64) -> Option<u32> {
    if a == b || a >= banks || b >= banks {
        return None;
    }
    let (i, j, side) = if a < b { (a, b, 0) } else { (b, a, 1) };
    (0..rules.matches)
        .find(|&index| match_seed(rules.seed, Place { i, j, side, index }.number(banks, rules.matches)) == seed)
        .map(|index| side * rules.matches + index)
}

/// A league's matches gathered from its shards, checked whole: each match of the
/// league once, in place order. A match played twice, or one missing, is refused with
/// the banks (by their place in the list) and the match it names.
pub fn gather(banks: usize, rules: Rules, mut results: Vec<MatchResult>) -> Result<Vec<MatchResult>, String> {
    let number = |r: &MatchResult| {
        let (i, j) = (r.a.min(r.b), r.a.max(r.b));
        let (side, index) = (r.round / rules.matches, r.round % rules.matches);
        Place { i, j, side, index }.number(banks, rules.matches)
    };
    results.sort_by_key(number);
    if let Some(w) = results.windows(2).find(|w| number(&w[0]) == number(&w[1])) {
        let r = &w[0];
        return Err(format!(
            "bank {} against bank {} with seed {} is there twice; each match of a league counts once",
            r.a + 1,
            r.b + 1,
            r.seed
        ));
    }
    let all = Place::all(banks, rules.matches);
    if results.len() != all.len() {
        let have: std::collections::BTreeSet<u64> = results.iter().map(number).collect();
        let missing = all.iter().filter(|p| !have.contains(&p.number(banks, rules.matches))).count();
        let first = all.iter().find(|p| !have.contains(&p.number(banks, rules.matches)));
        let example = first.map_or(String::new(), |p| {
            let (a, b) = if p.side == 0 { (p.i, p.j) } else { (p.j, p.i) };
            format!(", the first bank {} against bank {} (match {} of that side)", a + 1, b + 1, p.index + 1)
        });
        return Err(format!("{missing} of the league's {} matches are missing{example}", all.len()));
    }
    Ok(results)
}

/// Plays a league and rates it (SPEC §20).
#[must_use]
pub fn run(players: &[ShadowPlayer], matchup: &Matchup, rules: Rules) -> League {
    let matches = play(players, matchup, rules);
    let standings = standings(players.len(), &matches, rules.matches * 2);
    League { matches, standings }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(a: usize, b: usize, round: u32, winner: Winner) -> MatchResult {
        MatchResult { a, b, round, seed: 0, winner, health: [0, 0], frames: 1 }
    }

    /// Every pair of `banks` meets once per round for `rounds` rounds, the lower-numbered
    /// bank on the left in even rounds; `winner` decides each match.
    fn round_robin(banks: usize, rounds: u32, winner: impl Fn(usize, usize) -> Winner) -> Vec<MatchResult> {
        let mut out = Vec::new();
        for round in 0..rounds {
            for i in 0..banks {
                for j in i + 1..banks {
                    let (a, b) = if round % 2 == 0 { (i, j) } else { (j, i) };
                    out.push(result(a, b, round, winner(a, b)));
                }
            }
        }
        out
    }

    #[test]
    fn a_bank_that_wins_every_match_is_rated_first_and_one_that_loses_every_match_last() {
        // Bank 1 beats everyone, bank 2 loses to everyone, banks 0 and 3 draw.
        let beats = |x: usize, y: usize| x == 1 || y == 2;
        let results = round_robin(4, 6, |a, b| {
            if beats(a, b) {
                Winner::A
            } else if beats(b, a) {
                Winner::B
            } else {
                Winner::Draw
            }
        });
        let table = standings(4, &results, 6);
        let order: Vec<usize> = table.iter().map(|s| s.bank).collect();
        assert_eq!(order[0], 1);
        assert_eq!(order[3], 2);
        let first = table[0];
        assert_eq!((first.wins, first.losses, first.draws), (18, 0, 0));
        assert!(first.rating > 1500.0 && table[3].rating < 1500.0, "{table:?}");
        assert!(table.iter().all(|s| s.deviation < 350.0 && s.deviation > 0.0), "{table:?}");
    }

    #[test]
    fn equal_results_rate_equally_and_keep_the_list_order() {
        let table = standings(3, &round_robin(3, 4, |_, _| Winner::Draw), 4);
        assert_eq!(table.iter().map(|s| s.bank).collect::<Vec<_>>(), [0, 1, 2]);
        assert!(table.iter().all(|s| (s.rating - 1500.0).abs() < 1e-9 && s.draws == 8));
    }

    #[test]
    fn the_table_is_the_same_whatever_the_order_the_results_come_in() {
        let results = round_robin(5, 4, |a, b| if (a + b) % 3 == 0 { Winner::A } else { Winner::B });
        let mut reversed = results.clone();
        reversed.reverse();
        let (x, y) = (standings(5, &results, 4), standings(5, &reversed, 4));
        // Within a period the order of games only changes sums' rounding, never the order.
        assert_eq!(x.iter().map(|s| s.bank).collect::<Vec<_>>(), y.iter().map(|s| s.bank).collect::<Vec<_>>());
        for (p, q) in x.iter().zip(&y) {
            assert!((p.rating - q.rating).abs() < 1e-6);
        }
    }

    #[test]
    fn places_are_numbered_once_each_and_seeds_follow_them() {
        let places = Place::all(4, 3);
        assert_eq!(places.len(), 4 * 3 * 3);
        let numbers: std::collections::BTreeSet<u64> = places.iter().map(|p| p.number(4, 3)).collect();
        assert_eq!(numbers.len(), places.len());
        assert_eq!(match_seed(1, 5), match_seed(1, 5));
        assert_ne!(match_seed(1, 5), match_seed(1, 6));
        assert_ne!(match_seed(1, 5), match_seed(2, 5));
    }

    #[test]
    fn a_match_is_placed_back_in_its_round_by_its_seed() {
        let rules = Rules { matches: 3, seed: 9 };
        for p in Place::all(4, 3) {
            let seed = match_seed(rules.seed, p.number(4, 3));
            let (a, b) = if p.side == 0 { (p.i, p.j) } else { (p.j, p.i) };
            assert_eq!(round_of(4, rules, a, b, seed), Some(p.side * 3 + p.index));
            assert_eq!(round_of(4, Rules { seed: 10, ..rules }, a, b, seed), None, "another league's match");
        }
    }

    #[test]
    fn gathering_refuses_a_match_twice_and_a_match_missing() {
        let rules = Rules { matches: 2, seed: 1 };
        let all: Vec<MatchResult> = Place::all(3, 2)
            .into_iter()
            .map(|p| {
                let (a, b) = if p.side == 0 { (p.i, p.j) } else { (p.j, p.i) };
                result(a, b, p.side * 2 + p.index, Winner::Draw)
            })
            .collect();
        let mut shuffled = all.clone();
        shuffled.reverse();
        assert_eq!(gather(3, rules, shuffled).unwrap(), all, "back in place order");
        let mut twice = all.clone();
        twice.push(all[4].clone());
        assert!(gather(3, rules, twice).unwrap_err().contains("twice"));
        let e = gather(3, rules, all[1..].to_vec()).unwrap_err();
        assert!(
            e.contains("1 of the league's 12 matches are missing, the first bank 1 against bank 2 (match 1"),
            "{e}"
        );
    }
}
