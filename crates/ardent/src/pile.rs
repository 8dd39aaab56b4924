//! A fixed-capacity ordered pile of card instance ids: zones clone as a memcpy.

use crate::card::MAX_CARDS;

/// An ordered zone. For a deck, the top is the last element.
#[derive(Clone, Copy, Debug, Eq)]
pub struct Pile {
    len: u8,
    items: [u8; MAX_CARDS],
}

impl Default for Pile {
    fn default() -> Self {
        Pile { len: 0, items: [0; MAX_CARDS] }
    }
}

impl PartialEq for Pile {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

/// A pile is written as its list of ids (the position notation's stack and prompt lines).
impl serde::Serialize for Pile {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(s)
    }
}

impl<'de> serde::Deserialize<'de> for Pile {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Vec::<u8>::deserialize(d)?;
        if v.len() > MAX_CARDS {
            return Err(serde::de::Error::custom(format!("a pile holds at most {MAX_CARDS} entries")));
        }
        let mut p = Pile::default();
        for x in v {
            p.push(x);
        }
        Ok(p)
    }
}

impl Pile {
    pub fn as_slice(&self) -> &[u8] {
        &self.items[..self.len as usize]
    }
    pub fn as_mut_slice(&mut self) -> &mut [u8] {
        &mut self.items[..self.len as usize]
    }
    pub fn len(&self) -> usize {
        self.len as usize
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = u8> + '_ {
        self.as_slice().iter().copied()
    }
    pub fn contains(&self, card: u8) -> bool {
        self.as_slice().contains(&card)
    }
    pub fn position(&self, card: u8) -> Option<usize> {
        self.as_slice().iter().position(|&c| c == card)
    }
    pub fn get(&self, i: usize) -> Option<u8> {
        self.as_slice().get(i).copied()
    }
    pub fn last(&self) -> Option<u8> {
        self.as_slice().last().copied()
    }
    pub fn first(&self) -> Option<u8> {
        self.as_slice().first().copied()
    }
    /// Append at the end (the top of a deck, the right of a line).
    pub fn push(&mut self, card: u8) {
        debug_assert!((self.len as usize) < MAX_CARDS);
        self.items[self.len as usize] = card;
        self.len += 1;
    }
    pub fn pop(&mut self) -> Option<u8> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.items[self.len as usize])
    }
    /// Insert at `index` (0 = the bottom of a deck, the left of a line).
    pub fn insert(&mut self, index: usize, card: u8) {
        let len = self.len as usize;
        debug_assert!(len < MAX_CARDS && index <= len);
        self.items.copy_within(index..len, index + 1);
        self.items[index] = card;
        self.len += 1;
    }
    pub fn remove_at(&mut self, index: usize) -> u8 {
        let len = self.len as usize;
        let card = self.items[index];
        self.items.copy_within(index + 1..len, index);
        self.len -= 1;
        self.items[self.len as usize] = 0;
        card
    }
    /// Remove `card` if present; true when it was.
    pub fn remove(&mut self, card: u8) -> bool {
        match self.position(card) {
            Some(i) => {
                self.remove_at(i);
                true
            }
            None => false,
        }
    }
    pub fn clear(&mut self) {
        self.items = [0; MAX_CARDS];
        self.len = 0;
    }
    pub fn to_vec(&self) -> Vec<u8> {
        self.as_slice().to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_keep_order() {
        let mut p = Pile::default();
        p.push(3);
        p.push(5);
        p.insert(0, 1);
        assert_eq!(p.as_slice(), &[1, 3, 5]);
        assert!(p.remove(3));
        assert_eq!(p.as_slice(), &[1, 5]);
        assert_eq!(p.pop(), Some(5));
        assert!(!p.remove(9));
        let mut q = Pile::default();
        q.push(1);
        assert_eq!(p, q);
    }
}
