#!/usr/bin/env python3
"""Replays tau2-bench's telecom tasks in tau2's own Python, with no model.

For each task of a telecom folder (db.toml, user_db.toml and a tasks file in
tau2's JSON format) this builds tau2's TelecomEnvironment, runs the task's
initialization_actions as tau2's Environment.set_state does (each followed by
sync_tools), then every gold action of evaluation_criteria.actions, the
agent's and the user's alike, through Environment.get_response (tau2's tool
message: the result as JSON text, or "Error: <message>"), and finally the
env assertions and tau2's own evaluators on that trajectory. It writes:

  {"source": "tau2-bench", "domain": "telecom",
   "initial": {"db": {...}, "user_db": {...}},        # as tau2 loads them
   "tasks": [{"id",
              "init": [{"env_type", "func_name", "result" | "error"}],
              "s0": {"db": {...}, "user_db": {...}},    # after the init
              "actions": [{"action_id", "name", "requestor", "error", "content"}],
              "final": {"db": {...}, "user_db": {...}},
              "env_assertions": [{"env_type", "func_name", "arguments",
                                  "assert_value", "met"}],
              "reward": {"DB", "ENV_ASSERTION", "ACTION", "reward"}}]}

Each db is tau2's model_dump in JSON mode with its lists keyed by id
(plans by plan_id, customers by customer_id, ...), the shape endstate keeps
state in; the user db is {"device": ..., "surroundings": ...}. A bill that
tau2 creates gets a random id (uuid4); here uuid4 is made to count, so that
the file is the same on every run: B00000001, ... in creation order.

It needs a tau2-bench checkout (--tau2), pydantic 2 and the toml package;
the packages tau2 imports but this replay never uses are replaced by empty
stand-ins.

  python3 scripts/tau2-telecom-gold.py --tau2 ~/tau2-bench \\
      --domain-dir ~/tau2-bench/data/tau2/domains/telecom \\
      --tasks tasks_small.json --out gold.json
"""

from __future__ import annotations

import argparse
import json
import sys
import types
import uuid
from pathlib import Path

COLLECTION_KEYS = {
    "plans": "plan_id",
    "customers": "customer_id",
    "lines": "line_id",
    "bills": "bill_id",
    "devices": "device_id",
}


def _stand_in(name: str, **attributes: object) -> None:
    module = types.ModuleType(name)
    for key, value in attributes.items():
        setattr(module, key, value)
    sys.modules[name] = module


class _SilentLogger:
    def __getattr__(self, _name: str):
        return lambda *args, **kwargs: None


def import_tau2(checkout: Path) -> None:
    """Makes tau2's modules importable without the packages the replay never uses."""
    source = checkout / "src" / "tau2"
    if not source.is_dir():
        sys.exit(f"tau2-telecom-gold: {source} does not exist: give --tau2 the root of a tau2-bench checkout")
    optional = {
        "loguru": {"logger": _SilentLogger()},
        "dotenv": {"load_dotenv": lambda *a, **k: False},
        "litellm": {},
        "pandas": {"DataFrame": dict},
        "deepdiff": {"DeepDiff": lambda *a, **k: {}},
        "docstring_parser": {"parse": lambda *a, **k: None},
        "yaml": {"safe_load": lambda *a, **k: None, "dump": lambda *a, **k: None},
    }
    for name, attributes in optional.items():
        try:
            __import__(name)
        except ImportError:
            _stand_in(name, **attributes)
    try:
        __import__("addict")
    except ImportError:
        _stand_in("addict", Dict=dict)
    # tau2's package __init__ imports every agent and domain: load the package bare.
    package = types.ModuleType("tau2")
    package.__path__ = [str(source)]  # type: ignore[attr-defined]
    sys.modules["tau2"] = package


def counting_uuid4():
    count = 0

    def next_uuid() -> uuid.UUID:
        nonlocal count
        count += 1
        return uuid.UUID(int=count)

    return next_uuid


def agent_db(environment) -> dict:
    dumped = environment.tools.db.model_dump(mode="json")
    return {
        collection: {record[key]: record for record in dumped.get(collection, [])}
        for collection, key in COLLECTION_KEYS.items()
    }


def user_db(environment) -> dict:
    dumped = environment.user_tools.db.model_dump(mode="json")
    return {"device": dumped["device"], "surroundings": dumped["surroundings"]}


def both_sides(environment) -> dict:
    return {"db": agent_db(environment), "user_db": user_db(environment)}


def environment_constructor(domain_dir: Path):
    import tau2.domains.telecom.tools as telecom_tools
    from tau2.domains.telecom.data_model import TelecomDB
    from tau2.domains.telecom.environment import TelecomEnvironment
    from tau2.domains.telecom.tools import TelecomTools
    from tau2.domains.telecom.user_data_model import TelecomUserDB
    from tau2.domains.telecom.user_tools import TelecomUserTools

    # One counter for the whole replay of a task: see the module's docstring.
    telecom_tools.uuid = types.SimpleNamespace(uuid4=counting_uuid4())

    def construct(solo_mode: bool = False, **_kwargs):
        return TelecomEnvironment(
            domain_name="telecom",
            policy="",
            tools=TelecomTools(TelecomDB.load(str(domain_dir / "db.toml"))),
            user_tools=TelecomUserTools(TelecomUserDB.load(str(domain_dir / "user_db.toml"))),
        )

    def fresh(**kwargs):
        telecom_tools.uuid = types.SimpleNamespace(uuid4=counting_uuid4())
        return construct(**kwargs)

    return fresh


def to_json_value(value):
    """A function's return value as JSON: tau2's to_json_str, read back."""
    from tau2.environment.environment import Environment

    text = Environment.to_json_str(value)
    try:
        return json.loads(text)
    except (json.JSONDecodeError, TypeError):
        return text


def replay_task(task, construct) -> dict:
    from tau2.data_model.message import AssistantMessage, ToolCall, UserMessage
    from tau2.evaluator.evaluator_action import ActionEvaluator
    from tau2.evaluator.evaluator_env import EnvironmentEvaluator

    environment = construct()
    init = []
    for call in (task.initial_state.initialization_actions or []) if task.initial_state else []:
        entry = {"env_type": call.env_type, "func_name": call.func_name}
        try:
            entry["result"] = to_json_value(environment.run_env_function_call(call))
        except Exception as error:  # the init stops here, as in tau2
            entry["error"] = f"{type(error).__name__}: {error}"
            init.append(entry)
            break
        init.append(entry)
    s0 = both_sides(environment)

    criteria = task.evaluation_criteria
    trajectory = []
    actions = []
    for action in (criteria.actions or []) if criteria else []:
        call = ToolCall(id=action.action_id, name=action.name, arguments=action.arguments, requestor=action.requestor)
        message_class = UserMessage if action.requestor == "user" else AssistantMessage
        trajectory.append(message_class(role=action.requestor, content=None, tool_calls=[call]))
        response = environment.get_response(call)
        trajectory.append(response)
        actions.append(
            {
                "action_id": action.action_id,
                "name": action.name,
                "requestor": action.requestor,
                "error": response.error,
                "content": response.content,
            }
        )
    final = both_sides(environment)

    assertions = []
    for assertion in (criteria.env_assertions or []) if criteria else []:
        met = environment.run_env_assertion(assertion, raise_assertion_error=False)
        assertions.append(
            {
                "env_type": assertion.env_type,
                "func_name": assertion.func_name,
                "arguments": assertion.arguments,
                "assert_value": assertion.assert_value,
                "met": met,
            }
        )

    environment_reward = EnvironmentEvaluator.calculate_reward(
        environment_constructor=construct, task=task, full_trajectory=trajectory
    )
    action_reward = ActionEvaluator.calculate_reward(task=task, full_trajectory=trajectory)
    basis = [str(kind.value) for kind in (criteria.reward_basis if criteria else [])]
    reward = environment_reward.reward * (action_reward.reward if "ACTION" in basis else 1.0)
    checks = environment_reward.env_assertions or []
    return {
        "id": task.id,
        "init": init,
        "s0": s0,
        "actions": actions,
        "final": final,
        "env_assertions": assertions,
        "reward": {
            "DB": environment_reward.db_check.db_reward if environment_reward.db_check else 1.0,
            "ENV_ASSERTION": 1.0 if all(check.met for check in checks) else 0.0,
            "ACTION": action_reward.reward,
            "reward_basis": basis,
            "reward": reward,
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tau2", type=Path, required=True, help="root of a tau2-bench checkout")
    parser.add_argument("--domain-dir", type=Path, required=True, help="a folder with db.toml and user_db.toml")
    parser.add_argument("--tasks", default="tasks.json", help="the tasks file, in the domain folder")
    parser.add_argument("--task", action="append", help="only this task id (repeatable)")
    parser.add_argument("--out", type=Path, help="write here instead of stdout")
    arguments = parser.parse_args()
    import_tau2(arguments.tau2.resolve())
    from tau2.data_model.tasks import Task

    construct = environment_constructor(arguments.domain_dir)
    raw = json.loads((arguments.domain_dir / arguments.tasks).read_text())
    tasks = [Task.model_validate(item) for item in (raw["tasks"] if isinstance(raw, dict) else raw)]
    if arguments.task:
        tasks = [task for task in tasks if task.id in arguments.task]
    output = {
        "source": "tau2-bench",
        "domain": "telecom",
        "tasks_file": arguments.tasks,
        "initial": both_sides(construct()),
        "tasks": [replay_task(task, construct) for task in tasks],
    }
    text = json.dumps(output, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    if arguments.out is None:
        sys.stdout.write(text)
    else:
        arguments.out.write_text(text)


if __name__ == "__main__":
    main()
