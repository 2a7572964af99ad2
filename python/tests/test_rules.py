import pickle

import pytest

import catlab


def test_life_fields():
    life = catlab.Rule("B3/S23")
    assert (life.radius, life.states, life.include_centre, life.neighbourhood) == (1, 2, False, "moore")
    assert life.birth == [(3, 3)]
    assert life.survival == [(2, 3)]
    assert life.neighbourhood_size == 8
    assert str(life) == life.format() == "B3/S23"


def test_preset_and_rule_string_agree():
    bosco = catlab.Rule("bosco")
    assert bosco == catlab.Rule("R5,C0,M1,S34..58,B34..45,NM")
    assert catlab.find_preset("bosco").rule == bosco
    assert catlab.find_preset("no such preset") is None
    assert len(catlab.presets()) > 5
    assert catlab.default_preset().id


@pytest.mark.parametrize("text", ["R7,C0,M1,S100..200,B75..170,NM", "B2/S/C3", "R1,C0,S3,5-8,B4,6-8,NM", "R3,C0,M0,S8..14,B9..12,NC"])
def test_format_round_trips(text):
    rule = catlab.Rule(text)
    assert catlab.Rule(rule.format()) == rule
    assert pickle.loads(pickle.dumps(rule)) == rule
    assert hash(catlab.Rule(rule.format())) == hash(rule)


def test_torus_suffix():
    rule, torus = catlab.parse_rule("B3/S23:T640,480")
    assert rule == catlab.Rule("B3/S23") and torus == (640, 480)
    assert catlab.parse_rule("B3/S23")[1] is None
    with pytest.raises(catlab.Error, match="torus"):
        catlab.Rule("B3/S23:T640,480")
    assert catlab.resolve_rule("bosco")[0] == catlab.Rule("bosco")


def test_reshape_keeps_the_fractions():
    life = catlab.Rule("B3/S23")
    wide = life.reshape(radius=5)
    assert wide.birth == [(38, 52)] and wide.survival == [(23, 52)]
    assert wide.reshape(radius=1) == life
    assert life.reshape(neighbourhood="vonneumann").neighbourhood == "vonneumann"
    with pytest.raises(catlab.Error, match="radius 0"):
        life.reshape(radius=0)


def test_fields_change_only_to_valid_rules():
    rule = catlab.Rule("B3/S23")
    rule.radius = 2
    rule.birth = [(5, 7), (9, 9)]
    assert rule.format() == "R2,C0,M0,S2-3,B5-7,9,NM"
    with pytest.raises(catlab.Error, match="radius 0 is out of range 1..500"):
        rule.radius = 0
    with pytest.raises(catlab.Error, match="state count 1 is out of range 2..256"):
        rule.states = 1
    with pytest.raises(catlab.Error, match="birth count 30 is outside 0..24"):
        rule.birth = [(3, 30)]
    with pytest.raises(catlab.Error, match="unknown neighbourhood 'hex'"):
        rule.neighbourhood = "hex"
    assert rule.format() == "R2,C0,M0,S2-3,B5-7,9,NM"


def test_bad_rules_raise_the_engines_message():
    with pytest.raises(catlab.Error, match="radius 600 is out of range 1..500"):
        catlab.Rule("R600,C0,M1,S1..2,B1..2,NM")
    with pytest.raises(catlab.Error) as caught:
        catlab.Rule("B3/Q23")
    assert "B3/Q23" in str(caught.value)
    assert issubclass(catlab.Error, RuntimeError)
    with pytest.raises(TypeError):
        catlab.Rule(5)
    with pytest.raises(catlab.Error):
        catlab.Rule("")
