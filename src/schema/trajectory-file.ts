import { z } from 'zod';
import { StepSchema } from './task.js';

/** Input of the replay agent: task id → the steps to replay. */
export const TrajectoryFileSchema = z.record(z.string(), z.array(StepSchema));
export type TrajectoryFile = z.infer<typeof TrajectoryFileSchema>;
