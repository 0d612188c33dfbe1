"""A right answer to ``evaluation``: every line of four cells that only one player holds
counts for that player, the square of the cells held (open threes count most)."""


def evaluate(board, player):
    mine, theirs = board.stones(player), board.stones(1 - player)
    score = 0
    for window in board.windows:
        held, against = (window & mine).bit_count(), (window & theirs).bit_count()
        if against == 0:
            score += held * held
        elif held == 0:
            score -= against * against
    return score
