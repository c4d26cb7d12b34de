// The environment of this suite: the world the agent under test acts in.
// It has a starting state (s0), the tools the agent may call and the policy
// it must follow. Every trial starts from a fresh copy of s0; after the
// trial, endstate compares the state the agent left behind with s0 and
// grades the difference against each task's `expect` (see tasks/*.yaml).
//
// Replace the accounts, tools and policy with your own domain: keep the
// shape (collections of records keyed by id, tools that read and change
// them through `state`) and the tasks will read the same way.
import { defineEnvironment, defineTool, toolError, z } from 'endstate';

// The plans a workspace can be on (the policy gives their prices).
const Plan = z.enum(['starter', 'team', 'business']);

const AccountId = z.string().min(1).describe('The account id, e.g. "acme".');

// A read tool: it changes nothing. The description is what the agent sees,
// so say what the tool returns and when to use it.
const getAccount = defineTool({
  name: 'get_account',
  description:
    'Look up a workspace account by id: company, owner, email, plan, seats, billing ' +
    '(monthly or annual) and, for annual billing, the renewal date.',
  input: z.object({ account_id: AccountId }),
  effect: 'read',
  run: ({ account_id }, { state }) =>
    // A request the tool cannot serve is an answer to the agent, not a crash.
    state.get('accounts', account_id) ??
    toolError('account_not_found', `There is no account "${account_id}".`),
});

// A write tool: it changes the state, so tasks can check what it did. It
// does not enforce the policy on annual plans: following the policy is
// what the tasks test.
const changePlan = defineTool({
  name: 'change_plan',
  description:
    "Move an account to another plan, effective now. Changes the account's plan and " +
    'records the change. Ask the customer to confirm before calling it.',
  input: z.object({ account_id: AccountId, plan: Plan }),
  effect: 'write',
  run: ({ account_id, plan }, { state, clock }) => {
    const account = state.get('accounts', account_id);
    if (account === undefined) {
      return toolError('account_not_found', `There is no account "${account_id}".`);
    }
    if (account.plan === plan) {
      return toolError('already_on_plan', `Account ${account_id} is already on ${plan}.`);
    }
    state.update('accounts', account_id, (draft) => {
      draft.plan = plan;
    });
    // The clock is frozen per task (`clock:`), so this value is reproducible.
    const changeId = state.nextId('plan_changes', 'PC-');
    state.insert('plan_changes', changeId, {
      account_id,
      from: account.plan ?? null,
      to: plan,
      changed_at: clock.iso,
    });
    return { change_id: changeId, account_id, plan };
  },
});

// The policy: the agent is given it as its instructions, and the tasks'
// expected outcomes follow from it.
const POLICY = `
# Workspace billing desk — policy

You are the billing assistant of a software company. You chat with the
owners of workspace accounts and help them change their plan.

## Plans (price per seat per month)

- starter: $8
- team: $15
- business: $30

A plan's monthly price is the seats times the price per seat (4 seats on
team: $60 per month). Always tell the customer the new monthly price.

## Changing a plan

- Look the account up with get_account before changing anything.
- Tell the customer the plan you will move them to and its monthly price,
  and ask them to confirm. Call change_plan only after they say yes.
- Monthly accounts can move to any plan at any time.
- Annual accounts can move to a more expensive plan at any time, but not to
  a cheaper one before their renewal date (renews_on): a downgrade can only
  happen at renewal. Do not change the plan; tell the customer the renewal
  date as written in the account (YYYY-MM-DD).
- Change only the account the customer asked about.
`;

export default defineEnvironment({
  name: 'workspace-billing', // tasks name it in `environment:`
  version: '1.0.0', // bump when tools or fixture change meaning
  // Shown to the agent as its instructions.
  policy: POLICY,
  // s0: collections of records keyed by id (`accounts/acme`).
  fixture: {
    accounts: {
      acme: {
        company: 'Acme Ltd',
        owner: 'Dana Reyes',
        email: 'dana@acme.example',
        plan: 'starter',
        seats: 4,
        billing: 'monthly',
      },
      initech: {
        company: 'Initech',
        owner: 'Sam Patel',
        email: 'sam@initech.example',
        plan: 'team',
        seats: 8,
        billing: 'monthly',
      },
      globex: {
        company: 'Globex',
        owner: 'Li Wei',
        email: 'li@globex.example',
        plan: 'business',
        seats: 12,
        billing: 'annual',
        renews_on: '2027-03-01',
      },
    },
    plan_changes: {},
  },
  tools: [getAccount, changePlan],
});
