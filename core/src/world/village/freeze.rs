//! The village as a snapshot writes it (SPEC §17): the very bytes postcard writes for
//! [`Village`], field after field, but each object's answers copied from the bytes
//! written for the last snapshot when they are the same map. Answers change only when
//! an object's state does (they are shared until then), and writing them out as strings
//! was most of what a snapshot cost.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::Serialize;

use super::{Obj, Village};

/// Each object's answers as last written, by the object's place.
#[derive(Clone, Debug, Default)]
pub struct AnswersWritten(Vec<Option<Written>>);

/// An object's answers as written: the map itself (kept, so that its allocation cannot
/// be taken by another map while its bytes are here) and its bytes.
type Written = (Arc<BTreeMap<String, String>>, Vec<u8>);

impl Village {
    /// Appends the village's postcard bytes to `out`: the bytes `postcard::to_extend`
    /// gives for it (a struct is its fields' bytes one after another, a list its length
    /// and then its items), with the answers `written` before copied.
    #[must_use]
    pub fn freeze_into(&self, written: &mut AnswersWritten, out: Vec<u8>) -> Vec<u8> {
        // Every field named, so that a field added cannot be left out here.
        let Village {
            size,
            clock,
            climate,
            objects,
            index,
            pen,
            hand,
            me,
            areas,
            explored,
            explored_count,
            cells,
            last_cell,
        } = self;
        let mut out = extend(&(size, clock, climate, objects.len()), out);
        written.0.resize(objects.len(), None);
        for (o, kept) in objects.iter().zip(&mut written.0) {
            let Obj {
                id,
                kind,
                pos,
                origin,
                radius,
                present,
                alive,
                health,
                food,
                wood,
                need,
                owner,
                town,
                answers,
                overrides,
                tribe,
                sex,
                job,
                seen,
                respawn_at,
                orders_every,
                next_order,
            } = o;
            out = extend(&(id, kind, pos, origin, radius, present, alive, health, food, wood, need, owner, town), out);
            match kept {
                Some((map, bytes)) if Arc::ptr_eq(map, answers) => out.extend_from_slice(bytes),
                _ => {
                    let start = out.len();
                    out = extend(&**answers, out);
                    *kept = Some((Arc::clone(answers), out.get(start..).unwrap_or_default().to_vec()));
                }
            }
            out = extend(&(overrides, tribe, sex, job, seen, respawn_at, orders_every, next_order), out);
        }
        extend(&(index, pen, hand, me, areas, explored, explored_count, cells, last_cell), out)
    }
}

/// `value`'s postcard bytes after `out`'s: how a snapshot is written, part by part.
pub(crate) fn extend<T: Serialize + ?Sized>(value: &T, out: Vec<u8>) -> Vec<u8> {
    // Plain data, which postcard always writes into a Vec.
    postcard::to_extend(value, out).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Data;
    use crate::world::file::WorldFile;

    #[test]
    fn the_village_is_written_as_postcard_writes_it_with_answers_kept_or_changed() {
        let data = Data::builtin().unwrap();
        let world = WorldFile::builtin(&data).unwrap();
        let mut village = Village::new(&world, &data.attributes, &data.kinds, 16);
        let mut written = AnswersWritten::default();
        let plain = |v: &Village| postcard::to_allocvec(v).unwrap();
        assert_eq!(village.freeze_into(&mut written, Vec::new()), plain(&village), "nothing written before");
        assert_eq!(village.freeze_into(&mut written, vec![7]), [vec![7], plain(&village)].concat(), "after bytes");
        // An object eaten: its answers change, the others are copied.
        let sheep = village.objects.iter().position(|o| o.kind.is_being()).unwrap();
        village.objects[sheep].alive = false;
        village.refresh(sheep, &data.attributes);
        assert_eq!(village.freeze_into(&mut written, Vec::new()), plain(&village), "one map changed");
        // Another village (a world reloaded) with fewer objects.
        let mut fewer = world.clone();
        fewer.objects.truncate(fewer.objects.len() / 2);
        let smaller = Village::new(&fewer, &data.attributes, &data.kinds, 16);
        assert_eq!(smaller.freeze_into(&mut written, Vec::new()), plain(&smaller), "a new village");
    }
}
