//! The village as a snapshot writes it (SPEC §17): the very bytes postcard writes for
//! [`Village`], field after field, but each object's answers copied from the bytes
//! written for the last snapshot when they are the same map, and what an object is
//! given when the village is built (and the index of ids) copied while it is the same
//! building. Answers change only when an object's state does (they are shared until
//! then), and writing these strings out was most of what a snapshot cost.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::Serialize;

use super::{Obj, Village};

/// What the last snapshot wrote of a village that the next may copy.
#[derive(Clone, Debug, Default)]
pub struct VillageWritten {
    /// Each object's answers as last written, by the object's place.
    answers: Vec<Option<Written>>,
    given: Option<Given>,
}

/// The building of the village last written (kept, so that no other can be built at
/// its address while its bytes are here), each object's given part, and the index's
/// bytes.
type Given = (Arc<()>, Vec<Vec<u8>>, Vec<u8>);

/// An object's answers as written: the map itself (kept, so that its allocation cannot
/// be taken by another map while its bytes are here) and its bytes.
type Written = (Arc<BTreeMap<String, String>>, Vec<u8>);

impl Village {
    /// Appends the village's postcard bytes to `out`: the bytes `postcard::to_extend`
    /// gives for it (a struct is its fields' bytes one after another, a list its length
    /// and then its items), with the answers `written` before copied.
    #[must_use]
    pub fn freeze_into(&self, written: &mut VillageWritten, out: Vec<u8>) -> Vec<u8> {
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
            build,
        } = self;
        let same =
            written.given.as_ref().is_some_and(|(b, given, _)| Arc::ptr_eq(b, build) && given.len() == objects.len());
        if !same {
            let given = objects.iter().map(|o| extend(&(&o.overrides, &o.tribe, &o.sex, &o.job), Vec::new())).collect();
            written.given = Some((Arc::clone(build), given, extend(index, Vec::new())));
        }
        let (given, index_bytes) = match &written.given {
            Some((_, given, index)) => (given.as_slice(), index.as_slice()),
            None => (&[][..], &[][..]),
        };
        let mut out = extend(&(size, clock, climate, objects.len()), out);
        written.answers.resize(objects.len(), None);
        for ((o, kept), given) in objects.iter().zip(&mut written.answers).zip(given) {
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
                overrides: _,
                tribe: _,
                sex: _,
                job: _,
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
            // Its overrides, tribe, sex and job, as the village was built.
            out.extend_from_slice(given);
            out = extend(&(seen, respawn_at, orders_every, next_order), out);
        }
        out.extend_from_slice(index_bytes);
        extend(&(pen, hand, me, areas, explored, explored_count, cells, last_cell), out)
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
    use crate::species::data::Data;
    use crate::world::file::WorldFile;

    #[test]
    fn the_village_is_written_as_postcard_writes_it_with_answers_kept_or_changed() {
        let data = Data::builtin().unwrap();
        let world = WorldFile::builtin(&data).unwrap();
        let mut village = Village::new(&world, &data.attributes, &data.kinds, 16);
        let mut written = VillageWritten::default();
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
        // Built again with as many objects, one of them believed otherwise, and copied.
        let mut believed = world.clone();
        believed.objects[0].beliefs.insert("allegiance".to_owned(), "enemy".to_owned());
        let other = Village::new(&believed, &data.attributes, &data.kinds, 16);
        let copy = village.clone();
        assert_eq!(other.freeze_into(&mut written, Vec::new()), plain(&other), "built again");
        assert_eq!(copy.freeze_into(&mut written, Vec::new()), plain(&copy), "a copy of the first");
        assert_ne!(plain(&copy), plain(&other));
    }
}
