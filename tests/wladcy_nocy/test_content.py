"""The content of *Władcy Nocy* as labelled data (issue 34; ``WLADCY_NOCY.md`` §6): the schema, the bundled printed
facts and synthetic pack, merging an owner's file, the keys a setup lacks, and one-line errors for bad files
(:mod:`armata_rules.wladcy_nocy.content`)."""

from __future__ import annotations

import itertools
import json
import tomllib
from collections.abc import Iterator, Mapping
from importlib import resources
from pathlib import Path

import pytest

from armata_rules.wladcy_nocy.content.loader import (
    DIFFICULTIES,
    ContentFileError,
    ContentMissing,
    hooks,
    load_content,
    needed_keys,
    printed,
    provenance,
    read_content,
    require,
    synthetic_test,
)
from armata_rules.wladcy_nocy.content.ops import (
    ARG_KINDS,
    DISTRICT_SELECTORS,
    OPS,
    PREDICATES,
    VAMPIRE_SELECTORS,
    op_problem,
    predicate_problem,
    tile_references,
)
from armata_rules.wladcy_nocy.content.schema import VAMPIRES, Content, check_cite, entries
from armata_rules.wladcy_nocy.texts import WNText

ROOT = Path(__file__).resolve().parents[2]
DATA = resources.files("armata_rules.wladcy_nocy") / "data"
HEADER = 'format = 1\nid = "mine"\nnote = "read off my copy"\n'
#: wn + .pl, so that the text scan of the repository does not read the deliberately broken citations as citations.
WN = "wn" + ".pl"


def _write(folder: Path, body: str, name: str = "mine.toml") -> Path:
    path = folder / name
    path.write_text(HEADER + body, encoding="utf-8")
    return path


def _refusal(path: Path) -> str:
    with pytest.raises(ContentFileError) as caught:
        load_content(path)
    message = str(caught.value)
    assert "\n" not in message
    return message


def _bundled(name: str) -> Content:
    with resources.as_file(DATA / name) as path:
        return read_content(path, complete=True)


# ------------------------------------------------------------------------------------------------ the bundled data
def test_printed_and_synthetic_are_complete_valid_packs() -> None:
    assert _bundled("printed.toml").id == "printed"
    assert _bundled("synthetic_test.toml").id == "synthetic-test"
    assert printed().id == "printed"
    assert synthetic_test().id == "synthetic-test"


def test_printed_holds_the_facts_of_the_text() -> None:
    content = printed()
    assert content.veil_track is not None and content.veil_track.n3 is not None
    high = content.veil_track.n3.high
    assert high is not None and high.red is not None and high.blue is not None
    assert (high.red.value, high.blue.value, high.red.cite) == (2, [1, 0], f"{WN}:259")
    assert len(content.districts) == 9 and len(content.relics) == 14
    named = {key: d.name.value for key, d in content.districts.items() if d.name is not None and d.name.known}
    assert named == {
        "dworzec_kolejowy": "Dworzec kolejowy",
        "muzeum": "Muzeum",
        "szpital_psychiatryczny": "Szpital psychiatryczny",
        "park_miejski": "Park miejski",
    }
    museum = content.districts["muzeum"]
    assert museum.kind is not None and museum.kind.value == "day"
    assert museum.effect is not None and museum.effect.ops is not None
    assert [op.model_dump() for op in museum.effect.ops] == [{"op": "draw_relic", "to": "leader_choice"}]
    assert content.districts["dworzec_kolejowy"].position is not None
    assert content.districts["dworzec_kolejowy"].position.value == [0, 0]
    assert content.events is not None
    crusade = content.events.unsorted["ostatnia_krucjata"]
    assert crusade.plan is not None and crusade.plan.value is not None
    assert crusade.plan.value.model_dump() == {"red": [[2, 0]], "blue": [[0, 0], [1, 0]]}
    gang = content.events.unsorted["gang_nasladowcow"]
    assert gang.discard_when is not None and gang.discard_when.value is not None
    assert gang.discard_when.value.model_dump() == {"pred": "majority", "side": "minions"}
    assert sorted(content.vampires) == sorted(VAMPIRES)
    assert [v.name.value for v in content.vampires.values() if v.name is not None] == [
        "Agnieszka", "Imre", "Ishtvan", "Laszlo", "Mila", "Nevena"
    ]  # fmt: skip
    ishtvan = content.vampires["ishtvan"]
    assert ishtvan.blood is not None and ishtvan.blood.name is not None and ishtvan.dark is not None
    assert ishtvan.blood.name.value == "Przyzwanie demonów"
    assert ishtvan.dark.name_en is not None and ishtvan.dark.name_en.value == "Gates of Hell"
    assert ishtvan.unlocks is not None and ishtvan.unlocks.value is not None
    levels = ishtvan.unlocks.value
    assert (levels.hunt, levels.relic_1, levels.wild_hunt, levels.relic_2, levels.dark) == (1, 2, 4, 5, 6)
    laszlo = content.vampires["laszlo"]
    assert laszlo.blood is not None and laszlo.blood.timing is not None and laszlo.blood.adds_victims is not None
    assert (laszlo.blood.timing.value, laszlo.blood.adds_victims.value) == ("fight", True)
    assert content.relics["zegary_wypaczen"].per_round is not None
    assert content.relics["zegary_wypaczen"].per_round.value == 1
    assert provenance(content) == {"wn.pl": 62, "card": 0, "tile": 0, "track": 0, "synthetic": 0, "unknown": 124}


def test_printed_holds_no_invented_value() -> None:
    for entry in entries(printed()):
        assert not entry.known or entry.source == "wn.pl", entry.key
        assert entry.cite, entry.key


def _cited_lines(data: object) -> Iterator[int]:
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, Mapping):
            if isinstance(node.get("cite"), str):
                for part in node["cite"].split(", "):
                    for number in part.removeprefix(f"{WN}:").split("-"):
                        yield int(number)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)


@pytest.mark.parametrize("name", ["printed.toml", "synthetic_test.toml"])
def test_every_cite_of_the_bundled_data_names_a_line_with_text(name: str) -> None:
    book = WNText.load()
    lines = sorted(set(_cited_lines(tomllib.loads((DATA / name).read_text(encoding="utf-8")))))
    assert len(lines) > (40 if name == "printed.toml" else 15)
    assert [n for n in lines if not book.line(n).strip()] == []


def _slot_at(data: Mapping[str, object], key: str) -> object:
    node: object = data
    for part in key.split("."):
        assert isinstance(node, Mapping)
        node = node[part]
    assert isinstance(node, Mapping)
    return {name: node[name] for name in ("value", "ops", "hook", "source", "cite") if name in node}


def test_synthetic_agrees_with_printed_on_every_printed_value() -> None:
    synthetic = tomllib.loads((DATA / "synthetic_test.toml").read_text(encoding="utf-8"))
    printed_data = tomllib.loads((DATA / "printed.toml").read_text(encoding="utf-8"))
    decks = {card: deck for deck in ("I", "II", "III") for card in synthetic["events"][deck]}

    def in_synthetic(key: str) -> str:  # the pack sorts the named cards into decks
        if key.startswith("events.unsorted."):
            return key.replace("events.unsorted.", f"events.{decks[key.split('.')[2]]}.")
        return key

    known = [entry.key for entry in entries(printed()) if entry.known]
    assert len(known) == 62
    for key in known:
        assert _slot_at(synthetic, in_synthetic(key)) == _slot_at(printed_data, key), key
    # and it claims no other value for the text
    printed_keys = {in_synthetic(entry.key) for entry in entries(printed())}
    alone = _bundled("synthetic_test.toml")
    for entry in entries(alone):
        assert entry.known and entry.source in ("synthetic", "wn.pl"), entry.key
        assert entry.source == "synthetic" or entry.key in printed_keys, entry.key


def test_the_synthetic_pack_says_it_is_synthetic() -> None:
    text = (DATA / "synthetic_test.toml").read_text(encoding="utf-8")
    assert text.startswith("# A SYNTHETIC content pack")
    assert "NO BALANCE FIGURE" in text.split("format = 1")[0]
    assert provenance(synthetic_test())["synthetic"] > 300
    assert provenance(synthetic_test())["unknown"] == 0


def _setups() -> Iterator[tuple[tuple[str, ...], str]]:
    for n in range(2, 6):
        for chosen in itertools.combinations(VAMPIRES, n):
            for difficulty in DIFFICULTIES:
                yield chosen, difficulty


def test_the_synthetic_pack_lacks_nothing_for_any_setup() -> None:
    content = synthetic_test()
    setups = list(_setups())
    assert len(setups) == (15 + 20 + 15 + 6) * 3
    for chosen, difficulty in setups:
        assert needed_keys(content, chosen, difficulty) == (), (chosen, difficulty)
        require(content, chosen, difficulty)


def test_the_bundled_files_ship_in_the_wheel_as_package_data() -> None:
    assert (DATA / "printed.toml").is_file() and (DATA / "synthetic_test.toml").is_file()
    wheel = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"]["build"]["targets"]
    # hatch ships every file of the listed packages, data files too, unless excluded
    assert wheel["wheel"]["packages"] == ["armata_rules"]
    assert not any("toml" in str(pattern) for pattern in wheel["wheel"].get("exclude", []))


# ------------------------------------------------------------------------------------------------ needed keys
def test_printed_alone_lacks_each_value_a_setup_needs() -> None:
    keys = needed_keys(printed(), ["agnieszka", "ishtvan", "mila"], "medium")
    assert len(keys) == 91
    assert keys == tuple(sorted(keys)) and len(set(keys)) == len(keys)
    for key in (
        "veil_track.n3.pool",
        "veil_track.n3.low.red",
        "veil_track.n3.low.blue",
        "districts.unnamed_1.effect",
        "districts.unnamed_1.name",
        "districts.dworzec_kolejowy.kind",
        "districts.szpital_psychiatryczny.effect",
        "events.I.*",
        "events.II.*",
        "events.III.*",
        "events.unsorted.ostatnia_krucjata.act",
        "events.unsorted.gang_nasladowcow.plan",
        "relics.unnamed_11.effect",
        "relics.urna_pogrzebowa.effect",
        "vampires.ishtvan.dark.name",
        "vampires.mila.blood.effect",
        "seals.agnieszka",
    ):
        assert key in keys, key
    for key in (
        "veil_track.n3.high.red",  # printed (wn.pl:259)
        "veil_track.n4.low.red",  # another number of vampires
        "districts.muzeum.effect",  # printed
        "districts.muzeum.cost",  # a day tile costs no AP
        "districts.szpital_psychiatryczny.cost",
        "vampires.ishtvan.blood.name",  # printed
        "vampires.imre.blood.effect",  # not chosen
        "seals.imre",
        "relics.nieskazitelna_krew.effect",
    ):
        assert key not in keys, key
    four = needed_keys(printed(), ["agnieszka", "imre", "nevena", "laszlo"], "hard")
    assert "veil_track.n4.low.red" in four and "veil_track.n4.high.red" in four and "veil_track.n3.pool" not in four


def test_the_key_listing_is_deterministic() -> None:
    first = needed_keys(printed(), ["mila", "imre"], "easy")
    assert first == needed_keys(printed(), ["imre", "mila"], "easy")
    assert first == needed_keys(printed(), ["Imre", "Mila"], "easy")
    # every difficulty draws from all 18 cards of each deck (wn.pl:167-173): the same keys
    assert {needed_keys(printed(), ["mila", "imre"], d) for d in DIFFICULTIES} == {first}
    assert [entry.key for entry in entries(printed())] == sorted(entry.key for entry in entries(printed()))


def test_require_names_every_missing_key_on_one_line() -> None:
    with pytest.raises(ContentMissing) as caught:
        require(printed(), ["imre", "mila"], "easy")
    keys = needed_keys(printed(), ["imre", "mila"], "easy")
    assert caught.value.keys == keys
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"the content lacks {len(keys)} values that a game of 2 vampires (imre, mila) at easy")
    assert ", ".join(keys) in message
    assert message.endswith("supply them in a content file (--content FILE, or load_content(FILE))")


@pytest.mark.parametrize(
    ("vampires", "difficulty", "problem"),
    [
        (["imre"], "easy", "a game has 2 to 5 vampires, not 1"),
        (list(VAMPIRES), "easy", "a game has 2 to 5 vampires, not 6"),
        (["imre", "dracula"], "easy", "unknown vampire 'dracula': the vampires are agnieszka, imre, ishtvan, "),
        (["imre", "Imre"], "easy", "a vampire is chosen twice: imre, imre"),
        (["imre", "mila"], "nightmare", "unknown difficulty 'nightmare': use easy, medium, hard"),
    ],
)
def test_a_bad_setup_is_refused(vampires: list[str], difficulty: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem.replace("(", r"\(")):
        needed_keys(printed(), vampires, difficulty)


def test_an_incomplete_content_lists_its_absent_keys_as_needed(tmp_path: Path) -> None:
    partial = read_content(_write(tmp_path, '[veil_track.n2]\npool = { value = 8, source = "track:2" }\n'))
    assert needed_keys(partial, ["imre", "mila"], "easy") == (
        "districts.*",
        "events",
        "relics.*",
        "seals.imre",
        "seals.mila",
        "vampires.imre",
        "vampires.mila",
        "veil_track.n2.high",
        "veil_track.n2.low",
    )


# ------------------------------------------------------------------------------------------------ an owner's file
def _as_owner(node: object, source: str) -> object:
    """The synthetic pack's values relabelled as read off an owner's components."""
    if isinstance(node, Mapping):
        relabelled = {name: _as_owner(value, source) for name, value in node.items()}
        if relabelled.get("source") == "synthetic":
            relabelled["source"] = source
        return relabelled
    if isinstance(node, list):
        return [_as_owner(item, source) for item in node]
    return node


def test_an_owner_file_filling_the_unknowns_of_one_setup_passes(tmp_path: Path) -> None:
    data = synthetic_test().model_dump(exclude_none=True)
    data.update(id="owner", note="an owner's cards")
    data["veil_track"] = {"n2": _as_owner(data["veil_track"]["n2"], "track:2")}
    data["vampires"] = {name: data["vampires"][name] for name in ("imre", "mila")}
    data["seals"] = {name: data["seals"][name] for name in ("imre", "mila")}
    path = tmp_path / "owner.json"
    path.write_text(json.dumps(_as_owner(data, "card:my copy"), ensure_ascii=False), encoding="utf-8")
    content = load_content(path)
    require(content, ["imre", "mila"], "hard")
    assert needed_keys(content, ["mila", "imre", "ishtvan"], "easy") == (
        "seals.ishtvan",
        "vampires.ishtvan.blood.effect",
        "vampires.ishtvan.dark.effect",
        "vampires.ishtvan.dark.name",
        "vampires.ishtvan.track_top",
        "veil_track.n3.low.blue",
        "veil_track.n3.low.red",
        "veil_track.n3.pool",
    )
    counts = provenance(content)
    assert counts["wn.pl"] == 62 and counts["synthetic"] == 0 and counts["track"] == 5 and counts["card"] > 250
    assert content.events is not None and content.events.unsorted == {}
    assert content.events.I is not None and "ostatnia_krucjata" in content.events.I.cards
    assert content.events.I.unknown is None  # the deck is complete: its unknown is gone


def test_a_value_replaces_an_unknown_and_an_equal_value_keeps_the_printed_source(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        '[veil_track.n4]\npool = { value = 10, source = "track:4" }\n'
        '[veil_track.n3.high]\nred = { value = 2, source = "track:3" }\n'
        '[veil_track.n3.low]\nred = { unknown = "smudged", cite = "' + WN + ':227" }\n',
    )
    content = load_content(path)
    assert content.veil_track is not None and content.veil_track.n4 is not None and content.veil_track.n3 is not None
    assert content.veil_track.n4.pool is not None and content.veil_track.n4.pool.value == 10
    assert content.veil_track.n4.pool.source == "track:4"
    assert content.veil_track.n3.high is not None and content.veil_track.n3.high.red is not None
    assert content.veil_track.n3.high.red.source == "wn.pl"
    assert content.veil_track.n3.low is not None and content.veil_track.n3.low.red is not None
    assert content.veil_track.n3.low.red.unknown == "veil-track image"  # an unknown adds nothing
    assert "veil_track.n4.pool" not in needed_keys(content, ["imre", "mila", "laszlo", "nevena"], "easy")
    assert provenance(content)["track"] == 1


def test_a_value_contradicting_the_text_is_refused_naming_both(tmp_path: Path) -> None:
    message = _refusal(_write(tmp_path, '[veil_track.n3.high]\nred = { value = 3, source = "track:3" }\n'))
    assert message == (
        f"{tmp_path / 'mine.toml'}: veil_track.n3.high.red: contradicts the printed value: "
        f"this file has 3 (track:3), but {WN}:259 gives 2"
    )
    message = _refusal(
        _write(
            tmp_path,
            '[events.II.ostatnia_krucjata]\nplan = { value = { red = [[2, 1]], blue = [] }, source = "card:OK" }\n',
        )
    )
    assert message.endswith(
        'events.II.ostatnia_krucjata.plan: contradicts the printed value: this file has {"blue": [], "red": '
        f'[[2, 1]]}} (card:OK), but {WN}:259 gives {{"blue": [[0, 0], [1, 0]], "red": [[2, 0]]}}'
    )
    other_op = '[relics.nieskazitelna_krew]\neffect = { ops = [{ op = "ap", target = "holder", delta = 1 }], '
    message = _refusal(_write(tmp_path, other_op + 'source = "card:NK" }\n'))
    assert "relics.nieskazitelna_krew.effect: contradicts the printed value" in message


def test_an_effect_may_extend_the_printed_ops_in_order(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        '[relics.nieskazitelna_krew]\neffect = { ops = [{ op = "blood_max", target = "holder", value = 6 }, '
        '{ op = "blood", target = "holder", delta = 1 }], source = "card:Nieskazitelna krew" }\n',
    )
    effect = load_content(path).relics["nieskazitelna_krew"].effect
    assert effect is not None and effect.ops is not None and effect.source == "card:Nieskazitelna krew"
    assert [op.op for op in effect.ops] == ["blood_max", "blood"]


def test_an_owner_sorts_a_named_card_into_its_deck(tmp_path: Path) -> None:
    by_act = load_content(
        _write(tmp_path, '[events.unsorted.ostatnia_krucjata]\nact = { value = "II", source = "card:OK" }\n')
    )
    assert by_act.events is not None and by_act.events.II is not None
    card = by_act.events.II.cards["ostatnia_krucjata"]
    assert card.plan is not None and card.plan.source == "wn.pl"
    assert set(by_act.events.unsorted) == {"gang_nasladowcow"}
    assert "events.II.ostatnia_krucjata.effect" in needed_keys(by_act, ["imre", "mila"], "easy")
    by_deck = load_content(
        _write(tmp_path, '[events.III.gang_nasladowcow]\nstays = { value = true, source = "card:Gang" }\n')
    )
    assert by_deck.events is not None and by_deck.events.III is not None
    assert "gang_nasladowcow" in by_deck.events.III.cards and "gang_nasladowcow" not in by_deck.events.unsorted
    message = _refusal(
        _write(
            tmp_path,
            '[events.unsorted.gang_nasladowcow]\nact = { value = "I", source = "card:Gang" }\n'
            '[events.III.gang_nasladowcow]\nstays = { value = true, source = "card:Gang" }\n',
        )
    )
    assert message.endswith("events.III.gang_nasladowcow: this file also puts this card in deck I")
    message = _refusal(
        _write(tmp_path, '[events.unsorted.ostatnia_krucjata]\nact = { value = "IV", source = "card:OK" }\n')
    )
    assert message.endswith("""events.unsorted.ostatnia_krucjata.act.value: Input should be 'I', 'II' or 'III'""")


def _deck(deck: str, count: int, first: int = 1) -> str:
    return "".join(
        f'[events.{deck}.card_{n}]\nname = {{ value = "Card {n}", source = "card:{n}" }}\n'
        for n in range(first, first + count)
    )


def test_full_decks_without_a_card_the_text_names_are_refused(tmp_path: Path) -> None:
    message = _refusal(_write(tmp_path, _deck("I", 18) + _deck("II", 18, 100) + _deck("III", 18, 200)))
    assert message == (
        f"{tmp_path / 'mine.toml'}: events.unsorted.gang_nasladowcow: every deck is full, yet the text names "
        "this card: list it in its deck under this id"
    )


# ------------------------------------------------------------------------------------------------ malformed files
def _case(name: str, body: str, key: str, problem: str) -> object:
    return pytest.param(body, key, problem, id=name)


_TILE_X = 'source = "tile:X" }\n'
#: A bad file (beside the valid header): the key the error names and the start of its problem. ``WN`` stands for
#: the text's source id.
MALFORMED = [
    _case("unknown key", '[districts.unnamed_1]\ncolour = { value = "red", ' + _TILE_X, "districts.unnamed_1.colour",
          "unknown key"),
    _case("wrong type", '[veil_track.n4]\npool = { value = "nine", source = "track:4" }\n', "veil_track.n4.pool.value",
          "Input should be a valid integer"),
    _case("out of range", '[veil_track.n4]\npool = { value = 13, source = "track:4" }\n', "veil_track.n4.pool.value",
          "Input should be less than or equal to 12"),
    _case("value and unknown", '[veil_track.n4]\npool = { value = 9, unknown = "smudged", cite = "WN:163" }\n',
          "veil_track.n4.pool", "sets both value and unknown: a slot is a cited value or an unknown, never both"),
    _case("neither", '[veil_track.n4]\npool = { source = "track:4" }\n', "veil_track.n4.pool",
          "needs one of value, unknown"),
    _case("bad cite", '[veil_track.n4]\npool = { value = 9, source = "wn.pl", cite = "WN 163" }\n',
          "veil_track.n4.pool.cite", """cite "WN 163" is not 'wn.pl:LINE' or 'wn.pl:FIRST-LAST', joined by ', '"""),
    _case("backward range", '[veil_track.n4]\npool = { value = 9, source = "wn.pl", cite = "WN:163-99" }\n',
          "veil_track.n4.pool.cite", 'cite "WN:163-99" is a range that does not go forward'),
    _case("printed without cite", '[veil_track.n4]\npool = { value = 9, source = "wn.pl" }\n', "veil_track.n4.pool",
          "a value printed in the text (source = 'wn.pl') needs its cite"),
    _case("value without source", "[veil_track.n4]\npool = { value = 9 }\n", "veil_track.n4.pool",
          "a value needs source = 'wn.pl', 'card:NAME', 'tile:NAME', 'track:N' or 'synthetic'"),
    _case("bad source", '[veil_track.n4]\npool = { value = 9, source = "track:6" }\n', "veil_track.n4.pool.source",
          """source "track:6" is not 'wn.pl', 'card:NAME', 'tile:NAME', 'track:N' (N = 2..5) or 'synthetic'"""),
    _case("unknown without cite", '[veil_track.n4]\npool = { unknown = "smudged" }\n', "veil_track.n4.pool",
          "an unknown needs cite = the line that shows the value exists"),
    _case("hook outside", '[districts.unnamed_1]\neffect = { hook = "os:system", ' + _TILE_X,
          "districts.unnamed_1.effect.hook",
          """hook "os:system" is not a function inside armata_rules.wladcy_nocy: write """
          "'armata_rules.wladcy_nocy.MODULE:FUNCTION'"),
    _case("hook in armata", '[districts.unnamed_1]\neffect = { hook = "armata_rules.engine:apply", ' + _TILE_X,
          "districts.unnamed_1.effect.hook",
          'hook "armata_rules.engine:apply" is not a function inside armata_rules.wladcy_nocy: write '
          "'armata_rules.wladcy_nocy.MODULE:FUNCTION'"),
    _case("unknown op", '[districts.unnamed_1]\neffect = { ops = [{ op = "teleport" }], ' + _TILE_X,
          "districts.unnamed_1.effect.ops[0]",
          "unknown op 'teleport'; the vocabulary has: add_agents, add_minions, ap, blood, blood_max, dice_modify, "
          "draw_relic, event_place, move_agents, place_card, redirect_agents, remove_agents, replace_agents, "
          "replace_minions, reveal, veil"),
    _case("missing argument",
          '[districts.unnamed_1]\neffect = { ops = [{ op = "reveal", where = "here" }, { op = "add_agents", n = 1 }], '
          + _TILE_X, "districts.unnamed_1.effect.ops[1]", "op add_agents: argument 'where' is missing (a district "
          'selector: "here", "leader_choice", "event_place", { at = POSITION }, { tile = ID } or '
          '{ each = [PREDICATE, ...] })'),
    _case("bad position",
          '[districts.unnamed_1]\neffect = { ops = [{ op = "add_agents", where = { at = [3, 0] }, n = 1 }], ' + _TILE_X,
          "districts.unnamed_1.effect.ops[0]", "op add_agents: argument 'where' at must be [row, column], each 0, 1 "
          "or 2 (row 0 is the top, column 0 the left), not [3, 0]"),
    _case("unknown argument",
          '[districts.unnamed_1]\neffect = { ops = [{ op = "veil", delta = -1, kind = "cost", why = "x" }], ' + _TILE_X,
          "districts.unnamed_1.effect.ops[0]", "op veil: unknown argument 'why' (it takes delta, kind)"),
    _case("unknown predicate",
          '[districts.unnamed_1]\neffect = { ops = [{ op = "reveal", where = { each = [{ pred = "haunted" }] } }], '
          + _TILE_X, "districts.unnamed_1.effect.ops[0]", "op reveal: argument 'where' each [0]: unknown predicate "
          "'haunted'; the vocabulary has: has_minion, has_ready_vampire, has_vampire, majority, no_agents, sealed"),
    _case("bool for int",
          '[districts.unnamed_1]\neffect = { ops = [{ op = "blood", target = "active", delta = true }], ' + _TILE_X,
          "districts.unnamed_1.effect.ops[0]", "op blood: argument 'delta' must be a non-zero integer, not true"),
    _case("ops and hook",
          '[districts.unnamed_1]\neffect = { ops = [], hook = "armata_rules.wladcy_nocy.cards:x", ' + _TILE_X,
          "districts.unnamed_1.effect", "sets both ops and hook: a slot is a cited value or an unknown, never both"),
    _case("day tile cost", '[districts.muzeum]\ncost = { value = 1, source = "tile:Muzeum" }\n', "districts.muzeum",
          "a day tile has no AP cost: only night effects cost AP (WN:357)"),
    _case("bad kind", '[districts.unnamed_1]\nkind = { value = "dusk", ' + _TILE_X, "districts.unnamed_1.kind.value",
          "Input should be 'day' or 'night'"),
    _case("tenth district", '[districts.apteka]\nname = { value = "Apteka", source = "tile:Apteka" }\n', "districts",
          "lists 10 districts; the game has 9 (WN:18)"),
    _case("no such tile",
          '[districts.unnamed_1]\neffect = { ops = [{ op = "reveal", where = { tile = "apteka" } }], ' + _TILE_X,
          "districts.unnamed_1.effect", "names tile 'apteka', which is not a district of this content"),
    _case("one blue cross", '[events.I.x]\nplan = { value = { red = [[0, 0]], blue = [[0, 1]] }, source = "card:X" }\n',
          "events.I.x.plan.value", "blue-grey crosses come as a pair sharing two numbers (WN:233), not 1"),
    _case("two crosses on a cell",
          '[events.I.x]\nplan = { value = { red = [[0, 0]], blue = [[0, 0], [1, 1]] }, source = "card:X" }\n',
          "events.I.x.plan.value", "a position carries two crosses"),
    _case("deck note without unknown", '[events.I]\nnote = "x"\n', "events.I",
          "cite and note belong to the deck's unknown, which is missing"),
    _case("bad card id", '[events.I.Bad-Id]\nname = { value = "x", source = "card:X" }\n', "events.I",
          'card id "Bad-Id" is not lower-case letters, digits and _'),
    _case("nineteen cards", "", "events.I", "lists 19 cards; a deck has 18 (WN:22, WN:89)"),
    _case("seventh vampire", '[vampires.dracula]\nname = { value = "Dracula", source = "card:D" }\n',
          "vampires.dracula", "Input should be 'agnieszka', 'imre', 'ishtvan', 'laszlo', 'mila' or 'nevena'"),
    _case("bad seal op", '[seals]\nmila = { ops = [{ op = "veil", delta = 1, kind = "bonus" }], source = "card:M" }\n',
          "seals.mila.ops[0]", "op veil: argument 'kind' must be \"cost\" or \"effect\", not \"bonus\""),
]  # fmt: skip


@pytest.mark.parametrize(("body", "key", "problem"), MALFORMED)
def test_a_malformed_file_is_one_line_naming_file_key_and_problem(
    tmp_path: Path, body: str, key: str, problem: str
) -> None:
    path = _write(tmp_path, (body or _deck("I", 19)).replace("WN", WN))
    assert _refusal(path) == f"{path}: {key}: {problem.replace('WN', WN)}"


def test_a_json_null_is_no_value(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    pool = {"value": None, "source": "track:4"}
    path.write_text(
        json.dumps({"format": 1, "id": "x", "note": "y", "veil_track": {"n4": {"pool": pool}}}), encoding="utf-8"
    )
    assert _refusal(path) == f"{path}: veil_track.n4.pool: value is null: write a value, or an unknown with its cite"


def test_a_file_of_another_format_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "old.toml"
    path.write_text('format = 2\nid = "x"\nnote = "y"\n', encoding="utf-8")
    assert _refusal(path) == f"{path}: format: Input should be 1"


def test_a_file_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "latin.toml"
    data = (HEADER + '[districts.unnamed_1]\nname = { value = "Łódź", source = "tile:X" }\n').encode("cp1250")
    path.write_bytes(data)
    at = data.index("Ł".encode("cp1250"))
    assert _refusal(path) == f"{path}: <file>: is not UTF-8 text (invalid start byte at byte {at})"


def test_a_too_deep_table_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, "[" + ".".join(["a"] * 40) + "]\nx = 1\n")
    assert _refusal(path) == f"{path}: {'.'.join(['a'] * 32)}: nests deeper than 32 levels"


def test_an_unknown_file_type_and_a_missing_file_are_refused(tmp_path: Path) -> None:
    yaml = tmp_path / "mine.yaml"
    assert _refusal(yaml) == f"{yaml}: <file>: unknown file type '.yaml'; use .toml or .json"
    assert _refusal(tmp_path / "absent.toml").startswith(f"{tmp_path / 'absent.toml'}: <file>: cannot be read: ")


def test_a_hook_inside_the_package_is_accepted_and_listed_as_unproved(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        '[districts.unnamed_2]\neffect = { hook = "armata_rules.wladcy_nocy.cards:unnamed_2", source = "tile:X" }\n'
        '[seals]\nmila = { hook = "armata_rules.wladcy_nocy.cards:mila_seal", source = "card:Mila" }\n',
    )
    content = load_content(path)
    assert hooks(content) == (
        ("districts.unnamed_2.effect", "armata_rules.wladcy_nocy.cards:unnamed_2"),
        ("seals.mila", "armata_rules.wladcy_nocy.cards:mila_seal"),
    )
    assert hooks(printed()) == ()


# ------------------------------------------------------------------------------------------------ the vocabulary
def test_the_vocabulary_has_the_words_of_the_design_each_with_meaning_and_clause() -> None:
    assert {
        "add_agents", "move_agents", "reveal", "remove_agents", "add_minions", "veil", "blood", "ap", "dice_modify",
        "draw_relic", "place_card", "redirect_agents",
    } <= set(OPS)  # fmt: skip
    assert {"sealed", "has_minion", "has_ready_vampire", "no_agents", "majority"} <= set(PREDICATES)
    assert {"at", "tile", "each", "here", "leader_choice", "event_place"} == set(DISTRICT_SELECTORS)
    assert {"active", "holder", "leader_choice"} == set(VAMPIRE_SELECTORS)
    book = WNText.load()
    for table in (OPS, PREDICATES, DISTRICT_SELECTORS, VAMPIRE_SELECTORS):
        for name, word in table.items():
            assert word.name == name and word.meaning and "\n" not in word.meaning
            assert check_cite(word.clause) == word.clause
            for line in _cited_lines({"cite": word.clause}):
                assert book.line(line).strip(), (name, line)
            assert all(arg.kind in ARG_KINDS for arg in word.args), name


def test_the_vocabulary_checks_nested_words() -> None:
    assert (
        op_problem({"op": "place_card", "where": {"vampire": "active"}, "discard_when": {"pred": "no_agents"}}) is None
    )
    assert op_problem({"op": "place_card", "where": {"vampire": "anyone"}, "discard_when": {"pred": "no_agents"}}) == (
        'op place_card: argument \'where\' must be a vampire selector: "active", "holder" or "leader_choice", '
        'not "anyone"'
    )
    assert op_problem({"op": "reveal", "where": {"each": []}}) == (
        "op reveal: argument 'where' each must be a non-empty list of predicate tables, not []"
    )
    assert predicate_problem({"pred": "majority", "side": "minions", "negate": True}) is None
    assert predicate_problem({"pred": "majority"}) == (
        'predicate majority: argument \'side\' is missing ("minions" or "agents")'
    )
    assert op_problem({"where": "here"}) == (
        "op needs op = NAME, one of: add_agents, add_minions, ap, blood, blood_max, dice_modify, draw_relic, "
        "event_place, move_agents, place_card, redirect_agents, remove_agents, replace_agents, replace_minions, "
        "reveal, veil"
    )
    effect = [{"op": "move_agents", "from": {"tile": "a"}, "to": {"each": [{"pred": "sealed"}]}, "n": 1}]
    assert sorted(tile_references([*effect, {"op": "reveal", "where": {"tile": "b"}}])) == ["a", "b"]
