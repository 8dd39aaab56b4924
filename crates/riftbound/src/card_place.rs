//! Where a JSON pointer of a card-set problem is in a TOML file: the set is read a second time
//! keeping every value's byte span (`toml::Spanned`), and the pointer is walked down that tree to
//! the deepest value it names, so a problem reads `cards.toml:14:8 at /card/2/energy: …`.

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use std::fmt;
use toml::Spanned;

/// A TOML value with the span of every value inside it.
enum Node {
    Leaf,
    Table(Vec<(String, Spanned<Node>)>),
    Array(Vec<Spanned<Node>>),
}

struct NodeVisitor;

impl<'de> Visitor<'de> for NodeVisitor {
    type Value = Node;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a TOML value")
    }
    fn visit_bool<E>(self, _: bool) -> Result<Node, E> {
        Ok(Node::Leaf)
    }
    fn visit_i64<E>(self, _: i64) -> Result<Node, E> {
        Ok(Node::Leaf)
    }
    fn visit_u64<E>(self, _: u64) -> Result<Node, E> {
        Ok(Node::Leaf)
    }
    fn visit_f64<E>(self, _: f64) -> Result<Node, E> {
        Ok(Node::Leaf)
    }
    fn visit_str<E>(self, _: &str) -> Result<Node, E> {
        Ok(Node::Leaf)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Node, A::Error> {
        let mut out = Vec::new();
        while let Some(k) = map.next_key::<String>()? {
            out.push((k, map.next_value::<Spanned<Node>>()?));
        }
        Ok(Node::Table(out))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Node, A::Error> {
        let mut out = Vec::new();
        while let Some(v) = seq.next_element::<Spanned<Node>>()? {
            out.push(v);
        }
        Ok(Node::Array(out))
    }
}

impl<'de> Deserialize<'de> for Node {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(NodeVisitor)
    }
}

/// The spans of a TOML text's values, to place pointers in it.
pub struct Places {
    root: Node,
}

impl Places {
    /// `None` if the text does not read (its syntax error is reported on its own).
    pub fn of_toml(text: &str) -> Option<Places> {
        toml::from_str::<Node>(text).ok().map(|root| Places { root })
    }

    /// The byte offset of the deepest value `pointer` (RFC 6901) reaches.
    pub fn offset(&self, pointer: &str) -> Option<usize> {
        let mut node = &self.root;
        let mut at = None;
        for part in pointer.split('/').skip(1) {
            let part = part.replace("~1", "/").replace("~0", "~");
            let next = match node {
                Node::Table(kv) => kv.iter().find(|(k, _)| *k == part).map(|(_, v)| v),
                Node::Array(items) => part.parse::<usize>().ok().and_then(|i| items.get(i)),
                Node::Leaf => None,
            };
            let Some(next) = next else { break };
            at = Some(next.span().start);
            node = next.get_ref();
        }
        at
    }
}
