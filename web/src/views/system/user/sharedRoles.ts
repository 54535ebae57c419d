/** The role ids a user holds: its `roleId`, comma-joined as stored. */
export function rolesOf(row: Record<string, unknown>): string[] {
  return String(row.roleId ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
}

/** The roles every one of the users holds, in the first one's order: what 用户角色配置 ticks on opening. */
export function sharedRoles(users: Record<string, unknown>[]): string[] {
  const [first = [], ...rest] = users.map(rolesOf);
  return first.filter((id, i) => first.indexOf(id) === i && rest.every((held) => held.includes(id)));
}
