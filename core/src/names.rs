//! Named enums whose names are fixed by the SPEC (the 40 desires, the 17 species,
//! the five traits). They read and write as plain strings (`"Hunger"`), and an
//! unknown name is refused with the nearest valid one.

/// Declares a fieldless enum that serialises as its name and parses with suggestions.
macro_rules! named_enum {
    ($(#[$meta:meta])* $vis:vis enum $name:ident ($what:literal) { $($variant:ident),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        $vis enum $name { $($variant),+ }

        impl $name {
            /// Every value, in the SPEC's order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The name as the files and the JSON write it.
            pub fn name(self) -> &'static str {
                match self { $($name::$variant => stringify!($variant)),+ }
            }

            /// The index in [`Self::ALL`].
            pub fn index(self) -> usize {
                self as usize
            }

            /// Looks a name up; the error suggests the nearest valid name.
            pub fn parse(name: &str) -> Result<Self, String> {
                Self::ALL
                    .iter()
                    .copied()
                    .find(|v| v.name() == name)
                    .ok_or_else(|| $crate::error::unknown_name($what, name, Self::ALL.iter().map(|v| v.name())))
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl std::str::FromStr for $name {
            type Err = String;
            fn from_str(s: &str) -> Result<Self, String> {
                Self::parse(s)
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.name())
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let name = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                Self::parse(&name).map_err(serde::de::Error::custom)
            }
        }
    };
}

named_enum! {
    /// The 40 desires of SPEC §2, in the SPEC's order.
    pub enum Desire ("desire") {
        ToImpress, Compassion, Anger, ToPlay, Hunger, Fear, Curiosity, ToPoo, Tiredness,
        ToIdleWithPlayer, Wanderlust, ToPuke, ToBuildHome, ToBringStuffHome, ForWater,
        ToRestoreHealth, ToBeFriends, ToAttractPlayersAttention, ToManifestState, ToGetWarmer,
        ToGetColder, ToScratch, ToRunAwayFromPlayer, ToRest, ToObeyPlayer, Illness,
        ToObeyCreature, Sadness, ToStayNearHome, ToTellPlayerWhatYouThink, ToPlayWithPlayer,
        ToTellCreatureWhatYouThink, ToEducateFriend, ToFollowPlayer, ToGetHigh,
        ToHangAroundAtHome, MentalIllness, MissFriend, ToLookAround, ToSteal,
    }
}

named_enum! {
    /// The 17 species of SPEC §3.
    pub enum Species ("species") {
        Ape, Cow, Tiger, Leopard, Wolf, Lion, Horse, Tortoise, Zebra, Bear, PolarBear,
        Sheep, Chimp, Ogre, Mandrill, Rhino, Gorilla,
    }
}

named_enum! {
    /// The five inborn traits of SPEC §3.
    pub enum Trait ("trait") {
        Kindness, Friendliness, Communicativeness, Lethargy, Aggression,
    }
}

impl Desire {
    /// How many desires a creature has (SPEC §2).
    pub const COUNT: usize = 40;
}

impl Species {
    /// The file stem of the species' data file: `PolarBear` → `polar_bear`.
    pub fn file_stem(self) -> String {
        let mut out = String::new();
        for (i, c) in self.name().chars().enumerate() {
            if c.is_uppercase() && i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        }
        out
    }
}

impl Trait {
    /// The name as the files write it in a traits record (`kindness`).
    pub fn field(self) -> &'static str {
        match self {
            Trait::Kindness => "kindness",
            Trait::Friendliness => "friendliness",
            Trait::Communicativeness => "communicativeness",
            Trait::Lethargy => "lethargy",
            Trait::Aggression => "aggression",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forty_desires_seventeen_species_five_traits() {
        assert_eq!(Desire::ALL.len(), Desire::COUNT);
        assert_eq!(Species::ALL.len(), 17);
        assert_eq!(Trait::ALL.len(), 5);
        assert_eq!(Desire::ALL[4], Desire::Hunger);
        assert_eq!(Desire::ALL[39].name(), "ToSteal");
        for (i, d) in Desire::ALL.iter().enumerate() {
            assert_eq!(d.index(), i);
        }
    }

    #[test]
    fn names_round_trip_and_unknown_names_suggest() {
        for d in Desire::ALL {
            assert_eq!(Desire::parse(d.name()), Ok(*d));
        }
        let err = Desire::parse("Hungry").unwrap_err();
        assert!(err.contains("Hunger"), "{err}");
        assert_eq!(Species::PolarBear.file_stem(), "polar_bear");
    }
}
