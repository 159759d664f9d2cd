"""The list of players of a table: its order by the draw, and how it turns after each partie."""
from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from ..cards import Card, card_name
from ..errors import Code, IllegalAction
from ..param_values import DrawnOrder
from ..ruleset import Ruleset


def ordered_by_draw(drawn: Mapping[str, Card], ruleset: Ruleset, by: str = "order_draw") -> tuple[str, ...]:
    """The players in the order their cards give (the parameter `by`, highest or lowest first: the
    list's `order_draw`, or pool écarté's `pool_order`; ranks by `draw_order`); equal cards must be
    drawn again (`draw.tie`)."""
    low_to_high = ruleset["draw_order"].split()
    value = {name: low_to_high.index(card_name(card)[0]) for name, card in drawn.items()}
    if len(set(value.values())) < len(value):
        tied = sorted(name for name in value if list(value.values()).count(value[name]) > 1)
        raise IllegalAction(Code.IMPOSSIBLE, f"{' and '.join(tied)} drew cards of the same rank"
                            f" ({', '.join(card_name(drawn[n]) for n in tied)}): they draw again", "draw.tie")
    highest = ruleset[by] is DrawnOrder.HIGHEST_FIRST
    return tuple(sorted(value, key=lambda name: -value[name] if highest else value[name]))


def to_end(order: Sequence[str], name: str) -> tuple[str, ...]:
    """The list with `name` struck out and written again at its end."""
    return tuple(n for n in order if n != name) + (name,)


def before(order: Sequence[str], name: str, other: str, later: Collection[str] = ()) -> tuple[str, ...]:
    """The list with `name` written just before `other`, and before those written there already who
    asked to join after him (`later`): newcomers stand in the order they asked (hu-nc.3)."""
    rest = [n for n in order if n != name]
    at = rest.index(other)
    while at and rest[at - 1] in later:
        at -= 1
    rest.insert(at, name)
    return tuple(rest)
