from games.core.errors import RuleError
from games.core.registry import get_engine


def test_rule_error_carries_code_and_params() -> None:
    err = RuleError("not_your_turn", seat=2)
    assert err.code == "not_your_turn"
    assert err.params == {"seat": 2}
    assert err == RuleError("not_your_turn", seat=2)


def test_unknown_engine_is_none() -> None:
    assert get_engine("chess") is None
