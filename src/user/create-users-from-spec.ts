import { z } from 'zod';
import { EndstateError } from '../core/index.js';
import { PROVIDERS } from '../model/index.js';
import type { DecodingSettings, ModelCaller, ModelRef } from '../model/index.js';
import type { SystemSpec } from '../schema/index.js';
import { USER_PROMPT_VERSION, createLlmUsers } from './llm-user.js';
import { scriptedUsers } from './scripted-user.js';
import type { UserFactory } from './user-simulator.js';

/** The system spec's `user` entry: which simulated users a run had. */
export type UsersSpec = SystemSpec['user'];

/** The model of simulated users played by a model, as the spec records it. */
const UserModelSchema = z.strictObject({
  provider: z.enum(PROVIDERS),
  id: z.string().min(1),
  base_url: z.string().optional(),
  temperature: z.number().nonnegative().optional(),
});

/**
 * The simulated users a system spec's `user` entry names, rebuilt: the
 * tasks' scripts (`scripted`), or a model playing the users of tasks with
 * a scenario (`llm`, its caller from `callerFor`). A spec this endstate
 * cannot rebuild exactly (an unknown kind, another prompt version) is
 * refused with the field that differs.
 *
 * @example
 * const users = await createUsersFromSpec(run.system.user, { callerFor });
 */
export async function createUsersFromSpec(
  spec: UsersSpec,
  context: { readonly callerFor?: (ref: ModelRef) => Promise<ModelCaller> } = {},
): Promise<{ factory: UserFactory; spec: UsersSpec }> {
  if (spec.kind === 'scripted') return { factory: scriptedUsers, spec };
  if (spec.kind !== 'llm') {
    throw new EndstateError('E_USAGE', `unknown simulated user kind "${spec.kind}" (user.kind)`, {
      hint: 'Known kinds: scripted, llm.',
    });
  }
  if (spec.prompt_version !== USER_PROMPT_VERSION) {
    throw new EndstateError(
      'E_USAGE',
      `user.prompt_version is ${JSON.stringify(spec.prompt_version)}, but this endstate's simulated user prompt is ${USER_PROMPT_VERSION}: the users cannot be rebuilt as they were`,
      { hint: 'Start a new run (pass --user-model provider:id).' },
    );
  }
  const parsed = UserModelSchema.safeParse(spec.model ?? undefined);
  if (!parsed.success) {
    throw new EndstateError('E_USAGE', 'user.model is not a valid model of simulated users', {
      problems: parsed.error.issues.map((issue) => ({
        message: `user.model${issue.path.map((key) => `.${String(key)}`).join('')}: ${issue.message}`,
      })),
      hint: 'user.model holds provider, id (base_url for openai-compatible) and temperature.',
    });
  }
  if (context.callerFor === undefined) {
    throw new EndstateError(
      'E_USAGE',
      'simulated users played by a model need context.callerFor to call it',
      { hint: 'Pass callerFor (see createModelCallerFactory).' },
    );
  }
  const { provider, id, base_url: baseUrl, temperature } = parsed.data;
  const ref: ModelRef = { provider, id, ...(baseUrl === undefined ? {} : { base_url: baseUrl }) };
  const decoding: DecodingSettings = temperature === undefined ? {} : { temperature };
  return {
    factory: createLlmUsers({ caller: await context.callerFor(ref), decoding }),
    spec: { kind: 'llm', prompt_version: USER_PROMPT_VERSION, model: { ...ref, ...decoding } },
  };
}
