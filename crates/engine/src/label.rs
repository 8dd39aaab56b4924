//! Text for people, in English and Chinese.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Label {
    pub en: String,
    pub zh: String,
}

impl Label {
    pub fn new(en: impl Into<String>, zh: impl Into<String>) -> Self {
        Label { en: en.into(), zh: zh.into() }
    }
}
