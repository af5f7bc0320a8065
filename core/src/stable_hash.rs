//! A hash that is the same in every process and on every machine (FNV-1a, 64 bits),
//! unlike the standard library's keyed hasher: for names that must be found again by
//! another process (a long file name's save names) and for what a table was computed
//! from (a training report's target and data).

/// FNV-1a over `parts`, each after its length, so that no two lists of parts hash as
/// their concatenation does.
#[must_use]
pub fn fnv1a64<'a>(parts: impl IntoIterator<Item = &'a [u8]>) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x100_0000_01b3;
    let step = |h: u64, b: &u8| (h ^ u64::from(*b)).wrapping_mul(PRIME);
    parts.into_iter().fold(OFFSET, |h, part| {
        let h = (part.len() as u64).to_le_bytes().iter().fold(h, step);
        part.iter().fold(h, step)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_is_fixed_and_parts_are_kept_apart() {
        assert_eq!(fnv1a64([&b"kind.target.ron"[..]]), fnv1a64([&b"kind.target.ron"[..]]));
        assert_ne!(fnv1a64([&b"ab"[..], b"c"]), fnv1a64([&b"a"[..], b"bc"]));
        assert_ne!(fnv1a64([&b"a"[..]]), fnv1a64([&b"b"[..]]));
    }
}
