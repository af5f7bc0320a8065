//! One document's undo history: the values at its undo points, with the same rules as
//! egui's `Undoer` (which the studio used before this crate had to stay free of GUI
//! crates): an unsaved change since the last point is undone first, a redo is possible
//! only while the value is still the one the undo gave back, and at most
//! [`MAX_UNDOS`] points are kept.

use std::collections::VecDeque;

/// The most undo points one document keeps; older ones are forgotten.
pub const MAX_UNDOS: usize = 200;

/// The undo points of one value.
#[derive(Clone, Debug)]
pub struct UndoStack<T> {
    undos: VecDeque<T>,
    redos: Vec<T>,
}

impl<T: Clone + PartialEq> UndoStack<T> {
    /// A history whose first point is `start`.
    pub fn new(start: &T) -> Self {
        Self { undos: VecDeque::from([start.clone()]), redos: Vec::new() }
    }

    /// Forgets every point and starts again from `value`: a value that came from disk
    /// is a new baseline, not a step the person can undo.
    pub fn rebase(&mut self, value: &T) {
        self.undos.clear();
        self.undos.push_back(value.clone());
        self.redos.clear();
    }

    /// Adds `current` as an undo point (nothing when it is the last point already).
    pub fn add(&mut self, current: &T) {
        if self.undos.back() != Some(current) {
            self.undos.push_back(current.clone());
        }
        while self.undos.len() > MAX_UNDOS {
            self.undos.pop_front();
        }
    }

    /// True when [`UndoStack::undo`] from `current` would give a value.
    pub fn has_undo(&self, current: &T) -> bool {
        match self.undos.len() {
            0 => false,
            1 => self.undos.back() != Some(current),
            _ => true,
        }
    }

    /// The value before `current`: the last point when `current` has changed since it,
    /// else the point before that.
    pub fn undo(&mut self, current: &T) -> Option<&T> {
        if !self.has_undo(current) {
            return None;
        }
        if self.undos.back() == Some(current) {
            if let Some(last) = self.undos.pop_back() {
                self.redos.push(last);
            }
        } else {
            self.redos.push(current.clone());
        }
        self.undos.back()
    }

    /// The value an undo from it took away, while `current` is still what that undo
    /// gave back; after any other change there is nothing to redo.
    pub fn redo(&mut self, current: &T) -> Option<&T> {
        if !self.undos.is_empty() && self.undos.back() != Some(current) {
            self.redos.clear();
            return None;
        }
        let next = self.redos.pop()?;
        self.undos.push_back(next);
        self.undos.back()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undo_walks_back_through_the_points_and_redo_forward() {
        let mut u = UndoStack::new(&0);
        u.add(&1);
        u.add(&2);
        assert_eq!(u.undo(&2), Some(&1));
        assert_eq!(u.undo(&1), Some(&0));
        assert_eq!(u.undo(&0), None, "the first point is as far as it goes");
        assert_eq!(u.redo(&0), Some(&1));
        assert_eq!(u.redo(&1), Some(&2));
        assert_eq!(u.redo(&2), None);
    }

    #[test]
    fn a_change_since_the_last_point_is_undone_first_and_ends_the_redos() {
        let mut u = UndoStack::new(&0);
        u.add(&1);
        assert_eq!(u.undo(&5), Some(&1), "an edit not yet a point goes back to the last point");
        assert_eq!(u.redo(&1), Some(&5));
        assert_eq!(u.undo(&5), Some(&1));
        assert_eq!(u.redo(&7), None, "a new change after an undo drops the redos");
        assert_eq!(u.redo(&1), None);
    }

    #[test]
    fn rebase_forgets_the_history_and_old_points_fall_off() {
        let mut u = UndoStack::new(&0);
        u.add(&1);
        u.rebase(&9);
        assert_eq!(u.undo(&9), None);
        let mut long = UndoStack::new(&0);
        for i in 1..=(MAX_UNDOS as i32 + 50) {
            long.add(&i);
        }
        let mut steps = 0;
        let mut v = MAX_UNDOS as i32 + 50;
        while let Some(prev) = long.undo(&v) {
            v = *prev;
            steps += 1;
        }
        assert_eq!(steps, MAX_UNDOS - 1);
    }
}
