//! A dock tab's identity: the name the layout is stored by and the title people read.
//! Each panel names its own (`panels::*::TAB`); the registry in `panels` knows them all.

use serde::de::{EnumAccess, VariantAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A dockable panel, as the dock, the View menu and [`super::DockCommand::Show`] name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tab {
    name: &'static str,
    title: &'static str,
}

impl Tab {
    /// A tab stored in layouts by `name` and shown as `title`.
    pub const fn new(name: &'static str, title: &'static str) -> Tab {
        Tab { name, title }
    }

    /// The name the layout is stored by: it never changes once a panel has shipped.
    pub fn name(self) -> &'static str {
        self.name
    }

    /// The panel's title.
    pub fn title(self) -> &'static str {
        self.title
    }
}

/// Stored as an enum's unit variant, as the tabs were when they were one: a layout kept
/// by an earlier version opens unchanged.
impl Serialize for Tab {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_unit_variant("Tab", 0, self.name)
    }
}

/// A stored tab's name, read back before the registry turns it into a [`Tab`] (a name
/// no panel has any more is left out of the layout).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TabName(pub String);

impl<'de> Deserialize<'de> for TabName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<TabName, D::Error> {
        struct Name;
        impl<'de> Visitor<'de> for Name {
            type Value = TabName;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a panel's name")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<TabName, E> {
                Ok(TabName(v.to_owned()))
            }
            fn visit_enum<A: EnumAccess<'de>>(self, a: A) -> Result<TabName, A::Error> {
                let (name, rest): (Variant, _) = a.variant()?;
                rest.unit_variant()?;
                Ok(name.0)
            }
        }
        d.deserialize_enum("Tab", &[], Name)
    }
}

/// A variant's name, read as the identifier it is.
struct Variant(TabName);

impl<'de> Deserialize<'de> for Variant {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Variant, D::Error> {
        struct Ident;
        impl Visitor<'_> for Ident {
            type Value = Variant;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a panel's name")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Variant, E> {
                Ok(Variant(TabName(v.to_owned())))
            }
        }
        d.deserialize_identifier(Ident)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tab_is_stored_as_the_enum_variant_it_used_to_be_and_read_back_by_name() {
        let tab = Tab::new("SpeciesPlots", "Species plots");
        let text = ron::to_string(&tab).unwrap();
        assert_eq!(text, "SpeciesPlots");
        assert_eq!(ron::from_str::<TabName>(&text).unwrap(), TabName("SpeciesPlots".into()));
        let list: Vec<TabName> = ron::from_str("[Start, TreeGraph]").unwrap();
        assert_eq!(list, [TabName("Start".into()), TabName("TreeGraph".into())]);
    }
}
