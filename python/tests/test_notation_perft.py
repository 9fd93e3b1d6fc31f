"""The perft suites through Python: qwirkle.perft / qwirkle.cards.perft return exactly the tools' line."""
import os

import pytest

import qwirkle


def suite(data_dir, name):
    rows = []
    with open(os.path.join(data_dir, name), encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            position, want = line.split("\t")
            rows.append((position, want))
    assert rows
    return rows


def test_tile_perft_suite(data_dir):
    rows = suite(data_dir, "perft_tiles.tsv")
    assert len(rows) == 40
    for position, want in rows:
        assert qwirkle.perft(position) == want, position


def test_card_perft_suite(data_dir):
    rows = suite(data_dir, "perft_cards.tsv")
    assert len(rows) == 20
    for position, want in rows:
        assert qwirkle.cards.perft(position) == want, position


def test_perft_documented_lines():
    assert qwirkle.perft("| R1 R2 R3 G1 G1 B4") == "moves=33 total=73 best=3"
    assert qwirkle.perft("0,0,R1 | R2 G1", forbid=(1, 0)) == "moves=6 total=12 best=2"
    assert qwirkle.perft("0,0,R1 | Q9").startswith('error: column 10, token "Q9": unknown colour')
    assert qwirkle.perft("# a comment") == "" and qwirkle.perft("") == ""
    listed = qwirkle.perft("0,0,R1 | R2", list=True).split("\n")
    assert listed[0] == "moves=4 total=8 best=2" and len(listed) == 5
    assert qwirkle.cards.perft("R1 R2 R3 | R4") == "plays=1 maxcards=1 maxqwirkles=0"
    assert qwirkle.cards.perft("| Q9", line_no=3).startswith("error: line 3, ")


def test_notation_parse_and_format():
    a = qwirkle.Action.parse("1,0,R2 0,0,R1")
    assert a.kind == "place" and a.cells == [(0, 0), (1, 0)] and a.tiles == ["R1", "R2"]
    assert a.notation == "0,0,R1 1,0,R2"
    assert qwirkle.format_action("pass") == "pass"
    ex = qwirkle.Action.parse("exchange G2 R1")
    assert ex.kind == "exchange" and ex.tiles == ["R1", "G2"] and ex.notation == "exchange R1 G2"
    with pytest.raises(qwirkle.NotationError) as e:
        qwirkle.Action.parse("0,0,X9")
    assert e.value.column == 1 and "X9" in str(e.value)
    assert issubclass(qwirkle.NotationError, ValueError)


def test_codes_round_trip_and_refusals():
    for text in ["0,0,R1 1,0,R2 3,0,R4", "5,-3,B6 5,-2,B5", "pass"]:
        a = qwirkle.Action.parse(text)
        assert qwirkle.decode(a.code) == a
        assert qwirkle.encode(text) == a.code
    assert qwirkle.encode("pass") == 2
    with pytest.raises(ValueError):
        qwirkle.decode(5)
    with pytest.raises(ValueError):
        qwirkle.decode(-1)
    with pytest.raises(ValueError):
        qwirkle.encode("0,0,R1 1,1,R2")  # not one line: no code


def test_card_solver():
    r = qwirkle.cards.solve("R1 R2 R3 | R4 R5 R6")
    assert r["can_play"] and r["qwirkles"] == 1 and r["played"] == 3
    none = qwirkle.cards.solve("R1 R2 R3 | G5")
    assert not none["can_play"] and none["cards"] is None
    with pytest.raises(qwirkle.NotationError):
        qwirkle.cards.solve("R1 R2 | X9")
