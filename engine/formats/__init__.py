"""Games of more than two players, built on the two-player game: the formats the rulebooks give.

The two-player engine (`engine.state`) stays what it is; these modules sit above it.
`money` keeps the stakes, transfers and cagnotte; `roster` the list of players and its
rotations; `actions` the sitting's verbs; `notes` the steps recorded with their rules; `session`
a sitting of one format (à deux côtés, chouette, pool) partie by partie; `partie` one partie
played or given; `tournament` pairs and ranks many players; `scenario` and `tournament_scenario`
read and run their scenarios, and `verdict` says how a scenario disagrees with the engine.
docs/formats.md and docs/tournaments.md tell the rest.
"""
