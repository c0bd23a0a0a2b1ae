"""What ``armata-rules COMMAND --help`` says above and below the options: a description of each command and one or
two examples of it, and the help formatter that lays them out.

The examples are real command lines; a test parses every one with the command's parser, so an example cannot name
an option that no longer exists. The exit-status table is the top level's alone (:func:`armata_rules.cli._epilog`):
it is the same for every command.
"""

from __future__ import annotations

from armata_rules.kernel.cli.help import CommandHelp, Example, HelpFormatter, examples_text

__all__ = ["COMMANDS", "CommandHelp", "Example", "HelpFormatter", "examples_text"]


#: Every command's help, by its path below ``armata-rules`` ("board", "study readings").
COMMANDS: dict[str, CommandHelp] = {
    "board": CommandHelp(
        "summarise the fortress and render it as SVG",
        "Summarise the fortress (the bundled reconstruction, or a layout file of your own): its rooms, corridors and "
        "ladder sites, and the sites each reading of the rules allows at setup. --svg draws it, with the ladders "
        "you place and the platforms you turn.",
        (
            Example("armata-rules board --svg fortress.svg", "the bundled fortress as a picture, and its summary"),
            Example(
                "armata-rules board --layout my-fortress.toml --ladder NE:ladder0 --rotate NE=2",
                "a layout of your own, with a ladder placed and the NE platform turned by 120 degrees",
            ),
        ),
    ),
    "replay": CommandHelp(
        "re-run a game record and check it reaches the recorded state",
        "Re-run a game record (saved by 'simulate --save-records' or by the library's save_record) action by action "
        "and check that it ends in the state it records: status 1 where it does not, naming the first action the "
        "rules refuse. --html writes a page that steps through the game in a browser.",
        (
            Example("armata-rules replay game.json", "check the record"),
            Example(
                "armata-rules replay game.json --html game.html", "and write a page to follow the game step by step"
            ),
        ),
    ),
    "simulate": CommandHelp(
        "play complete games with bots and report how they end",
        "Play complete games with bots, one per seed counted up from --seed, and report how they end: wins, "
        "losses, their kinds and the games' lengths. The same seeds give the same games on every machine, backend "
        "and number of workers.",
        (
            Example("armata-rules simulate --heroes 4 --games 100 --seed 1", "100 games of 4 heroes, seeds 1 to 100"),
            Example(
                "armata-rules simulate --edition sb19.en --bot random --workers 2 --json",
                "the ScriBabs print's English rules (sb19.en), random bots, two processes, every game as JSON",
            ),
        ),
    ),
    "study": CommandHelp(
        "measure what the rulebooks' disagreements do to the game",
        "Measure what the rulebooks' disagreements do to the game: play the same seeds under different rules and "
        "compare. Name a study: 'readings' (each reading's options against a preset) or 'editions' (each "
        "edition's preset against peg19.en).",
        (
            Example("armata-rules study readings --heroes 2-3 --games 20", "a quick look at every reading"),
            Example("armata-rules study editions --games 50 --out editions.json", "every preset, the study kept"),
        ),
    ),
    "study readings": CommandHelp(
        "each reading's options against a preset, same seeds: win-rate and length differences",
        "Play each option of each reading (a place where the texts can be read two ways) against a baseline preset "
        "on the same seeds, and rank the options by what they change: win rate and game length, with 95% "
        "intervals and McNemar's test on the pairs of games.",
        (
            Example(
                "armata-rules study readings --heroes 2-5 --games 50 --out readings.json --plot readings.svg",
                "the full study, kept as JSON and drawn as a ranking",
            ),
            Example(
                "armata-rules study readings --baseline sb19.en --heroes 3 --games 20 --store results",
                "against another preset, games kept in results/ so a rerun resumes",
            ),
        ),
    ),
    "study editions": CommandHelp(
        "each edition preset against peg19.en, same seeds: win rates, lengths, and the verdicts it leaves out",
        "Play every edition preset against peg19.en on the same seeds: win rates, game lengths, and the "
        "play-changing verdicts on each text (spec/verdicts) that its preset does not model.",
        (
            Example(
                "armata-rules study editions --heroes 2-5 --games 50 --out editions.json",
                "every preset, 2 to 5 heroes, 50 seeds each, the study kept as JSON",
            ),
        ),
    ),
    "verify": CommandHelp(
        "prove the rule invariants with Z3 for every preset and player count",
        "Prove the rule invariants with Z3 for every edition preset and player count, prove that every game ends, "
        "and compare the pack's blood tables with the printed ones: status 1 if anything is not proved. "
        "--self-test breaks the rules on purpose and checks that each break is caught.",
        (
            Example("armata-rules verify", "prove everything, one table per kind of proof"),
            Example("armata-rules verify --self-test", "show that the proofs can fail"),
            Example("armata-rules verify --json --record results.json", "the proof record, printed and kept"),
        ),
    ),
    "ambiguities": CommandHelp(
        "report where the rulebook texts disagree or say too little",
        "Report where the five rulebook texts disagree or say too little, each finding with the verdict recorded "
        "for it; or compare a text of your own (an OCR'd scan) with its edition.",
        (
            Example("armata-rules ambiguities --lang fr --severity changes-play", "what the French text changes"),
            Example(
                "armata-rules ambiguities --source my-scan.txt:it:peg19 --format markdown",
                "where a scan of the Italian text departs from peg19",
            ),
        ),
    ),
    "completion": CommandHelp(
        "print a shell completion script (bash, zsh or fish)",
        "Print a completion script for bash, zsh or fish, made from this command's own options: every command, "
        "option and choice, file names where a file is expected. --json prints the tree of commands and options "
        "the scripts are made from.",
        (
            Example(
                "armata-rules completion bash > ~/.local/share/bash-completion/completions/armata-rules",
                "bash: completes in every new shell",
            ),
            Example(
                "armata-rules completion fish > ~/.config/fish/completions/armata-rules.fish",
                "fish: the same",
            ),
        ),
    ),
}
