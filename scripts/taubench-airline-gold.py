#!/usr/bin/env python3
"""Replays the gold actions of tau-bench airline tasks in tau-bench's own code.

Usage:
  python3 scripts/taubench-airline-gold.py --taubench <checkout root> \
      --data <airline folder> [--out gold.json]

<airline folder> holds data/{flights,reservations,users}.json and
tasks_test.py, as tau-bench's tau_bench/envs/airline does. Each task's gold
actions are stepped through tau-bench's Env (no model, no simulated user) on
a fresh load of the data. The JSON written holds, per task in file order:

  errors   each action's observation when it is an error ("Error: ..."),
           else null
  changed  {collection: {id: record}} for every record that differs from
           the seed after the replay
  hash     tau-bench's data hash of the final state (get_data_hash)
  outputs  the task's outputs (the facts the agent must say)
  reward   tau-bench's calculate_reward after the gold replay plus one
           "respond" action, for two messages:
             said    "Here is what you asked for: <outputs joined by '; '>."
                     (what endstate's reference path says) or, for a task
                     without outputs, "All done."
             silent  "All done." (for a task without outputs, the same
                     reward as said: tau-bench's rule then reads no message)

With --time ROUNDS it writes instead {"trials", "seconds"}: the time of
ROUNDS passes over every task of tau-bench's own per-trial loop without a
model (a fresh load of the data as Env.reset does, each gold action through
Env.step, calculate_reward), the peer figure of `npm run bench`.

Python 3.10+ and pydantic 2. litellm, which tau-bench imports for its model
calls, is stubbed when missing: nothing here calls a
model.
"""

from __future__ import annotations

import argparse
import copy
import importlib.util
import json
import os
import sys
import time
import types


def stub_missing_modules() -> None:
    def refuse(*_args, **_kwargs):
        raise RuntimeError("no model calls while replaying gold actions")

    # litellm is the only third-party module the environment code imports
    # (the user simulator's model call); pydantic is needed for real.
    for name in ["litellm"]:
        if importlib.util.find_spec(name) is not None:
            continue
        module = types.ModuleType(name)
        module.completion = refuse  # type: ignore[attr-defined]
        sys.modules[name] = module


def load_collections(data_folder: str) -> dict:
    collections = {}
    for name in ["flights", "reservations", "users"]:
        with open(os.path.join(data_folder, f"{name}.json")) as handle:
            collections[name] = json.load(handle)
    return collections


def load_tasks(tasks_file: str) -> list:
    namespace: dict = {}
    with open(tasks_file) as handle:
        source = handle.read()
    exec(compile(source, tasks_file, "exec"), namespace)
    return namespace["TASKS"]


def changed_records(seed: dict, final: dict) -> dict:
    changed: dict = {}
    for collection, records in final.items():
        before = seed.get(collection, {})
        for record_id, record in records.items():
            if before.get(record_id) != record or record_id not in before:
                changed.setdefault(collection, {})[record_id] = record
        for record_id in before:
            if record_id not in records:
                changed.setdefault(collection, {})[record_id] = None
    return changed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taubench", required=True, help="root of a tau-bench checkout")
    parser.add_argument("--data", required=True, help="folder with data/*.json and tasks_test.py")
    parser.add_argument("--out", help="file to write (default: standard output)")
    parser.add_argument("--time", type=int, metavar="ROUNDS", help="time the per-trial loop instead")
    options = parser.parse_args()

    sys.path.insert(0, os.path.abspath(options.taubench))
    stub_missing_modules()
    from tau_bench.envs.airline.tools import ALL_TOOLS
    from tau_bench.envs.base import Env
    from tau_bench.types import Action, RESPOND_ACTION_NAME

    data_folder = os.path.join(options.data, "data")
    tasks = load_tasks(os.path.join(options.data, "tasks_test.py"))
    seed = load_collections(data_folder)

    env = Env(
        data_load_func=lambda: load_collections(data_folder),
        tools=ALL_TOOLS,
        tasks=tasks,
        wiki="",
        rules=[],
        user_strategy="human",
        user_model="none",
        task_index=0,
    )
    env.terminate_tools = ["transfer_to_human_agents"]

    def replay(task) -> tuple[list, dict]:
        env.task = copy.deepcopy(task)
        env.data = env.data_load_func()
        env.actions = []
        errors = []
        for action in copy.deepcopy(task.actions):
            observation = env.step(action).observation
            is_error = isinstance(observation, str) and observation.startswith("Error")
            errors.append(observation if is_error else None)
        return errors, env.data

    def reward_after(task, final: dict, message: str) -> float:
        # calculate_reward hashes env.data, replays the gold actions on a
        # fresh load and hashes again, then reads the respond actions.
        env.task = copy.deepcopy(task)
        # calculate_reward swaps in a fresh load before replaying: `final`
        # itself is never changed, so both messages can start from it.
        env.data = final
        env.actions = [Action(name=RESPOND_ACTION_NAME, kwargs={"content": message})]
        return env.calculate_reward().reward

    if options.time is not None:
        start = time.perf_counter()
        for _ in range(options.time):
            for task in tasks:
                replay(task)
                env.actions.append(Action(name=RESPOND_ACTION_NAME, kwargs={"content": "All done."}))
                env.calculate_reward()
        seconds = time.perf_counter() - start
        sys.stdout.write(json.dumps({"trials": options.time * len(tasks), "seconds": seconds}) + "\n")
        return

    entries = []
    for task in tasks:
        errors, final = replay(task)
        entry_hash = env.get_data_hash()
        said = (
            f"Here is what you asked for: {'; '.join(task.outputs)}."
            if task.outputs
            else "All done."
        )
        said_reward = reward_after(task, final, said)
        entries.append(
            {
                "errors": errors,
                "changed": changed_records(seed, final),
                "hash": entry_hash,
                "outputs": list(task.outputs),
                "reward": {
                    "said": said_reward,
                    # Without outputs tau-bench's rule reads no message:
                    # both messages get the same reward.
                    "silent": reward_after(task, final, "All done.")
                    if task.outputs
                    else said_reward,
                },
            }
        )

    text = json.dumps({"tasks": entries}, indent=1, sort_keys=True) + "\n"
    if options.out:
        with open(options.out, "w") as handle:
            handle.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
