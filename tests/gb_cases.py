"""Hand-built Chinese Official wins, one or more for each fan: ``(fan, hand, win, situation, not_counted)``.

Each case's ``fan`` must be counted; the fans it excludes (paili.gb.fans.EXCLUDES) and ``not_counted`` (what a
careless count would add) must not. The winds default to East round, East seat; the win is by discard unless
the situation says ``tsumo``."""

from __future__ import annotations

from typing import Any

T: dict[str, Any] = {"tsumo": True}

CASES: list[tuple[str, str, str, dict[str, Any], tuple[str, ...]]] = [
    # 88
    ("big_four_winds", "55m111222333444z", "5m", {}, ("little_four_winds", "all_terminals_and_honors")),
    ("big_three_dragons", "123m55p555666777z", "3m", {}, ("little_three_dragons",)),
    ("all_green", "22334466688s666z", "8s", {}, ("half_flush",)),
    ("all_green", "22233344466688s", "8s", {}, ()),
    ("nine_gates", "11123456789999m", "9m", {}, ("full_flush", "concealed_hand")),
    ("nine_gates", "11123455678999m", "5m", T, ("fully_concealed_hand",)),
    ("four_kongs", "11m [1111p] [2222s] (3333m) [4444z]", "1m", {}, ("single_wait", "all_pungs", "three_kongs")),
    ("seven_shifted_pairs", "22334455667788p", "8p", {}, ("seven_pairs", "full_flush", "single_wait")),
    ("thirteen_orphans", "19m19p19s12345677z", "7z", {}, ("all_terminals_and_honors", "all_types")),
    # 64
    ("all_terminals", "111999m11199p999s", "9s", {}, ("all_pungs", "outside_hand", "double_pung")),
    ("little_four_winds", "123m11122233344z", "1m", {}, ("big_three_winds",)),
    ("little_three_dragons", "123m456p55566677z", "7z", {}, ("two_dragons_pungs", "dragon_pung")),
    ("all_honors", "11122233355577z", "7z", {}, ("all_terminals_and_honors", "all_pungs")),
    ("four_concealed_pungs", "111m222p333s44455z", "5z", T, ("all_pungs", "fully_concealed_hand")),
    ("pure_terminal_chows", "11223355778899m", "5m", {}, ("seven_pairs", "full_flush", "pure_double_chow")),
    # 48
    ("quadruple_chow", "111122223333m55p", "5p", {}, ("pure_triple_chow", "tile_hog", "pure_double_chow")),
    ("four_pure_shifted_pungs", "55p [111m] [222m] [333m] [444m]", "5p", {}, ("pure_shifted_pungs", "all_pungs")),
    # 32
    ("four_pure_shifted_chows", "122333444556m55p", "5p", {}, ("pure_shifted_chows", "short_straight")),
    ("three_kongs", "123m55p [1111s] [2222s] (3333z)", "5p", {}, ("melded_kong", "two_melded_kongs")),
    ("all_terminals_and_honors", "111m999p11122255z", "5z", {}, ("all_pungs", "outside_hand")),
    # 24
    ("seven_pairs", "1133m5577p2288s66z", "6z", {}, ("concealed_hand", "single_wait")),
    ("greater_honors_and_knitted_tiles", "147m25p36s1234567z", "7z", {}, ("lesser_honors_and_knitted_tiles",)),
    ("all_even_pungs", "222888m44466p666s", "6p", {}, ("all_pungs", "all_simples")),
    ("full_flush", "11223344567999m", "7m", {}, ("one_voided_suit", "no_honors")),
    ("pure_triple_chow", "12355p [123m] [123m] [123m]", "3p", {}, ("pure_double_chow",)),
    ("pure_shifted_pungs", "456p77s [111m] [222m] [333m]", "7s", {}, ()),
    ("upper_tiles", "789m789p78889s [999p]", "8s", {}, ("upper_four", "no_honors")),
    ("middle_tiles", "445566m456p55s [444s]", "6p", {}, ("all_simples", "no_honors")),
    ("lower_tiles", "112233m123p22s [123s]", "3p", {}, ("lower_four",)),
    # 16
    ("pure_straight", "123456789m12355p", "5p", {}, ("short_straight", "two_terminal_chows")),
    ("three_suited_terminal_chows", "123789m123789p55s", "5s", {}, ("mixed_double_chow", "all_chows")),
    ("pure_shifted_chows", "122333445m456p55s", "5s", {}, ()),
    ("all_five", "445566m345p55567s", "3p", {}, ("all_simples",)),
    ("triple_pung", "222456m22299p222s", "4m", {}, ("double_pung",)),
    ("three_concealed_pungs", "111456m222p333s77z", "4m", {}, ("two_concealed_pungs",)),
    # 12
    ("lesser_honors_and_knitted_tiles", "147m258p36s123456z", "6z", {}, ("all_types", "knitted_straight")),
    ("knitted_straight", "145677m258p369s55z", "5z", {}, ()),
    ("knitted_straight", "147m258p369s11155z", "5z", {}, ()),
    ("upper_four", "678m789p66789s [999m]", "8m", {}, ("no_honors",)),
    ("lower_four", "123m234p11234s [444m]", "2p", {}, ("no_honors",)),
    ("big_three_winds", "123m55p111222333z", "5p", {"round_wind": "4z", "seat_wind": "4z"},
     ("pung_of_terminals_or_honors",)),
    # 8
    ("mixed_straight", "123m456p789s11z [555z]", "1z", {}, ()),
    ("reversible_tiles", "123345p45688s555z", "8s", {}, ("one_voided_suit",)),
    ("mixed_triple_chow", "12355m123p123s [999s]", "3s", {}, ("mixed_double_chow",)),
    ("mixed_shifted_pungs", "111456m22255p333s", "4m", {}, ()),
    ("chicken_hand", "123m456p22z [678s] [333p]", "4p", {}, ()),
    ("last_tile_draw", "123m456p789s234s55z", "4s", {"tsumo": True, "last_tile": True}, ("self_drawn",)),
    ("last_tile_claim", "123m456p789s234s55z", "4s", {"last_tile": True}, ()),
    ("out_with_replacement_tile", "123m456p234s55z [1111s]", "4s", {"tsumo": True, "rinshan": True},
     ("self_drawn",)),
    ("robbing_the_kong", "123m456p789s234s55z", "4s", {"chankan": True, "last_copy": True}, ("last_tile",)),
    # 6
    ("all_pungs", "111m22255p [333s] [444z]", "5p", {}, ()),
    ("half_flush", "123456m78999m [222z]", "7m", {}, ("one_voided_suit",)),
    ("mixed_shifted_chows", "12355m234p345s [678m]", "5m", {}, ()),
    ("all_types", "123m456p789s11z [555z]", "1z", {}, ()),
    ("melded_hand", "55m [123p] [456s] [789m] [111z]", "5m", {}, ("single_wait",)),
    ("two_concealed_kongs", "123m55p (1111s) (2222z) [456p]", "5p", {}, ("concealed_kong", "two_concealed_pungs")),
    ("two_dragons_pungs", "123m456p55s555666z", "5s", {}, ("dragon_pung",)),
    # 5, 4
    ("concealed_kong_and_melded_kong", "123m55p [1111s] (2222z) [456p]", "5p", {}, ("melded_kong", "concealed_kong")),
    ("outside_hand", "123m789p11999s [111z]", "1s", {}, ()),
    ("fully_concealed_hand", "123m456p789s234s55z", "4s", T, ("self_drawn", "concealed_hand")),
    ("two_melded_kongs", "123m55p [1111s] [2222z] [456p]", "5p", {}, ("melded_kong",)),
    ("last_tile", "123m456p789s234s55z", "4s", {"last_copy": True}, ()),
    # 2
    ("dragon_pung", "123m456p789s55s [777z]", "5s", {}, ()),
    ("prevalent_wind", "123m456p789s55s [222z]", "5s", {"round_wind": "2z"}, ("pung_of_terminals_or_honors",)),
    ("seat_wind", "123m456p789s55s [333z]", "5s", {"seat_wind": "3z"}, ("pung_of_terminals_or_honors",)),
    ("concealed_hand", "123m456p789s234s55z", "4s", {}, ()),
    ("all_chows", "123m456p789s23455s", "4s", {}, ("no_honors",)),
    ("tile_hog", "111123m456p78955s", "5s", {}, ()),
    ("double_pung", "222m456s789s55z [222p]", "5z", {}, ()),
    ("two_concealed_pungs", "111m222p456s789s55z", "5z", {}, ()),
    ("concealed_kong", "123m456p789s55z (2222s)", "5z", {}, ()),
    ("all_simples", "234m456p678s23455s", "4s", {}, ("no_honors",)),
    # 1
    ("pure_double_chow", "123123m456p78955s", "5s", {}, ()),
    ("mixed_double_chow", "123m123p456s78955s", "5s", {}, ()),
    ("short_straight", "123456m345p78955s", "5s", {}, ()),
    ("two_terminal_chows", "123789m456p23455s", "5s", {}, ()),
    ("pung_of_terminals_or_honors", "123m456p789s55s [111p]", "5s", {}, ()),
    ("melded_kong", "123m456p789s55s [2222p]", "5s", {}, ()),
    ("one_voided_suit", "123m456p11z [789p] [234p]", "1z", {}, ()),
    ("no_honors", "123m456p789s55s [222p]", "5s", {}, ()),
    ("edge_wait", "123m456p789s456s55z", "3m", {}, ()),
    ("closed_wait", "123m456p789s456s55z", "2m", {}, ()),
    ("single_wait", "123m456p789s456s55z", "5z", {}, ()),
    ("self_drawn", "123m456p55s [789s] [111z]", "5s", T, ()),
    ("flower_tiles", "123m456p789s11z [555z]", "1z", {"flowers": 3}, ()),
]
"""Every fan, by a hand that counts it."""
