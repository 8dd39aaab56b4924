//! Flow (CR 829): a spell played from the trash for its Flow cost is banished when it leaves the chain.

use crate::action::ObjId;
use crate::state::*;

impl RiftGame {
    /// Flow (CR 829): a spell played for its Flow cost that leaves the chain goes to its owner's
    /// banishment instead of wherever it was going (the trash, when it resolves or is countered).
    pub(crate) fn flow_destination(&self, id: ObjId, old: Zone, to: Zone) -> Zone {
        if old == Zone::Chain && to != Zone::Chain && self.obj(id).has(flag::FLOWED) {
            Zone::Banished
        } else {
            to
        }
    }
}
