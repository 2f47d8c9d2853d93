"""The OpenAPI 3.1 description of the server, served at ``/openapi.json``."""

from __future__ import annotations

from typing import Any

from .. import __version__

__all__ = ["openapi"]


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json_body(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


_ERRORS = {
    "400": "malformed JSON or query (`bad_json`, `bad_query`)",
    "401": "no token, or a token that is not one (`no_token`, `bad_token`)",
    "403": "a token that is not a seat of this game (`wrong_token`), a spectator grant's "
    "token used to act (`read_only`)",
    "404": "no such game or route (`unknown_game`, `not_found`), no rematch yet (`no_rematch`)",
    "409": "stale or doubled (`stale`), not your turn (`not_your_turn`), over (`game_over`), "
    "in play (`not_over`), a seat a bot took over after its time-outs (`replaced`)",
    "408": "a request that did not arrive whole in time (`timeout`)",
    "413": "a body over the size limit (`too_large`)",
    "415": "a body that is not JSON, or without `Content-Type: application/json` "
    "(`bad_content_type`)",
    "422": "unknown or missing fields, wrong types, unknown pack, option or seat, an action id out "
    "of range or not legal now (`bad_request`, `unknown_pack`, `bad_options`, `bad_seat`, "
    "`bad_seats`, `bad_timer`, `illegal_action`); a bad position, its message naming the fact "
    "(`bad_position`), or `options`/`seed` beside a `position` (`position_conflict`)",
    "429": "this client address made games too fast (`too_many_requests`, with Retry-After) or "
    "has as many games in play as one address may (`too_many_games`)",
    "503": "the server has as many games in play as it takes (`full`)",
}


def _errors(*codes: str) -> dict[str, Any]:
    return {c: _json_body(_ref("Error"), _ERRORS[c]) for c in codes}


_GAME_ID = {
    "name": "game_id",
    "in": "path",
    "required": True,
    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,32}$"},
}
_GRANT = {"name": "grant", "in": "path", "required": True, "schema": {"type": "string"}}
_BEARER: list[dict[str, list[str]]] = [{"seat": []}]
_EITHER: list[dict[str, list[str]]] = [{"seat": []}, {}]

_SCHEMAS: dict[str, Any] = {
    "Error": {
        "type": "object",
        "required": ["error", "message"],
        "properties": {
            "error": {"type": "string", "description": "a machine code, e.g. `stale`"},
            "message": {"type": "string", "description": "what was wrong and what to do"},
        },
    },
    "CreateGame": {
        "type": "object",
        "additionalProperties": False,
        "required": ["pack", "seats"],
        "properties": {
            "pack": {"type": "string", "description": "a pack from `GET /packs`"},
            "seats": {
                "type": "array",
                "maxItems": 16,
                "items": {"type": "string"},
                "description": "one per seat: `human`, `random`, `greedy`, `mcts`, `mcts:N` "
                "(iterations), `mcts:X` or `mcts:Xs` (seconds per decision), or the name of a "
                "bot this server adds (`GET /packs` lists them under `bots`)",
            },
            "options": {"type": "object", "description": "the pack's options (default: the rules)"},
            "seed": {
                "type": ["integer", "null"],
                "description": "omit for a random one; the seed stays secret until the game ends",
            },
            "timer": {"anyOf": [_ref("Timer"), {"type": "null"}]},
            "position": {
                "anyOf": [{"type": "object"}, {"type": "string"}, {"type": "null"}],
                "description": "start from this position (tutorials, puzzles): a position "
                "document of the pack (`GET /packs/{name}` lists its `position_facts`), as an "
                "object or as its JSON or TOML text. Its own `options` and `seed` apply: a "
                "body giving `options` or `seed` beside it is refused (`position_conflict`). "
                "A document without a `seed` gets a random one. Like the seed, the document "
                "(which may fix hidden cards) stays secret until the game ends; then the "
                "game's record carries it as `position`",
            },
        },
    },
    "Timer": {
        "type": "object",
        "additionalProperties": False,
        "required": ["kind", "seconds"],
        "description": "a turn timer for the human seats",
        "properties": {
            "kind": {
                "type": "string",
                "enum": ["move", "clock"],
                "description": "`move`: `seconds` for each decision; `clock`: `seconds` for "
                "all of a seat's decisions (a chess clock), plus `increment` after each",
            },
            "seconds": {"type": "integer", "minimum": 1, "maximum": 604800},
            "increment": {"type": "integer", "minimum": 0, "maximum": 3600, "default": 0},
            "on_timeout": {
                "type": "string",
                "enum": ["pass", "bot"],
                "default": "pass",
                "description": "`pass`: an action of kind `pass` if one is legal, else the "
                "`bot`'s choice; `bot`: the bot's choice",
            },
            "bot": {"type": "string", "default": "random", "description": "a bot seat spec"},
            "replace_after": {
                "type": "integer",
                "minimum": 0,
                "maximum": 1000,
                "default": 3,
                "description": "time-outs in a row after which the bot takes the seat (0: never)",
            },
        },
    },
    "Seat": {
        "type": "object",
        "required": ["seat", "player", "kind"],
        "properties": {
            "seat": {"type": "integer"},
            "player": {"type": "string", "description": "the player's name in the game"},
            "kind": {"type": "string", "description": "`human` or the bot spec"},
            "token": {
                "type": "string",
                "description": "only in the answer to `POST /games`: the seat's secret",
            },
        },
    },
    "Created": {
        "type": "object",
        "properties": {
            "id": {"type": "string"},
            "pack": {"type": "string"},
            "seats": {"type": "array", "items": _ref("Seat")},
            "step": {"type": "integer"},
            "status": {"type": "string"},
            "owner_token": {
                "type": "string",
                "description": "the game's owner token, shown once: it ends the game "
                "(`POST /games/{game_id}/end`)",
            },
        },
    },
    "LegalAction": {
        "type": "object",
        "required": ["id", "notation", "text"],
        "properties": {
            "id": {
                "type": "integer",
                "description": "what `POST .../actions` takes as `action_id`",
            },
            "notation": {"type": "string", "description": "the action's short notation"},
            "text": {"type": "string", "description": "the action in words, for a button"},
        },
    },
    "Event": {
        "type": "object",
        "required": ["kind", "text"],
        "additionalProperties": True,
        "description": "one thing that happened, as this seat may see it: its `kind`, its "
        "data fields and its narration `text`",
        "properties": {"kind": {"type": "string"}, "text": {"type": "string"}},
    },
    "Batch": {
        "type": "object",
        "required": ["step", "events"],
        "properties": {
            "step": {
                "type": "integer",
                "description": "0: the set-up; k: what the k-th action caused",
            },
            "events": {"type": "array", "items": _ref("Event")},
        },
    },
    "Result": {
        "type": ["object", "null"],
        "properties": {
            "returns": {
                "type": ["array", "null"],
                "items": {"type": "number"},
                "description": "null for a game ended or abandoned",
            },
            "resigned": {"type": ["integer", "null"]},
        },
    },
    "SeatView": {
        "type": "object",
        "description": "the game as one seat (or a spectator) sees it",
        "properties": {
            "id": {"type": "string"},
            "pack": {"type": "string"},
            "title": {"type": "string"},
            "status": {
                "type": "string",
                "enum": ["active", "finished", "resigned", "ended", "abandoned"],
                "description": "`ended`: by its owner or the administrator; `abandoned`: by "
                "the server, after nobody acted in, read or followed it for a while",
            },
            "seat": {"type": ["integer", "null"], "description": "null: a spectator"},
            "step": {"type": "integer", "description": "actions played so far"},
            "seats": {"type": "array", "items": _ref("Seat")},
            "current_player": {"type": ["integer", "null"]},
            "your_turn": {"type": "boolean"},
            "prompt": {"type": "string"},
            "legal_actions": {"type": "array", "items": _ref("LegalAction")},
            "result": _ref("Result"),
            "rematch": {
                "type": ["string", "null"],
                "description": "the id of this finished game's rematch, once asked for",
            },
            "timer": {
                "type": ["object", "null"],
                "description": "the turn timer (null: none): its rules as made, `deadline` "
                "(epoch seconds) and `remaining` (seconds) of the seat to move (null while a "
                "bot moves), `clocks` (a clock timer: each seat's seconds at the start of its "
                "turn), `strikes` (each seat's time-outs in a row)",
            },
            "view": {
                "type": "object",
                "description": "the pack's `state.view(seat)` without its log: zones, cards, "
                "the pack's own facts",
            },
            "events": {"type": "array", "items": _ref("Batch")},
        },
    },
    "Rematch": {
        "type": "object",
        "description": "a rematch and the asking seat's place in it",
        "required": ["id", "rematch_of", "pack", "seats", "seat", "token"],
        "properties": {
            "id": {"type": "string"},
            "rematch_of": {"type": "string"},
            "pack": {"type": "string"},
            "seats": {"type": "array", "items": _ref("Seat")},
            "seat": {"type": "integer", "description": "the asking seat's seat in the rematch"},
            "token": {"type": "string", "description": "its token there (a secret)"},
            "owner_token": {
                "type": "string",
                "description": "the rematch's owner token, to the seat that made it only",
            },
        },
    },
    "Grant": {
        "type": "object",
        "description": "a spectator grant: its token reads the seat's view, never acts",
        "required": ["game", "grant", "seat", "token"],
        "properties": {
            "game": {"type": "string"},
            "grant": {"type": "string", "description": "its handle (not a secret)"},
            "seat": {"type": "integer"},
            "token": {"type": "string", "description": "the grant's token (shown once)"},
        },
    },
    "Act": {
        "type": "object",
        "additionalProperties": False,
        "required": ["action_id", "seen"],
        "properties": {
            "action_id": {"type": "integer", "description": "an id from `legal_actions`"},
            "seen": {"type": "integer", "description": "the step the client has seen"},
        },
    },
    "GameSummary": {
        "type": "object",
        "description": "a game's public facts",
        "properties": {
            "id": {"type": "string"},
            "pack": {"type": "string"},
            "title": {"type": "string"},
            "status": {"type": "string"},
            "step": {"type": "integer"},
            "current_player": {"type": ["integer", "null"]},
            "seats": {"type": "array", "items": _ref("Seat")},
            "created": {"type": "number"},
            "updated": {"type": "number"},
            "result": _ref("Result"),
        },
    },
    "Record": {
        "type": "object",
        "description": "a tabletop record (`tabletop.replay` reads it), with `meta` from the server",
        "properties": {
            "format": {"type": "string"},
            "game": {"type": "string"},
            "pack_version": {"type": "string"},
            "options": {"type": "object"},
            "seed": {"type": "integer"},
            "position": {
                "type": "object",
                "description": "the position document the game started from (only then)",
            },
            "actions": {"type": "array", "items": {"type": "object"}},
            "meta": {"type": "object"},
        },
    },
}


def openapi() -> dict[str, Any]:
    """The description of every route, its parameters, answers and errors."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "tabletop server",
            "version": __version__,
            "description": "Games of the installed tabletop packs over HTTP and WebSocket. "
            "A seat's token (Authorization: Bearer) acts for that seat and reads its view "
            "only; without a token a client is a spectator. WebSocket `/games/{game_id}/live`: "
            'send `{"token": ..., "since": N}` first (both optional), then receive '
            '`{"type": "welcome"}`, `{"type": "events", "step", "events"}` for each step after '
            'N, and `{"type": "state", ...SeatView}` after every change.',
        },
        "components": {
            "schemas": _SCHEMAS,
            "securitySchemes": {"seat": {"type": "http", "scheme": "bearer"}},
        },
        "paths": {
            "/packs": {
                "get": {
                    "summary": "The installed packs",
                    "responses": {
                        "200": {
                            "description": "name, title, seats, default options, `options`: "
                            "the option schema (name, type, default, help, choices or min/max), "
                            "and `positions`: whether a game of it can start from a position"
                        }
                    },
                }
            },
            "/packs/{name}": {
                "get": {
                    "summary": "One pack: its facts, player names, option schema and `ui` facts",
                    "parameters": [
                        {
                            "name": "name",
                            "in": "path",
                            "required": True,
                            "schema": {"type": "string"},
                        }
                    ],
                    "responses": {
                        "200": {
                            "description": "as in /packs, plus `players`, `description`, "
                            "`position_facts` (the facts a position document of it may give: "
                            "name, kind, default, help) and `ui`: static facts a client draws "
                            "with (positions, colours, names)"
                        },
                        "404": {"description": "unknown_pack"},
                    },
                }
            },
            "/games": {
                "get": {
                    "summary": "Games, newest first (public facts only)",
                    "parameters": [
                        {
                            "name": "status",
                            "in": "query",
                            "schema": {"type": "string", "enum": ["active", "finished"]},
                        },
                        {"name": "pack", "in": "query", "schema": {"type": "string"}},
                        {
                            "name": "limit",
                            "in": "query",
                            "schema": {"type": "integer", "minimum": 1, "maximum": 200},
                        },
                        {"name": "offset", "in": "query", "schema": {"type": "integer"}},
                    ],
                    "responses": {
                        "200": _json_body(
                            {
                                "type": "object",
                                "properties": {
                                    "games": {"type": "array", "items": _ref("GameSummary")}
                                },
                            },
                            "the games",
                        ),
                        **_errors("400"),
                    },
                },
                "post": {
                    "summary": "Make a game",
                    "requestBody": {
                        "required": True,
                        "content": {"application/json": {"schema": _ref("CreateGame")}},
                    },
                    "responses": {
                        "201": _json_body(
                            _ref("Created"),
                            "the game, with each human seat's token and the owner token",
                        ),
                        **_errors("400", "408", "413", "415", "422", "429", "503"),
                    },
                },
            },
            "/games/{game_id}": {
                "get": {
                    "summary": "The game as the token's seat sees it (no token: a spectator)",
                    "security": _EITHER,
                    "parameters": [
                        _GAME_ID,
                        {
                            "name": "since",
                            "in": "query",
                            "schema": {"type": "integer", "minimum": 0},
                            "description": "add `events`: the batches after this step",
                        },
                        {
                            "name": "log",
                            "in": "query",
                            "schema": {"type": "boolean"},
                            "description": "add `events`: every batch, the set-up's included",
                        },
                    ],
                    "responses": {
                        "200": _json_body(_ref("SeatView"), "the seat's view"),
                        **_errors("400", "401", "403", "404"),
                    },
                }
            },
            "/games/{game_id}/actions": {
                "post": {
                    "summary": "Play one of the seat's legal actions",
                    "security": _BEARER,
                    "parameters": [_GAME_ID],
                    "requestBody": {
                        "required": True,
                        "content": {"application/json": {"schema": _ref("Act")}},
                    },
                    "responses": {
                        "200": _json_body(
                            _ref("SeatView"),
                            "stored, then answered: the seat's new view with the events since `seen`",
                        ),
                        **_errors("400", "401", "403", "404", "409", "413", "415", "422"),
                    },
                }
            },
            "/games/{game_id}/resign": {
                "post": {
                    "summary": "Resign: the game ends, the seat loses (-1), the others win (1)",
                    "security": _BEARER,
                    "parameters": [_GAME_ID],
                    "responses": {
                        "200": _json_body(_ref("SeatView"), "the ended game"),
                        **_errors("400", "401", "403", "404", "409", "422"),
                    },
                }
            },
            "/games/{game_id}/end": {
                "post": {
                    "summary": "End the game (its owner token): status `ended`, no result",
                    "security": _BEARER,
                    "parameters": [_GAME_ID],
                    "responses": {
                        "200": _json_body(
                            _ref("SeatView"), "the ended game, as a spectator sees it"
                        ),
                        **_errors("400", "401", "403", "404", "409", "415", "422"),
                    },
                }
            },
            "/games/{game_id}/rematch": {
                "post": {
                    "summary": "A finished game's rematch (made by the first request; seats "
                    "moved on by one, same pack, options and seat kinds, a new seed; a game "
                    "started from a position: the same position with the new seed)",
                    "security": _BEARER,
                    "parameters": [_GAME_ID],
                    "responses": {
                        "200": _json_body(_ref("Rematch"), "the rematch, this seat's token"),
                        **_errors("400", "401", "403", "404", "409", "415", "422", "429", "503"),
                    },
                },
                "get": {
                    "summary": "The rematch, once a seat asked for one (404 `no_rematch` before)",
                    "security": _BEARER,
                    "parameters": [_GAME_ID],
                    "responses": {
                        "200": _json_body(_ref("Rematch"), "the rematch, this seat's token"),
                        **_errors("400", "401", "403", "404", "409"),
                    },
                },
            },
            "/games/{game_id}/replay": {
                "get": {
                    "summary": "The spectator's view after `step` actions, with that step's "
                    "events (a game in play: up to its present step)",
                    "parameters": [
                        _GAME_ID,
                        {
                            "name": "step",
                            "in": "query",
                            "required": True,
                            "schema": {"type": "integer", "minimum": 0},
                        },
                    ],
                    "responses": {
                        "200": _json_body(
                            _ref("SeatView"),
                            "the spectator's view then, `events` of that step, and `steps`",
                        ),
                        **_errors("400", "404"),
                    },
                }
            },
            "/games/{game_id}/grants": {
                "post": {
                    "summary": "A spectator grant of the token's seat (a coach's link)",
                    "security": _BEARER,
                    "parameters": [_GAME_ID],
                    "responses": {
                        "201": _json_body(_ref("Grant"), "the grant and its token, once"),
                        **_errors("400", "401", "403", "404", "409", "415", "422"),
                    },
                },
                "get": {
                    "summary": "The seat's grants: handles and when made, no tokens",
                    "security": _BEARER,
                    "parameters": [_GAME_ID],
                    "responses": {
                        "200": _json_body({"type": "object"}, '`{"grants": [...]}`'),
                        **_errors("400", "401", "403", "404"),
                    },
                },
            },
            "/games/{game_id}/grants/{grant}": {
                "delete": {
                    "summary": "Revoke a grant of the token's seat (its WebSockets close)",
                    "security": _BEARER,
                    "parameters": [_GAME_ID, _GRANT],
                    "responses": {
                        "200": _json_body({"type": "object"}, '`{"revoked": grant}`'),
                        **_errors("400", "401", "403", "404"),
                    },
                }
            },
            "/games/{game_id}/grants/{grant}/revoke": {
                "post": {
                    "summary": "The same as DELETE /games/{game_id}/grants/{grant}",
                    "security": _BEARER,
                    "parameters": [_GAME_ID, _GRANT],
                    "responses": {
                        "200": _json_body({"type": "object"}, '`{"revoked": grant}`'),
                        **_errors("400", "401", "403", "404", "415", "422"),
                    },
                }
            },
            "/games/{game_id}/record": {
                "get": {
                    "summary": "The record of a finished game (409 while it is in play)",
                    "parameters": [_GAME_ID],
                    "responses": {
                        "200": _json_body(_ref("Record"), "the record"),
                        **_errors("404", "409"),
                    },
                }
            },
        },
    }
