/**
 * The endstate id of a tau2 task: tau2's own when it is one (letters,
 * digits, ".", "_", "-"), else each run of other characters made one "-"
 * (`[mms_issue]bad_wifi_calling[PERSONA:Easy]` is
 * `mms_issue-bad_wifi_calling-PERSONA-Easy`); tau2's id is then kept in the
 * task's `tau2_id` label.
 */
export function endstateTaskId(tau2Id: string): string {
  if (/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(tau2Id)) return tau2Id;
  return tau2Id.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[^A-Za-z0-9]+|-+$/g, '');
}
