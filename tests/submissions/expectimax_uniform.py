"""Expectimax that averages the outcomes as if they were equally likely."""

from oogames import MaxAcc, MinAcc, MinMaxFac
from oogames.nextmove.chance import ExpectAcc


class WeighedChance(ExpectAcc):
    def __init__(self, stand_in):
        super().__init__(stand_in)
        self.total = 0.0
        self.count = 0

    def update_best(self, move, value, child=None):
        self.total += value
        self.count += 1
        self.val = self.total / self.count

    def update_payoffs(self, move, payoffs):  # an outcome that ends the game
        self.update_best(move, payoffs[self.model_player])


class MyMax(MaxAcc):
    def make_chance(self):
        return WeighedChance(self.make_same())

    def make_opposite(self):
        return MyMin(self.model_player, 1 - self.player, self.depth + 1)


class MyMin(MinAcc):
    def make_chance(self):
        return WeighedChance(self.make_same())

    def make_opposite(self):
        return MyMax(self.model_player, 1 - self.player, self.depth + 1)


class Expectimax(MinMaxFac):
    def make_acc(self, model_player):
        return MyMax(model_player, model_player)


def make_factory():
    return Expectimax()
