export function forgetDueState(_env: Record<string, string | undefined>, _profile: string): void {}
