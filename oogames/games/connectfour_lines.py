"""Connect Four's evaluation by open lines and threats, bit-parallel for k = 4
(:func:`connect_four_lines`), and the same sum line by line, its reference."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from oogames.games.connectfour import ConnectFourBoard


#: Worth of a line of k cells open to one player, by how many of its cells they hold.
_LINE_WORTH: Final = (0, 1, 4, 32, 256, 2048, 16384)


def connect_four_lines(board: ConnectFourBoard, player: int) -> float:
    """An evaluation by open lines and threats, from ``player``'s view.

    Every line of ``k`` cells that holds tokens of only one player is worth
    more the more of its cells are filled (1, 4, 32, ... for 1, 2, 3, ...
    tokens); a line one token short of ``k`` is a threat, the largest of
    these. The score is ``player``'s worth less the opponent's, and the
    player to move gets a small bonus, since they move first on the threats.
    For k = 4 the lines are counted bit-parallel, all lines of a direction at
    once; :func:`connect_four_lines_by_loop` is the same sum line by line.
    """
    if board.k != 4:
        return connect_four_lines_by_loop(board, player)
    mine, theirs = board.stones(player), board.stones(1 - player)
    score = 0
    for shift, starts in board.line_starts():
        # Bit s of m[i] (t[i]) says whether cell s + i * shift is mine (theirs).
        m1, m2, m3 = mine >> shift, mine >> 2 * shift, mine >> 3 * shift
        t1, t2, t3 = theirs >> shift, theirs >> 2 * shift, theirs >> 3 * shift
        score += _census(mine, m1, m2, m3, starts & ~(theirs | t1 | t2 | t3))
        score -= _census(theirs, t1, t2, t3, starts & ~(mine | m1 | m2 | m3))
    return score + (2 if board.to_move == player else -2)


def _census(a0: int, a1: int, a2: int, a3: int, open_lines: int) -> int:
    """The worth of the open lines whose four cells' ownership is ``a0..a3``.

    A bit-sliced adder counts the four bits for every line at once:
    count = odd + 2 * (carry1 + carry2 + carry3), at most one carry being set
    unless all four are.
    """
    low1, carry1 = a0 ^ a1, a0 & a1
    low2, carry2 = a2 ^ a3, a2 & a3
    odd, carry3 = low1 ^ low2, low1 & low2
    any_carry = carry1 | carry2 | carry3
    one_carry = any_carry & ~(carry1 & carry2)
    ones = (open_lines & odd & ~any_carry).bit_count()
    twos = (open_lines & ~odd & one_carry).bit_count()
    threes = (open_lines & odd & one_carry).bit_count()
    return ones * _LINE_WORTH[1] + twos * _LINE_WORTH[2] + threes * _LINE_WORTH[3]


def connect_four_lines_by_loop(board: ConnectFourBoard, player: int) -> float:
    """:func:`connect_four_lines` computed line by line (any k; the reference for k = 4)."""
    mine, theirs = board.stones(player), board.stones(1 - player)
    k = board.k
    score = 0
    for line in board.windows:
        own, other = line & mine, line & theirs
        if own and not other:
            score += _LINE_WORTH[min(own.bit_count(), k - 1, 6)]
        elif other and not own:
            score -= _LINE_WORTH[min(other.bit_count(), k - 1, 6)]
    return score + (2 if board.to_move == player else -2)
