"""The whole service in real time: simulated board, and the GPIO build on mock pins."""

from __future__ import annotations

import pytest
from gpiozero.pins.mock import MockFactory

from boardlight.service import Service, ServiceError, ServiceOptions
from controller.physical import SenseMode
from controller.rules.abalone import ABALONE
from hardware.profiles import load_profile
from tests.hardware.circuits import SwitchMatrixCircuit
from tests.hardware.fakes import RecordingSpiBus
from tests.support.waiting import wait_until


def test_simulated_board_to_committed_move():
    service = Service(ServiceOptions(game="abalone")).start()
    try:
        wait_until(service.table, lambda s: s["status"] == "playing")
        service.sim_lift("A1")
        service.sim_place("D4")
        snap = wait_until(service.table, lambda s: s["ply"] == 1)
        assert snap["last_move"] == "A1B2" and snap["to_move"] == "w"
        assert snap["leds"]["D4"][:3] == [0, 90, 220]
    finally:
        service.stop()


def test_the_simulated_board_senses_as_its_games_own_board():
    # Plimus stones are magnets read by linear hall sensors: a stone stacked on another turns
    # the sensor under it over, which a presence sensor would not see (the move would read as
    # a stone only lifted, and wait for ever).  Changing the game changes the sensors too.
    service = Service(ServiceOptions(game="plimus", variant="two-player")).start()
    try:
        wait_until(service.table, lambda s: s["status"] == "playing")
        assert service.spec.sense is SenseMode.POLARITY
        service.sim_lift("f1")
        service.sim_place("f2", "blue-")
        snap = wait_until(service.table, lambda s: s["ply"] == 1, timeout=10)
        assert snap["last_move"] == "f1-f2" and snap["layout"]["f2"] == ["blue+", "blue-"]
        service.new_game(game="abalone")
        wait_until(service.table, lambda s: s["game"] == "abalone")
        assert service.spec.sense is SenseMode.PRESENCE
    finally:
        service.stop()
    configured = Service(ServiceOptions(game="plimus", sense="presence"))
    assert configured.spec.sense is SenseMode.PRESENCE


def test_new_game_on_the_simulated_board_sets_it_up():
    service = Service(ServiceOptions(game="abalone")).start()
    try:
        wait_until(service.table, lambda s: s["status"] == "playing")
        service.new_game(variant="belgian-daisy")
        snap = wait_until(service.table, lambda s: s["variant"] == "belgian-daisy"
                          and s["status"] == "playing")
        assert snap["position"] == ABALONE.position_text(ABALONE.setup("belgian-daisy"))
    finally:
        service.stop()


def test_the_gpio_build_runs_on_mock_pins_and_a_recording_spi_bus():
    profile = load_profile("abalone")
    factory = MockFactory()
    matrix = profile.wiring.matrix
    circuit = SwitchMatrixCircuit(factory, matrix.rows, matrix.columns)
    start = ABALONE.layout(ABALONE.setup())
    index = profile.spec.sensor_index
    closed = {divmod(index[p], len(matrix.columns)) for p in start if p in index}
    circuit.close_switches(closed)
    spi = RecordingSpiBus()
    service = Service(ServiceOptions(game="abalone", board="gpio"), pin_factory=factory,
                      spi=spi).start()
    try:
        wait_until(service.table, lambda s: s["status"] == "playing")
        circuit.open_switches([divmod(index["A1"], 8)])
        circuit.close_switches([divmod(index["D4"], 8)])
        snap = wait_until(service.table, lambda s: s["ply"] == 1)
        assert snap["last_move"] == "A1B2"
        assert spi.wait_for_writes(2)
        # The end-turn button is wired too: a press reaches the session.
        factory.pin(profile.wiring.buttons.pins["end-turn"]).drive_low()
    finally:
        service.stop()


def test_a_real_board_refuses_an_unknown_variant_and_keeps_its_game():
    service = Service(ServiceOptions(game="abalone", board="gpio"), pin_factory=MockFactory(),
                      spi=RecordingSpiBus())
    try:
        with pytest.raises(LookupError, match="no variant 'nope'"):
            service.new_game(variant="nope")
        assert service.table.public()["variant"] == "standard"
        with pytest.raises(ServiceError, match="no simulated board"):
            service.sim_lift("A1")
    finally:
        service.stop()


def test_unknown_board_kind():
    with pytest.raises(ServiceError, match="use one of sim, gpio, serial"):
        Service(ServiceOptions(board="usb"))


def test_each_game_gets_a_fresh_secret_seed_unless_one_is_configured():
    a, b = Service(ServiceOptions()).start(), Service(ServiceOptions()).start()
    fixed = Service(ServiceOptions(seed=7)).start()
    try:
        assert a.seed != b.seed  # 62 random bits: equal with probability 2**-62
        assert fixed.seed == 7
        fixed.new_game()
        assert fixed.seed == 7
        a.new_game()
        assert a.seed != b.seed
    finally:
        for s in (a, b, fixed):
            s.stop()


def test_a_match_runs_across_games_and_decides():
    from controller.session.actions import ResignAction
    from controller.session.events import PhoneAction
    service = Service(ServiceOptions(game="abalone")).start()
    try:
        wait_until(service.table, lambda s: s["status"] == "playing")
        service.new_game(match="match 2")
        for loser, wins in (("w", {"b": 1, "w": 0}), ("b", {"b": 1, "w": 1}),
                            ("w", {"b": 2, "w": 1})):
            wait_until(service.table, lambda s: s["status"] == "playing" and not s["outcome"])
            service.runner.post(PhoneAction(service.clock(), loser, ResignAction()))
            snap = wait_until(service.table, lambda s, w=wins: s["match"]["wins"] == w)
            if snap["match"]["outcome"] is None:
                service.new_game()  # the next game of the match
        assert snap["match"]["outcome"]["winners"] == ["b"]
        assert snap["match"]["rule"] == "match 2" and snap["match"]["games"] == 3
        service.new_game(match="")  # single games again
        assert wait_until(service.table, lambda s: s["match"] is None)
    finally:
        service.stop()


def test_the_next_rhombus_game_of_a_match_is_started_by_the_seat_after_the_winner():
    from controller.session.actions import ResignAction
    from controller.session.events import PhoneAction
    service = Service(ServiceOptions(game="rhombus", variant="two-player", seed=3)).start()
    try:
        wait_until(service.table, lambda s: s["status"] == "playing")
        service.new_game(match="match 3")
        wait_until(service.table, lambda s: s["to_move"] == "r" and s["status"] == "playing")
        service.runner.post(PhoneAction(service.clock(), "b", ResignAction()))
        wait_until(service.table, lambda s: s["outcome"] is not None)
        service.new_game()
        snap = wait_until(service.table, lambda s: s["status"] == "playing" and not s["outcome"])
        assert snap["to_move"] == "b"  # red won, so red dealt: blue starts
    finally:
        service.stop()
