#!/usr/bin/env python3
"""Replays tau2-bench's gold actions in tau2's own Python, with no model.

For each task of a tau2 domain folder (db.json, tasks.json, policy.md) this
runs the task's evaluation_criteria.actions in tau2's environment, as its
EnvironmentEvaluator does for the gold end state, and writes one JSON file:

  {"initial": {collection: {id: record}},
   "tasks": [{"id", "actions": [{"action_id", "name", "requestor", "error",
              "content"}], "changes": {collection: {id: record | null}},
              "db": {...} (with --full-db), "reward": {"DB", "ACTION",
              "ENV_ASSERTION"}}]}

`initial` is the db as tau2 loads it (its model_dump: every optional field
present), the s0 an importer must reproduce. `changes` lists every record of
the final db that differs from the initial one (null: removed). `reward` is what tau2's EnvironmentEvaluator and
ActionEvaluator give the gold path itself, run as a trajectory.

It needs a tau2-bench checkout (--tau2) and pydantic 2; the packages tau2
imports but the replay never uses (loguru, litellm, pandas, ...) are
replaced by empty stand-ins. The retail and airline domains are wired
(--domain; default: the domain folder's name, else the one its tasks name,
else retail).

  python3 scripts/tau2-gold.py --tau2 ~/tau2-bench \
      --domain-dir ~/tau2-bench/data/tau2/domains/retail --out gold.json

With --validate-results FILE it instead checks that FILE parses as tau2's
`Results` model (src/tau2/data_model/simulation.py), reads each simulation
as tau2's metrics do, and prints a summary: the reward of each simulation
and their average, infrastructure errors left out as tau2 leaves them out.

  python3 scripts/tau2-gold.py --tau2 ~/tau2-bench --validate-results results.json

With --evaluate and --domain-dir it also gives tau2's own reward for each
simulation, from tau2's evaluators over the recorded messages (the write
calls replayed in tau2's environment, their answers checked against the
recorded ones), beside the reward the file gives.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
import types
from pathlib import Path


def _stub(name: str, **attributes: object) -> types.ModuleType:
    module = types.ModuleType(name)
    for key, value in attributes.items():
        setattr(module, key, value)
    sys.modules[name] = module
    return module


class _Logger:
    def __getattr__(self, _name: str):
        return lambda *args, **kwargs: None


def _deep_update(target: dict, update: dict) -> dict:
    for key, value in update.items():
        if isinstance(value, dict) and isinstance(target.get(key), dict):
            _deep_update(target[key], value)
        else:
            target[key] = value
    return target


class _AddictDict(dict):
    """What tau2 uses of addict.Dict: a recursive update, and to_dict()."""

    def update(self, other):  # type: ignore[override]
        _deep_update(self, dict(other))

    def to_dict(self) -> dict:
        return copy.deepcopy(dict(self))


def load_tau2(checkout: Path) -> None:
    """Makes tau2's modules importable without its heavy dependencies or its package __init__."""
    source = checkout / "src" / "tau2"
    if not source.is_dir():
        sys.exit(f"tau2-gold: {source} does not exist: give --tau2 the root of a tau2-bench checkout")
    for name in ("loguru",):
        if name not in sys.modules:
            try:
                __import__(name)
            except ImportError:
                _stub(name, logger=_Logger())
    for name in ("toml", "pandas", "litellm", "deepdiff", "docstring_parser", "addict"):
        try:
            __import__(name)
        except ImportError:
            _stub(
                name,
                DeepDiff=lambda *a, **k: {},
                parse=lambda *a, **k: None,
                Dict=_AddictDict,
                load=lambda *a, **k: {},
                loads=lambda *a, **k: {},
                dump=lambda *a, **k: None,
                DataFrame=dict,
            )
    for name in ("dotenv",):
        try:
            __import__(name)
        except ImportError:
            _stub(name, load_dotenv=lambda *a, **k: False)
    # The package's __init__ imports the agents, the runner and every domain: skip it.
    package = types.ModuleType("tau2")
    package.__path__ = [str(source)]  # type: ignore[attr-defined]
    sys.modules["tau2"] = package


def retail_constructor(domain_dir: Path):
    from tau2.domains.retail.data_model import RetailDB
    from tau2.domains.retail.tools import RetailTools
    from tau2.environment.environment import Environment

    policy = (domain_dir / "policy.md").read_text()
    db_path = str(domain_dir / "db.json")

    def construct(solo_mode: bool = False, **_kwargs):
        return Environment(domain_name="retail", policy=policy, tools=RetailTools(RetailDB.load(db_path)))

    return construct


def airline_constructor(domain_dir: Path):
    from tau2.domains.airline.data_model import FlightDB
    from tau2.domains.airline.tools import AirlineTools
    from tau2.environment.environment import Environment

    policy = (domain_dir / "policy.md").read_text()
    db_path = str(domain_dir / "db.json")

    def construct(solo_mode: bool = False, **_kwargs):
        return Environment(domain_name="airline", policy=policy, tools=AirlineTools(FlightDB.load(db_path)))

    return construct


DOMAINS = {"airline": airline_constructor, "retail": retail_constructor}


def domain_of(domain_dir: Path | None) -> str:
    """The domain folder's name when it is a domain, else the one its tasks'
    instructions all name, else retail."""
    if domain_dir is None:
        return "retail"
    if domain_dir.resolve().name in DOMAINS:
        return domain_dir.resolve().name
    tasks_file = domain_dir / "tasks.json"
    named = set()
    if tasks_file.is_file():
        for task in json.loads(tasks_file.read_text()):
            instructions = (task.get("user_scenario") or {}).get("instructions")
            named.add(instructions.get("domain") if isinstance(instructions, dict) else None)
    return named.pop() if len(named) == 1 and next(iter(named)) in DOMAINS else "retail"


def changed_records(before: dict, after: dict) -> dict:
    changes: dict = {}
    for collection, records in after.items():
        old = before.get(collection, {})
        diff = {key: value for key, value in records.items() if old.get(key) != value}
        diff.update({key: None for key in old if key not in records})
        if diff:
            changes[collection] = diff
    return changes


def replay_task(task, construct, full_db: bool) -> dict:
    from tau2.data_model.message import AssistantMessage, ToolCall, UserMessage
    from tau2.evaluator.evaluator_action import ActionEvaluator
    from tau2.evaluator.evaluator_env import EnvironmentEvaluator

    environment = construct()
    initial = environment.tools.db.model_dump()
    criteria = task.evaluation_criteria
    trajectory = []
    actions = []
    for action in (criteria.actions if criteria is not None and criteria.actions else []):
        call = ToolCall(
            id=action.action_id, name=action.name, arguments=action.arguments, requestor=action.requestor
        )
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
    final = environment.tools.db.model_dump()
    environment_reward = EnvironmentEvaluator.calculate_reward(
        environment_constructor=construct, task=task, full_trajectory=trajectory
    )
    action_reward = ActionEvaluator.calculate_reward(task=task, full_trajectory=trajectory)
    db_check = environment_reward.db_check
    assertions = environment_reward.env_assertions or []
    result = {
        "id": task.id,
        "actions": actions,
        "changes": changed_records(initial, final),
        "reward": {
            "DB": db_check.db_reward if db_check is not None else 1.0,
            "ACTION": action_reward.reward,
            "ENV_ASSERTION": 1.0 if all(check.met for check in assertions) else 0.0,
        },
    }
    if full_db:
        result["db"] = final
    return result


def gold(arguments) -> dict:
    from tau2.data_model.tasks import Task

    construct = DOMAINS[arguments.domain](arguments.domain_dir)
    raw_tasks = json.loads((arguments.domain_dir / "tasks.json").read_text())
    tasks = [Task.model_validate(raw) for raw in raw_tasks]
    if arguments.task:
        tasks = [task for task in tasks if task.id in arguments.task]
    return {
        "source": "tau2-bench",
        "domain": arguments.domain,
        "initial": construct().tools.db.model_dump(),
        "tasks": [replay_task(task, construct, arguments.full_db) for task in tasks],
    }


def validate_results(path: Path) -> dict:
    """Parses a results file with tau2's own pydantic model, then reads each
    simulation as tau2's metrics do (Results._sim_to_row and _task_metrics,
    the rows of its DataFrame): every simulation's task must be among the
    file's tasks. Exits 1 naming the problem when the file does not hold."""
    from pydantic import ValidationError

    from tau2.data_model.simulation import Results, TerminationReason

    try:
        results = Results.model_validate_json(path.read_text())
    except ValidationError as error:
        sys.stderr.write(f"tau2-gold: {path} is not a tau2 Results file:\n{error}\n")
        sys.exit(1)
    tasks = {task.id: task for task in results.tasks}
    rows = []
    for simulation in results.simulations:
        if simulation.task_id not in tasks:
            sys.stderr.write(f"tau2-gold: simulation {simulation.id} is of task {simulation.task_id}, not among the tasks\n")
            sys.exit(1)
        row = Results._sim_to_row(simulation, results.info)
        row.update(Results._task_metrics(tasks[simulation.task_id]))
        rows.append(row)
    counted = [row for row in rows if row["termination_reason"] != TerminationReason.INFRASTRUCTURE_ERROR]
    rewards = [row["reward"] for row in counted]
    return {
        "valid": True,
        "tasks": len(results.tasks),
        "simulations": len(results.simulations),
        "infrastructure_errors": len(rows) - len(counted),
        "rewards": {row["simulation_id"]: row["reward"] for row in rows},
        "average_reward": sum(rewards) / len(rewards) if rewards else None,
        "domain": results.info.environment_info.domain_name,
        "num_trials": results.info.num_trials,
    }


def evaluate_results(path: Path, domain: str, domain_dir: Path) -> dict:
    """tau2's own reward for each simulation of a results file: its evaluators
    (environment, with a strict replay of the recorded write calls against
    the recorded answers; actions; facts said) over the recorded messages,
    combined by each task's reward_basis as tau2's evaluate_simulation does,
    beside the reward the file gives. A task whose nl_assertions count needs
    tau2's judge model: its reward is left as null."""
    from tau2.data_model.simulation import Results, TerminationReason
    from tau2.data_model.tasks import RewardType
    from tau2.evaluator.evaluator_action import ActionEvaluator
    from tau2.evaluator.evaluator_communicate import CommunicateEvaluator
    from tau2.evaluator.evaluator_env import EnvironmentEvaluator

    results = Results.model_validate_json(path.read_text())
    construct = DOMAINS[domain](domain_dir)
    tasks = {task.id: task for task in results.tasks}
    evaluated = {}
    for simulation in results.simulations:
        task = tasks[simulation.task_id]
        criteria = task.evaluation_criteria
        entry = {"file": simulation.reward_info.reward if simulation.reward_info is not None else None}
        if simulation.termination_reason not in {TerminationReason.AGENT_STOP, TerminationReason.USER_STOP}:
            entry["tau2"] = 0.0
        elif criteria is None:
            entry["tau2"] = 1.0
        elif RewardType.NL_ASSERTION in criteria.reward_basis and criteria.nl_assertions:
            entry["tau2"] = None
            entry["note"] = "nl_assertions need tau2's judge model"
        else:
            messages = simulation.get_messages()
            basis = set(criteria.reward_basis)
            reward = 1.0
            try:
                if basis & {RewardType.DB, RewardType.ENV_ASSERTION}:
                    reward *= EnvironmentEvaluator.calculate_reward(
                        environment_constructor=construct, task=task, full_trajectory=messages, strict_replay=True
                    ).reward
            except ValueError as error:
                entry["replay_error"] = str(error)[:2000]
                reward = 0.0
            if RewardType.ACTION in basis:
                reward *= ActionEvaluator.calculate_reward(task=task, full_trajectory=messages).reward
            if RewardType.COMMUNICATE in basis:
                reward *= CommunicateEvaluator.calculate_reward(task=task, full_trajectory=messages).reward
            entry["tau2"] = reward
        evaluated[simulation.id] = entry
    compared = [entry for entry in evaluated.values() if entry["tau2"] is not None]
    return {
        "simulations": evaluated,
        "evaluated": len(compared),
        "equal": sum(1 for entry in compared if entry["tau2"] == entry["file"]),
        "replay_errors": sum(1 for entry in evaluated.values() if "replay_error" in entry),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tau2", type=Path, required=True, help="root of a tau2-bench checkout")
    parser.add_argument("--domain-dir", type=Path, help="a domain folder: db.json, tasks.json, policy.md")
    parser.add_argument("--domain", choices=sorted(DOMAINS), help="default: the domain folder's name, else the one its tasks name, else retail")
    parser.add_argument("--task", action="append", help="only this task id (repeatable)")
    parser.add_argument("--full-db", action="store_true", help="also write each task's whole final db")
    parser.add_argument("--validate-results", type=Path, help="check a results file against tau2's model")
    parser.add_argument(
        "--evaluate",
        action="store_true",
        help="with --validate-results and --domain-dir: tau2's own reward for each simulation, beside the file's",
    )
    parser.add_argument("--out", type=Path, help="write here instead of stdout")
    arguments = parser.parse_args()
    if arguments.domain is None:
        arguments.domain = domain_of(arguments.domain_dir)
    load_tau2(arguments.tau2.resolve())
    if arguments.validate_results is not None:
        output = validate_results(arguments.validate_results)
        if arguments.evaluate:
            if arguments.domain_dir is None:
                parser.error("--evaluate needs --domain-dir (the environment tau2 replays the calls in)")
            output["evaluation"] = evaluate_results(arguments.validate_results, arguments.domain, arguments.domain_dir)
    else:
        if arguments.domain_dir is None:
            parser.error("--domain-dir is required unless --validate-results is given")
        output = gold(arguments)
    text = json.dumps(output, indent=1, sort_keys=True) + "\n"
    if arguments.out is None:
        sys.stdout.write(text)
    else:
        arguments.out.write_text(text)


if __name__ == "__main__":
    main()
