//! A share of a batch's work: every K-th item from the I-th. Batches of newborns, and
//! any long list of runs, split by it, so that shards run on different machines and
//! together run every item exactly once.

/// Which items of a batch run (newborns, or matches): those whose index ≡
/// `index` (mod `of`). A batch split into shards `0/K` … `K-1/K` runs every item exactly
/// once, each exactly as in the whole batch, so the shards can run on different machines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub of: usize,
}

impl Shard {
    /// The whole batch as one shard.
    pub const ALL: Shard = Shard { index: 0, of: 1 };

    /// Parses `I/K` with `I < K`.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("`{text}`: expected I/K, a shard index I from 0 to K-1 and a shard count K, like 0/4");
        let (i, k) = text.split_once('/').ok_or_else(bad)?;
        let index: usize = i.trim().parse().map_err(|_| bad())?;
        let of: usize = k.trim().parse().map_err(|_| bad())?;
        if of == 0 || index >= of {
            return Err(bad());
        }
        Ok(Shard { index, of })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_as_index_over_count() {
        assert_eq!(Shard::parse("2/3"), Ok(Shard { index: 2, of: 3 }));
        assert_eq!(Shard::parse("0/1"), Ok(Shard::ALL));
        for bad in ["3/3", "1/0", "1", "a/2", "-1/2", "1/2/3", ""] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }
}
