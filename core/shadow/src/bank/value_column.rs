//! One feature of a bank's world states, stored without loss in little space.
//!
//! A recorded feature takes few distinct values: a fighter's state is one of a dozen
//! codes, health moves in whole points, distances in whole pixels. So a column keeps
//! each distinct value once, in a dictionary, and each event a one- or two-byte code
//! into it. When a column outgrows two-byte codes it keeps its values plainly. Values
//! are told apart by their bits (`-0.0` and `0.0` are two values), so every value
//! comes back exactly as it was stored. The query index keeps its curve features the
//! same way, in its own order of events.

/// The most distinct values a column keeps in its dictionary.
const MAX_DICTIONARY: usize = 1 << 16;

/// How the events' values are held.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Codes {
    /// One byte per event, into a dictionary of at most 256 values.
    Narrow(Vec<u8>),
    /// Two bytes per event, into a dictionary of at most 65,536 values.
    Wide(Vec<u16>),
    /// The values themselves, once there are too many distinct ones for a dictionary.
    Plain(Vec<f64>),
}

/// One feature's value for every event of a bank, in event order.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ValueColumn {
    /// Each distinct value once, in order of first appearance (empty for plain values).
    pub(crate) dictionary: Vec<f64>,
    /// The dictionary's positions sorted by value ([`f64::total_cmp`]), to find a value.
    sorted: Vec<u16>,
    pub(crate) codes: Codes,
}

impl Default for ValueColumn {
    fn default() -> Self {
        Self { dictionary: Vec::new(), sorted: Vec::new(), codes: Codes::Narrow(Vec::new()) }
    }
}

impl ValueColumn {
    /// A column from its parts as the binary form stores them; `None` when a code points
    /// past the dictionary or the dictionary is larger than its codes can address.
    pub(super) fn from_parts(dictionary: Vec<f64>, codes: Codes) -> Option<ValueColumn> {
        let fits = match &codes {
            Codes::Narrow(c) => dictionary.len() <= 256 && c.iter().all(|&k| usize::from(k) < dictionary.len()),
            Codes::Wide(c) => {
                dictionary.len() <= MAX_DICTIONARY && c.iter().all(|&k| usize::from(k) < dictionary.len())
            }
            Codes::Plain(_) => dictionary.is_empty(),
        };
        if !fits {
            return None;
        }
        let mut column = ValueColumn { dictionary, sorted: Vec::new(), codes };
        column.sort_dictionary();
        Some(column)
    }

    fn sort_dictionary(&mut self) {
        let d = &self.dictionary;
        let mut sorted: Vec<u16> = (0..d.len()).map(|k| k as u16).collect();
        sorted.sort_unstable_by(|&a, &b| d[usize::from(a)].total_cmp(&d[usize::from(b)]));
        self.sorted = sorted;
    }

    /// The number of values.
    pub(super) fn len(&self) -> usize {
        match &self.codes {
            Codes::Narrow(c) => c.len(),
            Codes::Wide(c) => c.len(),
            Codes::Plain(v) => v.len(),
        }
    }

    /// The value of event `i`.
    #[inline]
    pub(super) fn get(&self, i: usize) -> f64 {
        match &self.codes {
            Codes::Narrow(c) => self.dictionary[usize::from(c[i])],
            Codes::Wide(c) => self.dictionary[usize::from(c[i])],
            Codes::Plain(v) => v[i],
        }
    }

    /// Every value in event order, into `out` (cleared first).
    pub(super) fn decode_into(&self, out: &mut Vec<f64>) {
        out.clear();
        out.reserve(self.len());
        match &self.codes {
            Codes::Narrow(c) => out.extend(c.iter().map(|&k| self.dictionary[usize::from(k)])),
            Codes::Wide(c) => out.extend(c.iter().map(|&k| self.dictionary[usize::from(k)])),
            Codes::Plain(v) => out.extend_from_slice(v),
        }
    }

    /// Appends a value.
    pub(crate) fn push(&mut self, v: f64) {
        if let Codes::Plain(values) = &mut self.codes {
            values.push(v);
            return;
        }
        let d = &self.dictionary;
        let code = match self.sorted.binary_search_by(|&k| d[usize::from(k)].total_cmp(&v)) {
            Ok(at) => self.sorted[at],
            Err(_) if d.len() == MAX_DICTIONARY => {
                self.go_plain();
                self.push(v);
                return;
            }
            Err(at) => {
                let k = d.len() as u16;
                self.dictionary.push(v);
                self.sorted.insert(at, k);
                if self.dictionary.len() == 257 {
                    self.go_wide();
                }
                k
            }
        };
        match &mut self.codes {
            Codes::Narrow(c) => c.push(code as u8),
            Codes::Wide(c) => c.push(code),
            Codes::Plain(_) => unreachable!("a plain column appends above"),
        }
    }

    fn go_wide(&mut self) {
        if let Codes::Narrow(c) = &self.codes {
            let mut wide = Vec::with_capacity(c.capacity().max(c.len() + 1));
            wide.extend(c.iter().map(|&k| u16::from(k)));
            self.codes = Codes::Wide(wide);
        }
    }

    fn go_plain(&mut self) {
        let mut values = Vec::new();
        self.decode_into(&mut values);
        self.codes = Codes::Plain(values);
        self.dictionary = Vec::new();
        self.sorted = Vec::new();
    }

    /// Keeps the values of the events where `keep` is true. The dictionary keeps values
    /// no event uses any more; they cost nothing but their place in it.
    pub(super) fn retain(&mut self, keep: &[bool]) {
        match &mut self.codes {
            Codes::Narrow(c) => retain_by(c, keep),
            Codes::Wide(c) => retain_by(c, keep),
            Codes::Plain(v) => retain_by(v, keep),
        }
    }

    /// The bytes each event's value takes: 1 or 2 for a code, 8 for a plain value.
    pub(super) fn code_bytes(&self) -> u8 {
        match &self.codes {
            Codes::Narrow(_) => 1,
            Codes::Wide(_) => 2,
            Codes::Plain(_) => 8,
        }
    }

    /// Makes room for `more` values.
    pub(super) fn reserve(&mut self, more: usize) {
        match &mut self.codes {
            Codes::Narrow(c) => c.reserve(more),
            Codes::Wide(c) => c.reserve(more),
            Codes::Plain(v) => v.reserve(more),
        }
    }

    /// Gives back the room kept for values not yet added.
    pub(super) fn shrink_to_fit(&mut self) {
        match &mut self.codes {
            Codes::Narrow(c) => c.shrink_to_fit(),
            Codes::Wide(c) => c.shrink_to_fit(),
            Codes::Plain(v) => v.shrink_to_fit(),
        }
    }

    /// Whether every value is a finite number (the dictionary's values, used or not).
    pub(super) fn all_finite(&self) -> bool {
        match &self.codes {
            Codes::Plain(v) => v.iter().all(|x| x.is_finite()),
            _ => self.dictionary.iter().all(|x| x.is_finite()),
        }
    }

    /// The memory the column holds, in bytes (by capacity).
    pub(crate) fn heap_bytes(&self) -> usize {
        let codes = match &self.codes {
            Codes::Narrow(c) => c.capacity(),
            Codes::Wide(c) => c.capacity() * 2,
            Codes::Plain(v) => v.capacity() * 8,
        };
        codes + self.dictionary.capacity() * 8 + self.sorted.capacity() * 2
    }
}

/// Keeps the items of `v` whose place in `keep` is true (the bank's event mask).
pub(super) fn retain_by<T>(v: &mut Vec<T>, keep: &[bool]) {
    let mut k = keep.iter();
    v.retain(|_| k.next().copied().unwrap_or(false));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits(c: &ValueColumn) -> Vec<u64> {
        (0..c.len()).map(|i| c.get(i).to_bits()).collect()
    }

    #[test]
    fn values_come_back_exactly_through_every_width() {
        let mut c = ValueColumn::default();
        let mut pushed = Vec::new();
        // Few values: one-byte codes; -0.0 and 0.0 stay apart.
        for v in [0.0, -0.0, 1.5, 0.1 + 0.2, 0.3, 1.5, -0.0] {
            c.push(v);
            pushed.push(v.to_bits());
        }
        assert!(matches!(c.codes, Codes::Narrow(_)));
        assert_eq!(bits(&c), pushed);
        // More than 256 distinct: two-byte codes, the earlier values unchanged.
        for k in 0..300 {
            let v = f64::from(k) / 7.0;
            c.push(v);
            pushed.push(v.to_bits());
        }
        assert!(matches!(c.codes, Codes::Wide(_)));
        assert_eq!(bits(&c), pushed);
        // More than 65,536 distinct: plain values.
        for k in 0..MAX_DICTIONARY {
            let v = 1000.0 + k as f64 * 0.001;
            c.push(v);
            pushed.push(v.to_bits());
        }
        assert!(matches!(c.codes, Codes::Plain(_)));
        assert_eq!(bits(&c), pushed);
    }

    #[test]
    fn retain_keeps_the_chosen_values_in_order() {
        let mut c = ValueColumn::default();
        for v in [3.0, 1.0, 3.0, 2.0] {
            c.push(v);
        }
        c.retain(&[true, false, false, true]);
        assert_eq!((0..c.len()).map(|i| c.get(i)).collect::<Vec<_>>(), vec![3.0, 2.0]);
    }

    #[test]
    fn parts_that_point_past_the_dictionary_are_refused() {
        assert!(ValueColumn::from_parts(vec![1.0], Codes::Narrow(vec![0, 1])).is_none());
        assert!(ValueColumn::from_parts(vec![1.0], Codes::Plain(vec![1.0])).is_none());
        let c = ValueColumn::from_parts(vec![2.0, 1.0], Codes::Wide(vec![1, 0, 1])).expect("well formed");
        assert_eq!((0..3).map(|i| c.get(i)).collect::<Vec<_>>(), vec![1.0, 2.0, 1.0]);
        let mut c = c;
        c.push(2.0);
        c.push(5.0);
        assert_eq!(c.dictionary.len(), 3);
    }
}
