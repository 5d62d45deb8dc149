"""Discard advice (何切る): which discard wins the most points, or wins or reaches tenpai most often.

Tenhou's 牌理 page ranks discards by ukeire (受け入れ) alone. :func:`paili.advise` ranks them by the expected points
won (``objective="ev"``, the default), or the probability of winning (和了, ``"p_win"``) or of being tenpai
(聴牌, ``"p_tenpai"``), by self-draw within 1..``turns`` draws under a fixed, checkable model, and gives all
three per draw, the waits of each tenpai discard with their points, and the improvement tiles (改良).

This package computes the advice as typed values; :func:`paili.advise`, :func:`paili.outlook` and
:func:`paili.advise_improvements` (:mod:`paili.public`) give them as JSON (:mod:`paili.results`). Its modules,
bottom up:

* :mod:`~paili.advice.model`: the default policy's values (:class:`DefaultPolicy`, its :class:`Values` and
  :class:`Chances`) and the search's one discard loop (:func:`best_discard`);
* :mod:`~paili.advice.inputs`: the inputs' limits and checks, a request read once into a :class:`Position`
  (the hand, its :class:`~paili.situation.Situation`, the :class:`SearchOptions`), and a hand's policy in its
  situation;
* :mod:`~paili.advice.options`: the options ``tegawari`` and ``shanten_down`` (:class:`OptionMoves`);
* :mod:`~paili.advice.answers`: the typed answers (:class:`Advice`, :class:`AdviceRow`, :class:`Outlook`,
  :class:`Wait`, :class:`Improvement`);
* :mod:`~paili.advice.stepping`: a search in steps (:data:`Steps`, :func:`finish`, :func:`searched`);
* :mod:`~paili.advice.waits` and :mod:`~paili.advice.improvement`: a tenpai hand's waits, a discard's
  improvements;
* :mod:`~paili.advice.ranking` (:func:`advice_steps`: the ranked discards of a 3n+2 hand) and
  :mod:`~paili.advice.outlook` (:func:`outlook_of`: a 3n+1 hand as it stands).

The model
---------
* A state is the concealed 3n+1 hand after a discard (the called melds never change) and the draws left.
* Each draw is kind ``k`` with probability ``r_k / R``: ``r_k = 4 - copies of k in the current hand
  (concealed and called) - copies marked visible`` (never below 0) and ``R = sum(r_k)``, recomputed from the
  current hand at every draw. The player's own discards are *not* removed from the wall (the model does not
  track them), which keeps a state a function of the hand alone: this is the model's one wall.
  Red fives are copies of their own: the red five of a suit whose red fives score (the scoring ``rules``) is
  in the wall unless the hand, its melds, the visible tiles or the dora indicators hold it, so ``r_k`` of a
  five splits into its red copy and the plain ones; the state includes the red fives held. The dora
  indicators are seen tiles (they leave the wall; do not repeat them in ``visible``).
* *Counting* (the one place it is written down): every count shown beside a discard (``ukeire``, ``waits``'
  ``remaining``, the improvements' ``remaining`` and ``ukeire_after``) treats the discarded copy as seen, as
  the discard table does (an improvement's ``ukeire_after`` also counts the second discard, as the next
  table would); the probability model's wall returns the discards (the seeds' and mahjong-cpp's convention).
  That is the one place where the two differ: a wait's ``remaining`` is one below the copies the model
  draws from when the wait is the discarded kind.
* Default policy: a draw that completes the hand with a yaku wins (tsumo, ツモ). A complete shape without
  yaku (an open hand without one; a closed tsumo always has menzen tsumo) is no win: it is discarded like any
  other draw. A draw that lowers the shanten is kept, and the player discards, among the tiles that keep that
  lower shanten, the one best for the objective (a plain five before a red one). Any other draw is discarded
  at once, so the hand is unchanged.
* Riichi (``riichi="always"``, the default): a closed hand (closed kans allowed) declares riichi when it
  reaches tenpai (also when the discard itself leaves it tenpai), and then never changes, options or not.
  ``riichi="dama"``: never. Open hands never do.
* A win's value is the ``points`` of :func:`paili.score` for that tsumo in the situation given
  (``round_wind``, ``seat_wind``, ``dora``, ``honba``, ``riichi_sticks``, ``rules``; ``points`` excludes honba
  and sticks): with riichi, riichi and menzen tsumo score, and the ura dora are the exact expectation over the
  indicators drawn from the tiles unseen at the win (as many as the dora indicators, at least one; see
  :mod:`paili.win_value`); with ``ippatsu=True`` a win on the first draw after riichi scores ippatsu. With
  ``double_riichi=True`` the discard being chosen is the player's first, uninterrupted discard: when it leaves
  a closed hand without melds tenpai under ``riichi="always"``, the riichi declared with it is a double riichi
  (its wins and its waits' points score double riichi, 2 han, instead of riichi); a hand reaching tenpai
  later declares a plain riichi; no effect otherwise. The riichi stick paid and haitei are not modelled.
* ``p_win[n]`` is the best probability of winning within ``n + 1`` draws, ``p_tenpai[n]`` the best
  probability of being tenpai (a shape, yaku or not) within ``n + 1`` draws (1.0 when the hand is tenpai
  already), ``ev[n]`` the best expected points won within ``n + 1`` draws (0 for the draws that never win).

Choices where the issue is silent (written down here so that results are checkable):

* *Each an optimum of its own*: every ``p_win[n]``, ``p_tenpai[n]`` and ``ev[n]`` is maximised separately,
  for its own horizon and objective; the discard chosen after a shanten-lowering draw may differ between them.
  The search computes a value vector ``V[obj][h][t]`` for ``t = 0..turns`` per state ``h`` once (memoised on
  the 34 counts and the red fives held), so each state is expanded once: with ``q`` the chance of a draw that
  does not lower the shanten, ``V[h][t] = sum over lowering draws k of p_k * max_d V[h+k-d][t-1] + q *
  V[h][t-1]``.
* A tenpai state wins with ``1 - (1 - P)^t`` (``P`` = the chance of drawing a winning tile with a yaku) and
  its ``ev`` is that chance times the mean points of those draws (weighted by their copies; the first draw
  with ippatsu when it applies); the tenpai objective counts a draw that makes the hand tenpai as a success.
* ``waits`` of a tenpai discard: every wait with ``tile``, ``remaining``, ``yaku`` (does the self-drawn win
  have one) and ``points`` ``{"tsumo", "ron"}`` (the riichi policy applied, no ippatsu; expected over the ura
  dora and over the red and plain copies left; 0 without yaku). A wait with no copy left (``remaining`` 0:
  the hand, its melds, the visible tiles and the dora indicators hold all four) is listed, with ``p_win`` 0,
  and its ``points`` are the value as if a copy were drawn (a plain one), whether the last copy is visible or
  a dora indicator: the indicators are checked against the hand, not again against that copy.
* The wall is the rule set's (``rules``: ``sanma`` 108 tiles without 2m-8m, ``sichuan`` 108 without honors,
  under 缺一门 for the hand's best suit given up or ``void``). Scoring needs a hand whose melds are all written
  and the four-player riichi rules: under ``sanma`` or ``sichuan``, or with Tenhou's short-hand hands
  (a meld not written) a complete shape is a win worth nothing, and ``ev`` and the waits' ``yaku`` /
  ``points`` are ``None`` (so the discards rank by ``p_win``). Under ``gb`` (Chinese Official) a complete
  shape wins only when it is legal, 8 fans by self-draw (flowers aside; 和绝张 when the visible tiles and the
  melds show the three other copies), and is worth GB's payments to the winner, 3 x (8 + fan) by self-draw
  (:class:`~paili.win_value.GbWinValue`; riichi, ippatsu, dora, honba and sticks play no part): the waits'
  ``yaku`` says the self-drawn win is legal and their ``points`` are the winner's gain by tsumo and by ron
  (8 + fan + 16), 0 for a way short of 8.
* A discard whose hand has no tile left to draw (``R = 0``) never changes again.
* The probabilities of a discard are computed when the shanten after it is at most ``max_shanten``
  (default 2); other rows keep their ukeire and improvements, with ``p_win``/``p_tenpai`` ``None``, and the
  result's ``note`` says why. Rows are sorted by the objective at the last turn (``ev``, then ``p_win``,
  then ``p_tenpai``; ``p_win`` then ``p_tenpai``; ``p_tenpai`` then ``p_win``), then the Tenhou order
  (lower shanten, more ukeire, tile order); rows without probabilities come last in the Tenhou order.

The options (both off by default; with both off the results are exactly the model above). They are exact:
every swap and every step back they allow is searched (not only the widest discards, as before), so each
figure is the optimum over every line of play that uses at most one option move (below).

* ``tegawari`` (手変わり): after a draw that keeps the shanten the player may keep the drawn tile and discard
  another that keeps the shanten (another kind, or a plain copy of a drawn red five), when that is better.
* ``shanten_down`` (向聴戻し): after any draw the player may discard a tile that leaves the hand one shanten
  above the best it could keep, when that is better, as long as the hand it leaves is at most 1-shanten
  (:data:`SHANTEN_DOWN_LIMIT`): from tenpai back to 1-shanten, or a draw that makes the hand tenpai kept
  at 1-shanten with a better shape. Going back further multiplies the search by the number of hands one
  step back, for choices that rarely pay within a hand's draws.
* A line of play may deviate from the default policy through these options at most :data:`OPTION_MOVES`
  time (once); after that it follows the default policy (this keeps the search finite and fast: every
  option discard leads to a default-policy search of its own). The options only add choices, so they never
  lower a figure; they do not apply to a hand in riichi.

Calls (鳴き: :func:`paili.call_advice`, :mod:`~paili.advice.calls`): a 13-tile hand offered the tile just
thrown, from the left (the only seat a chi may come from; no chi under ``sanma`` or ``sichuan``), across or
right. Its options, each under the model above with the default policy (no options). Under ``sichuan`` a hand
with a suit given up (``void``) never calls a tile of that suit (its tiles are only thrown); with no void fixed,
each line chooses its best void as ``advise`` does. Under ``gb`` the forms decide: a call leaves only the forms
an open hand can make (组合龙 with one set; never 全不靠 or 七星不靠).

* ``pass``: the hand as it stands (:func:`paili.outlook`) with ``turns`` own draws, the offered tile seen
  (out of the wall), under the ``riichi`` policy given. A closed tenpai hand under ``riichi="always"`` is in
  riichi: it never calls (its options are pass and ron).
* ``ron``: when the offered tile completes a win with a yaku (furiten aside): its :func:`paili.score` (riichi
  when the hand is in riichi, no ura dora), ``p_win`` and ``p_tenpai`` 1 and ``ev`` the points throughout
  (with riichi, expected over the ura dora as a tsumo's are).
* ``chi`` / ``pon`` (every distinct meld; a red five used or not, when the hand can give either): the call
  replaces the draw it skips and is followed at once by its discard, then ``turns - 1`` own draws. The hand
  is open: it never declares riichi, the closed-hand yaku are gone and an open yaku's han are the open ones;
  a complete shape without a yaku wins nothing. The offered tile is in the meld (so out of the wall). The
  swap-back ban (食い替え), unless ``allow_swap_back``: after a pon no discard of the called kind; after a chi
  neither that kind nor the tile beyond the sequence's other end (chi 4m with 56m: not 4m or 7m). A call
  whose every discard is banned is not offered.
* ``kan`` (open kan, 大明槓, three copies held): the replacement draw (嶺上) comes at once, in place of the
  draw skipped: a win on it scores rinshan kaihou; any other draw is kept or thrown as the default policy
  says; then ``turns - 1`` own draws. Its new dora indicator is not known to the model: every win after the
  kan is worth the exact expectation over that indicator drawn from the tiles unseen at the win (as the ura
  dora are), and it neither leaves the model's wall nor changes a choice.
* All options share the pass line's time line: entry ``n`` of ``p_win``, ``p_tenpai`` and ``ev`` is the
  figure within the pass line's first ``n + 1`` draws. A chi or pon has made ``n`` own draws by then: its
  entry 0 is 0 (``p_tenpai`` too, even when its discard leaves it tenpai: no draw of its own yet; with one draw
  left, so is every row of its discard table, which has no draw at all); a kan's
  entry ``n`` counts its replacement draw and ``n`` more. ``yaku``: the option's chance to win by the last
  turn is above 0 (a win with a yaku is within reach; ``None`` when the hand is not scored). The options are
  ranked as the discard rows are.

Improvements (改良) of a discard: the draws that keep its shanten but, after the best discard that keeps the
shanten, leave a hand with more ukeire; each with its copies left and that best ukeire (``ukeire_after``),
counted as the discard table counts (see *Counting*).

The figures of the examples are snapshots of the engine's own output, not an independent check (the tests
check the values against a plain-recursion reference):

>>> from paili import advise
>>> r = advise("345m22567p12678s5z", turns=3, seat_wind="2z", dora="4m")
>>> [(d["tile"], d["shanten"], [round(p, 4) for p in d["p_win"]]) for d in r["discards"][:2]]
[('5z', 0, [0.0328, 0.0645, 0.0952]), ('1s', 1, [0.0, 0.0063, 0.0176])]
>>> [round(e) for e in r["discards"][0]["ev"]], round(r["discards"][0]["waits"][0]["points"]["ron"])
([177, 348, 513], 3617)
>>> r["discards"][1]["ukeire"]["total"], r["discards"][1]["improvements"]["total"]
(19, 78)
"""

from __future__ import annotations

from .answers import Advice, AdviceRow, AtTable, FoldLine, Improvement, Outlook, Verdict, Wait
from .calls import SEATS, CallAdvice, CallOption, call_advice_of, calls_after, swap_back_kinds
from .improvement import improvement_draws, improvement_rows
from .inputs import (
    ADVICE_KEYS,
    DEFAULT_MAX_SHANTEN,
    DEFAULT_TURNS,
    MAX_SHANTEN_LIMIT,
    MAX_TURNS,
    OBJECTIVES,
    OUTLOOK_KEYS,
    Position,
    SearchOptions,
    check_bool,
    check_int,
    check_objective,
    check_riichi_policy,
    read_position,
)
from .model import Chances, DefaultPolicy, Values, best_discard
from .options import OPTION_MOVES, SHANTEN_DOWN_LIMIT, OptionMoves
from .outlook import outlook_of
from .ranking import ORDER_BY, advice_steps
from .stepping import Progress, Steps, collector_paused, finish, searched

__all__ = ["ADVICE_KEYS", "DEFAULT_MAX_SHANTEN", "DEFAULT_TURNS", "MAX_SHANTEN_LIMIT", "MAX_TURNS", "OBJECTIVES",
           "OPTION_MOVES", "ORDER_BY", "OUTLOOK_KEYS", "SEATS", "SHANTEN_DOWN_LIMIT", "Advice", "AdviceRow",
           "AtTable", "CallAdvice", "CallOption", "Chances", "DefaultPolicy", "FoldLine", "Improvement",
           "OptionMoves", "Outlook", "Position", "Progress", "SearchOptions", "Steps", "Values", "Verdict", "Wait",
           "advice_steps", "best_discard", "call_advice_of", "calls_after", "check_bool", "check_int",
           "check_objective", "check_riichi_policy", "collector_paused", "finish", "improvement_draws",
           "improvement_rows", "outlook_of", "read_position", "searched", "swap_back_kinds"]
