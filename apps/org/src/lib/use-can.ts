import { useAccess } from '@uc/shared';

/** `can(path)`: whether the signed-in user holds the permission string (an API address); buttons hide otherwise. */
export function useCan(): (permission: string) => boolean {
  return useAccess().hasPermission;
}
