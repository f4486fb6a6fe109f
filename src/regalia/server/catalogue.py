"""The games' catalogue as the lobby shows it: each game's summary, players, the rule options
that may be set online (with their rulings' words), the bots a seat may be given at this server
(within its budget: ``bot_max_seconds``, ``bot_max_rollouts``) and the table defaults.
"""

from __future__ import annotations

from typing import Any

from regalia.bots import Bot, bot_names, make_bot
from regalia.bots.ismcts import LEVELS
from regalia.core import Game, game_names, get_game
from regalia.server.api_models import BotInfo, GameInfo, GameList, OptionInfo
from regalia.server.settings import ServerSettings

BOT_LABELS = {
    "random": "Random: any legal move",
    "heuristic": "Heuristic: the game's rule-of-thumb player (quick)",
    "search": "Search: looks ahead over the known cards",
}


def default_bot(game: str) -> str:
    """The bot a seat gets when none is named: the game's heuristic player (answers at once)."""
    names = bot_names(game)
    return "heuristic" if "heuristic" in names else "random"


def bot_specs(game: str) -> list[BotInfo]:
    """Every bot a seat may be given, levels of the search bot included."""
    out = []
    for name in bot_names(game):
        if name == "ismcts":
            for level, rollouts in LEVELS.items():
                out.append(
                    BotInfo(spec=f"ismcts:{level}", label=f"IS-MCTS {level}: {rollouts} rollouts a decision (slower)")
                )
        else:
            out.append(BotInfo(spec=name, label=BOT_LABELS.get(name, name)))
    return out


def over_budget(spec: str, bot: Bot, settings: ServerSettings) -> str | None:
    """Why ``bot`` (built from ``spec``) may not play at this server's tables — its decision budget asks for more
    seconds than ``bot_max_seconds`` or more rollouts than ``bot_max_rollouts`` — or ``None``
    when it may. The words name the setting and its value."""
    budget = bot.decision_budget()
    if budget.seconds is not None and budget.seconds > settings.bot_max_seconds:
        return (
            f"{spec} thinks up to {budget.seconds:g} s a decision; this server allows at most "
            f"{settings.bot_max_seconds:g} s (bot_max_seconds)"
        )
    if budget.rollouts is None and budget.seconds is None:
        return f"{spec} has no budget a decision; this server needs one (bot_max_seconds)"
    if budget.rollouts is not None and budget.rollouts > settings.bot_max_rollouts:
        return (
            f"{spec} plays up to {budget.rollouts:,} rollouts a decision; this server allows at most "
            f"{settings.bot_max_rollouts:,} (bot_max_rollouts)"
        )
    return None


def online_option(option: dict[str, Any]) -> bool:
    """Whether a rule option may be set over the network: free-text options (a file path such
    as ``deck_file``) may not; booleans, numbers and options with listed choices may."""
    return not ("str" in str(option["type"]) and not option["choices"])


def game_info(game: Game, response_seconds: float = 10.0) -> GameInfo:
    """A game as the lobby shows it: summary, player range, options with their rulings' texts,
    bots, and the default time to answer a response window (the server's ``response_seconds``)."""
    rulings = game.rule_words(online=True)
    options = [
        OptionInfo(
            name=o["name"],
            type=str(o["type"]),
            default=o["default"],
            choices=o["choices"],
            doc=o["doc"],
            label=o["label"],
            help=o["help"],
            choice_labels=o["choice_labels"],
            minimum=o["minimum"],
            maximum=o["maximum"],
            ruling=o["ruling"],
            ruling_text=rulings.get(o["ruling"]) if o["ruling"] else None,
        )
        for o in game.options()
        if online_option(o)
    ]
    return GameInfo(
        name=game.name,
        title=game.title,
        summary=game.summary,
        min_players=game.min_players,
        max_players=game.max_players,
        default_players=game.default_players,
        rules_version=game.rules_version,
        options=options,
        bots=bot_specs(game.name),
        default_bot=default_bot(game.name),
        legend=game.legend,
        notation=game.notation,
        hidden_responses=game.hidden_responses,
        response_windows=dict(game.response_windows),
        response_seconds=response_seconds,
        rules=rulings,
    )


def games_list(settings: ServerSettings | None = None) -> GameList:
    """Every game, with the server's table defaults; with ``settings``, only the bots whose
    budget the server allows (:func:`over_budget`), and its default time to answer a response
    window (``response_seconds``)."""
    response = settings.response_seconds if settings is not None else 10.0
    games = [game_info(get_game(n), response) for n in game_names()]
    if settings is not None:
        for info in games:
            info.bots = [b for b in info.bots if over_budget(b.spec, make_bot(b.spec, info.name), settings) is None]
    return GameList(games=games, defaults={"on_timeout": "standin", "turn_seconds": None})
