//! The four ST1 starter decks in the text form of the starter-set spec (§3–§6).

pub const STARTER_DECKS: [(&str, &str); 4] = [
    ("Wildfire Rush", WILDFIRE_RUSH),
    ("Lyceum Muster", LYCEUM_MUSTER),
    ("Tailwind Roamers", TAILWIND_ROAMERS),
    ("Thunderhorn Stampede", THUNDERHORN_STAMPEDE),
];

/// The deck text for a starter deck name (case-insensitive), or `None`.
pub fn starter(name: &str) -> Option<&'static str> {
    STARTER_DECKS.iter().find(|(n, _)| n.eq_ignore_ascii_case(name.trim())).map(|(_, t)| *t)
}

pub const WILDFIRE_RUSH: &str = "Legend: 1 Roxa, Wildfire Heart
Champion: 1 Roxa, Fuse Runner
Main Deck:
3 Blast Runner
3 Scrapyard Scamp
3 Fuse Lighter
2 Skyrocket Grunt
2 Volatile Tinker
2 Gutter Prowler
2 Cackling Arsonist
2 Spoils Collector
2 Crate Smasher
1 Demolition Maestro
1 Pyrotechnic Wyrm
3 Sparkshot
2 Rummage Run
2 Reckless Salvo
2 Tripwire Charge
2 Scram!
2 Fresh Fuse
2 Blastcap Gauntlet
1 Firecracker Crate
Runes:
6 Ember Rune
6 Vortex Rune
Battlefields:
1 Smoldering Scrapyard
1 Fireworks Pier
1 Scorched Plaza
";

pub const LYCEUM_MUSTER: &str = "Legend: 1 Quell, Provost of the Lyceum
Champion: 1 Quell, Drillmaster
Main Deck:
3 Bell-Ringer Page
2 Hall Sentinel
2 Lyceum Sharpshooter
2 Conjured Bulwark
3 Muster Sergeant
2 Veteran Halberdier
2 Shieldwall Captain
2 Gearwright Savant
1 Grand Archivist
2 Brace!
2 Snare Glyph
2 Rally Cry
2 Study Session
2 Countermand Edict
2 Dismantle Ray
2 Call to Arms
2 Bring Low
2 Lyceum Orrery
2 Drill Yard
Runes:
6 Lumen Rune
6 Crown Rune
Battlefields:
1 Lyceum Gatehouse
1 Archive Vault
1 Whispering Alcove
";

pub const TAILWIND_ROAMERS: &str = "Legend: 1 Wren, Tailwind Wanderer
Champion: 1 Wren, Gale Dancer
Main Deck:
2 Kite Scout
3 Windrider Courier
3 Drift Blade
3 Thornstep Ambusher
2 Whirling Duelist
2 Cloaked Wayfarer
2 Stormcall Adept
2 Duskwood Stalker
2 Tempest Sentinel
1 Skyreach Roc
2 Updraft
2 Scram!
2 Crosswind Gambit
3 Stilling Breath
2 Slipstream
2 Crossing Strike
2 Wayfinder's Compass
2 Featherweave Cloak
Runes:
6 Willow Rune
6 Vortex Rune
Battlefields:
1 Stormwatch Bluff
1 Gale-Carved Ridge
1 Stillwater Shrine
";

pub const THUNDERHORN_STAMPEDE: &str = "Legend: 1 Grumhold, Storm Patriarch
Champion: 1 Grumhold, Thunderhorn
Main Deck:
2 Tuskguard Boar
3 Sparkhorn Calf
3 Kindled Charger
2 Herd Caller
2 Storm-Touched Elk
2 Boulderback Tortoise
2 Ridgeback Ravager
2 Stormhorn Aurochs
2 Magma Behemoth
1 Primeval Colossus
2 Sparkshot
2 Stubborn Hide
3 Stoneblood Ritual
2 Mountain's Might
2 Patriarch's Charge
2 Earthshaker Slam
1 Rolling Thunder
2 Blastcap Gauntlet
2 Lodestone Idol
Runes:
6 Ember Rune
6 Stone Rune
Battlefields:
1 Thunderhead Peak
1 Titan's Footprint
1 Sinking Mire
";
