"""The hand forms the evaluator reads, one module each; :mod:`paili.evaluator` composes them.

* :mod:`~paili.forms.regular`: the suit tables and the regular form (n melds and a pair), the base the others
  build on (its suit reading, its caches, the context of a hand's melds and limits);
* :mod:`~paili.forms.special`: seven pairs (七対子) and thirteen orphans (国士無双), by five counters;
* :mod:`~paili.forms.knitted`: GB's knitted forms (全不靠, 七星不靠, 组合龙);
* :mod:`~paili.forms.voids`: Sichuan's 缺一门 (a suit given up).

Importing this package imports none of them.
"""
