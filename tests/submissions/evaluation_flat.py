"""Every position worth the same: the search alone plays (it sees wins three plies off),
enough to beat random moves and no more."""


def evaluate(board, player):
    return 0
