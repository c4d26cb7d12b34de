/** How the reports name the built-in graders; another grader shows its id. */
export const GRADER_TITLES: Readonly<Record<string, string>> = {
  outcome: 'Outcome (the final state)',
  constraints: 'Constraints (the process rules)',
  response: 'Response (what the agent said)',
};
