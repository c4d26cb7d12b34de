/** A figure as a report names it: a short label and the one line that says what it measures. */
export interface FigureLabel {
  readonly label: string;
  readonly definition: string;
}

const figure = (label: string, definition: string): FigureLabel => ({ label, definition });

/**
 * Every scorecard figure a report names, keyed by its field path in the
 * scorecard's JSON (`counts.valid_trials`, `cost.per_success_usd`,
 * `terminal_reasons.agent_failure`). A field missing here still gets a
 * readable label from `figureLabel`, never its raw key.
 */
export const FIGURE_LABELS: Readonly<Record<string, FigureLabel>> = {
  success_rate: figure(
    'Success',
    'Share of valid trials that succeeded (every gate grader and every process constraint passed), as the task-weighted mean of per-task rates.',
  ),
  'assistance.unassisted_success': figure(
    'Unassisted success',
    'Share of valid trials that succeeded without a hint or a take-over from the user.',
  ),
  'assistance.assisted_completion': figure(
    'Assisted completion',
    'Share of valid trials that succeeded only with the user’s help; unassisted success plus assisted completion is the success rate.',
  ),
  outcome_only: figure(
    'Outcome only',
    'The source benchmark’s verdict, process constraints ignored: tau-bench’s (the final state and the facts told to the user alone), or for an imported tau2 suite tau2’s (the checks of each task’s reward_basis).',
  ),
  pass_hat_k: figure(
    'pass^k',
    'Chance that all k trials of a task succeed, averaged over tasks: how reliably the system succeeds.',
  ),
  pass_at_k: figure(
    'pass@k',
    'Chance that at least one of k trials of a task succeeds, averaged over tasks.',
  ),
  'outcome_only.pass_hat_k': figure(
    'pass^k, outcome only',
    'pass^k with success judged on the outcome alone, process constraints ignored.',
  ),
  intra_task_correlation: figure(
    'Intra-task correlation',
    'How alike two trials of the same task are (0: independent, 1: every trial of a task ends the same way).',
  ),
  'intra_task_correlation.design_effect': figure(
    'Design effect',
    'The factor by which clustering within tasks inflates the variance of a rate over the trials.',
  ),
  'counts.planned_trials': figure(
    'Tasks × trials',
    'Tasks in the suite times trials per task: the trials the run planned.',
  ),
  'counts.valid_trials': figure(
    'Valid trials',
    'Trials that count in every rate: successes, agent failures and harness-incompatible trials.',
  ),
  'counts.incompatible_trials': figure(
    'Harness-incompatible trials',
    'Valid trials the model could not play because it could not use the tool protocol; counted as failures, not rerun.',
  ),
  'counts.invalid_attempts': figure(
    'Invalid attempts',
    'Attempts that ended in an environment or grader failure: left out of every rate and rerun up to the run’s limit.',
  ),
  'counts.missing_trials': figure(
    'Missing trials',
    'Planned trials left without a valid record after every rerun.',
  ),
  'counts.successes': figure('Successes', 'Valid trials that succeeded.'),
  'counts.refused_connections': figure(
    'Refused endpoint connections',
    'Requests to the trials’ MCP endpoints refused because the client lacked the trial’s secret (another process tried to play the trial).',
  ),
  'counts.agent_connections': figure(
    'Agent network connections',
    'Connections sandboxed agents opened through the harness’s relays.',
  ),
  'counts.refused_egress': figure(
    'Refused network connections',
    'Connections from sandboxed agents that the relay’s proxy refused.',
  ),
  'steps.successes': figure(
    'Steps of successes',
    'Agent steps taken by successful trials: median (p50) and 95th percentile (p95).',
  ),
  'steps.failures': figure(
    'Steps of failures',
    'Agent steps taken by failed valid trials: median (p50) and 95th percentile (p95).',
  ),
  latency_ms: figure(
    'Latency',
    'Wall-clock time of a trial, from the session’s start to its end: median (p50) and 95th percentile (p95).',
  ),
  'cost.total_usd': figure(
    'Total',
    'Model spend of the system under test over every attempt, invalid ones included.',
  ),
  'cost.per_trial_usd': figure('Per trial', 'Total spend divided by the attempts.'),
  'cost.per_success_usd': figure(
    'Cost per success',
    'Total spend divided by the successes: what a success costs, the failures paid for.',
  ),
  'cost.per_success_ci95': figure(
    '95% CI of cost per success',
    'Bootstrap interval over tasks of the cost per success.',
  ),
  'cost.mean_success_usd': figure(
    'Mean cost of a success',
    'Mean spend of the successful trials alone.',
  ),
  'cost.user_simulator_usd': figure(
    'Simulated user (apart)',
    'Model spend of the simulated user: the harness’s, not the system’s, so outside the figures above.',
  ),
  'cost.graders_usd': figure(
    'Judge (apart)',
    'Model spend of model-based graders (the judge), apart from the system’s cost.',
  ),
  'cost.priced_usd': figure(
    'Priced spend',
    'Spend of the attempts whose model calls were all priced: the total when every attempt was, a lower bound otherwise.',
  ),
  'cost.unpriced_trials': figure(
    'Unpriced attempts',
    'Attempts with a model call no pricing table priced, so their cost is unknown (--pricing FILE prices them).',
  ),
  'model_usage.calls': figure('Model calls', 'Calls of the system under test to its model.'),
  'model_usage.input_tokens': figure('Input tokens', 'Tokens sent to the model over every call.'),
  'model_usage.cached_input_tokens': figure(
    'Cached input tokens',
    'Input tokens the provider served from its prompt cache (priced lower).',
  ),
  'model_usage.output_tokens': figure(
    'Output tokens',
    'Tokens the model produced over every call.',
  ),
  'model_usage.retries': figure(
    'Retries',
    'Requests retried after a rate limit, a server error or a timeout.',
  ),
  'model_usage.wait_ms': figure(
    'Waiting on providers',
    'Time spent waiting before retries, apart from working time.',
  ),
  'model_usage.user_simulator_calls': figure(
    'Simulated user calls',
    'Model calls of the simulated user (the harness’s, not the system’s).',
  ),
  pricing: figure(
    'Prices applied',
    'The price tables the run read and the price per million tokens applied to each model it called.',
  ),
  failure_labels: figure(
    'Failure labels',
    'One cause per failed valid trial: the label the rules propose, and people’s labels where imported.',
  ),
  invalid_reasons: figure(
    'Invalid attempts by reason',
    'Invalid attempts grouped by terminal and exit reason, with the error of the first one.',
  ),
  agent_errors: figure(
    'Agent errors by task',
    'Valid trials that ended because the agent program crashed or broke its protocol, per task, with the first error.',
  ),
  agent_error_kinds: figure(
    'Agent-side errors',
    'The most frequent errors the agent met: tool errors answering its calls and its own crashes, with ids and numbers masked.',
  ),
  incompatibility_example: figure(
    'Example of harness incompatibility',
    'The error of the first valid trial in which the model could not use the tool protocol.',
  ),
  'faults.any_fault': figure(
    'Any fault',
    'Trials in which at least one injected fault fired, of any kind.',
  ),
  'faults.recovery': figure('Recovery', 'Success of the valid trials in which the fault fired.'),
  'faults.same_task': figure(
    'Same task, fired vs not',
    'Success of the same tasks’ trials with and without the fault, as the mean of per-task rates, with the difference’s 95% CI.',
  ),
  'faults.injection.rate': figure(
    'Resisted injection',
    'Share of trials with planted instructions in which the planted action was never attempted.',
  ),
  'faults.injection.task_success': figure(
    'Success with planted instructions',
    'Success of the trials whose tool results carried planted instructions.',
  ),
  'faults.injection.unchecked_trials': figure(
    'Injected trials without a planted action',
    'Trials with planted instructions that recorded no planted action to check resistance against.',
  ),
  'safety.forbidden_action': figure(
    'Forbidden action',
    'Trials that attempted a tool or action their task forbids, over the trials whose task forbids one; ≤ is the one-sided 95% upper bound.',
  ),
  'safety.irreversible_without_consent': figure(
    'Irreversible without consent',
    'Trials that made an irreversible call without the user’s confirmation first; ≤ is the one-sided 95% upper bound.',
  ),
  'safety.out_of_scope': figure(
    'Out of scope',
    'Trials that acted outside the scope their task allows; ≤ is the one-sided 95% upper bound.',
  ),
  'safety.loop': figure(
    'Loop or cap',
    'Trials stopped by the loop guard or a budget (iterations, steps, tokens); ≤ is the one-sided 95% upper bound.',
  ),
  'safety.injection_not_resisted': figure(
    'Injection not resisted',
    'Trials with planted instructions in which the agent attempted the planted action; ≤ is the one-sided 95% upper bound.',
  ),
  'safety.blocked_attempts': figure(
    'Attempts that broke a rule',
    'Calls that broke a declared rule (scope, denied tool, consent), refused or not, over the trials whose task declares the rule.',
  ),
  'constraints_pass.micro': figure(
    'All constraint checks',
    'Passed checks over all checks of the declared process constraints, pooled; the interval is of the mean over tasks.',
  ),
  'constraints_pass.kind_mean': figure(
    'Mean over kinds',
    'The mean of each constraint kind’s pass rate, so a rarely declared kind weighs as much as a common one.',
  ),
  'constraints_pass.by_kind': figure(
    'Constraint kind',
    'Passed checks over checks of one kind of process constraint, with the by-task rate and its 95% CI.',
  ),
  'plans.micro': figure(
    'Plan checks',
    'Checks of the agents’ stated plans that passed, over all plan checks.',
  ),
  'plans.macro': figure(
    'Plans that passed every check',
    'Trials whose stated plan passed every check, over the trials of tasks that declare a plan.',
  ),
  'plans.no_plan': figure(
    'Trials without a plan',
    'Trials of tasks that declare a plan in which the agent stated none.',
  ),
  'plans.adherence': figure(
    'Plan adherence',
    'How closely the agent’s actions followed the plan it stated, averaged over plans.',
  ),
  'partial.mean': figure(
    'Mean partial score',
    'Mean share of a task’s sub-goals reached, over the trials of tasks that declare sub-goals; it never replaces success.',
  ),
  'partial.success': figure(
    'Success of the same trials',
    'Success of the trials the partial score covers, for comparison.',
  ),
  'calibration.brier': figure(
    'Brier score',
    'Mean squared gap between the confidence the agent stated and whether it succeeded (0 is best).',
  ),
  'calibration.ece': figure(
    'ECE (10 bins)',
    'Expected calibration error: the gap between mean confidence and success rate per bin, weighted by the bin’s trials.',
  ),
  'calibration.trials': figure(
    'Trials with a confidence',
    'Valid trials in which the agent stated a confidence.',
  ),
  'calibration.trials_without_confidence': figure(
    'Trials without a confidence',
    'Valid trials in which the agent stated no confidence: left out of calibration.',
  ),
  'calibration.mean_confidence': figure(
    'Mean confidence · success',
    'The agent’s mean stated confidence beside the success rate of the same trials.',
  ),
  'robustness.kinds': figure(
    'Perturbation',
    'Success gap between base tasks and their perturbed variants run beside them, with its 95% CI.',
  ),
  drift: figure(
    'Drift',
    'Success per environment version and the drop at a version change, with regret against the oracle.',
  ),
  memory: figure(
    'Memory',
    'Success by episode of a sequence, recall, and success within versus across sessions.',
  ),
  'terminal_reasons.success': figure(
    'success',
    'The trial succeeded: every gate grader and every process constraint passed.',
  ),
  'terminal_reasons.agent_failure': figure(
    'agent failure',
    'The agent failed the task (a check failed or it hit a budget): counts against the system.',
  ),
  'terminal_reasons.harness_incompatibility': figure(
    'harness incompatibility',
    'The model could not use the tool protocol: a failure of the configuration, counted against it.',
  ),
  'terminal_reasons.environment_failure': figure(
    'environment failure',
    'The environment or the model provider failed: an invalid attempt, rerun.',
  ),
  'terminal_reasons.grader_failure': figure(
    'grader failure',
    'A grader lacked what it needed: an invalid attempt, rerun, never a silent score of 0.',
  ),
  'exit_reasons.finished': figure('finished', 'The agent ended the session itself.'),
  'exit_reasons.max_steps': figure('step limit', 'The trial reached the task’s step budget.'),
  'exit_reasons.timeout': figure('timeout', 'The trial reached its wall-clock budget.'),
  'exit_reasons.token_limit': figure('token limit', 'The trial reached its token budget.'),
  'exit_reasons.cost_limit': figure('cost limit', 'The trial reached its cost budget.'),
  'exit_reasons.loop_detected': figure(
    'loop detected',
    'The loop guard stopped the agent repeating itself.',
  ),
  'exit_reasons.user_stop': figure('user stopped', 'The simulated user ended the conversation.'),
  'exit_reasons.agent_error': figure(
    'agent error',
    'The agent program crashed or broke its protocol.',
  ),
  'exit_reasons.tool_crash': figure('tool crash', 'A tool threw instead of answering.'),
  'exit_reasons.harness_crash': figure('harness crash', 'The harness itself failed.'),
};

/** Words of a name made for code: `cached_input_tokens` → `cached input tokens`, `ci95` → `95% CI`. */
export function humanise(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\-\s.]+/)
    .filter((word) => word !== '')
    .map((word) => word.toLowerCase());
  const spelled = words.flatMap((word) => {
    if (word === 'ci95') return ['95% CI'];
    if (word === 'usd') return ['(USD)'];
    if (word === 'ms') return ['(ms)'];
    if (word === 's') return ['(s)'];
    if (word === 'mb') return ['(MB)'];
    return [word];
  });
  const text = spelled.join(' ');
  return text === '' ? key : `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/**
 * The label and definition of the figure at `path` (a scorecard field
 * path); a figure the table does not know gets its key in words and a
 * definition that says where to find it.
 */
export function figureLabel(path: string): FigureLabel {
  const known = FIGURE_LABELS[path];
  if (known !== undefined) return known;
  const key = path.split('.').pop() ?? path;
  return {
    label: humanise(key),
    definition: `${humanise(path.replace(/\./g, ' › '))}: a figure this version of the report has no description for (field ${path} of the scorecard JSON).`,
  };
}
