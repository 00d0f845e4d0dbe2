"""The +4 bluff model: how likely a +4 was a bluff, and how likely an opponent challenges."""

from __future__ import annotations

# lam = P(plays a +4 | holds the colour) / P(plays a +4 | lacks it): a grid posterior per
# opponent, updated by every challenge's verdict. The prior leans towards honest players:
# most people (and Normal) never bluff, so challenging an unknown player should need a big
# hand before it pays.
LAMBDAS = (0.0, 0.05, 0.15, 0.35, 0.7, 1.0)
LAMBDA_PRIOR = (0.4, 0.2, 0.14, 0.1, 0.06, 0.1)
# Beta priors on how often an opponent challenges a +4, by the +4 player's hand size:
# people challenge a big hand (it surely held the colour) far more than a small one.
CHALLENGE_PRIOR = {False: (1.0, 5.0), True: (2.0, 2.0)}
BIG_HAND = 5


def bluff_given(h: float, lam: float) -> float:
    """P(bluff | a +4 was played) when the player held the colour with probability h."""
    num = h * lam
    den = num + (1.0 - h)
    return num / den if den > 0 else 0.0


class BluffBook:
    """Per opponent seat: a posterior over their bluffing habit, and how often they
    challenged a +4 played from a small or a big hand. Kept across rounds."""

    def __init__(self) -> None:
        self.lam_post: dict[int, list[float]] = {}
        self.faced: dict[int, list[list[int]]] = {}  # [big][challenged, accepted]

    def _ensure(self, seat: int) -> None:
        self.lam_post.setdefault(seat, list(LAMBDA_PRIOR))
        self.faced.setdefault(seat, [[0, 0], [0, 0]])

    def verdict(self, accused: int, h: float, guilty: bool) -> None:
        """A challenge showed whether `accused` (who held the colour with probability h
        as far as we could tell) bluffed."""
        self._ensure(accused)
        post = self.lam_post[accused]
        for i, lam in enumerate(LAMBDAS):
            q = bluff_given(h, lam)
            post[i] *= q if guilty else 1 - q
        total = sum(post)
        post[:] = [p / total for p in post] if total > 0 else list(LAMBDA_PRIOR)

    def answered(self, victim: int, big_hand: bool, challenged: bool) -> None:
        self._ensure(victim)
        self.faced[victim][big_hand][0 if challenged else 1] += 1

    def p_bluff(self, accused: int, h: float) -> float:
        self._ensure(accused)
        post = self.lam_post[accused]
        return sum(w * bluff_given(h, lam) for w, lam in zip(post, LAMBDAS, strict=True))

    def challenge_rate(self, o: int, my_size: int) -> float:
        """How likely o is to challenge a +4 played from a hand of my_size cards."""
        self._ensure(o)
        big = my_size >= BIG_HAND
        ch, acc = self.faced[o][big]
        a, b = CHALLENGE_PRIOR[big]
        return (ch + a) / (ch + acc + a + b)
