/**
 * The current project of /projectFile (001 §3 "Stored locally … projectInfo (the current project)";
 * 000 §4 "the current project code resets to the first project if the stored one is not in the
 * project list"). Stored in localStorage under `projectInfo` as `{iuid, projectName}`.
 */
import type { ProjectBriefValue } from '@bimdrive/contracts';

/** localStorage key (001 §3). */
export const PROJECT_INFO_KEY = 'projectInfo';

/** The stored project, or null (missing or unreadable). */
export function readStoredProject(): ProjectBriefValue | null {
  try {
    const raw = localStorage.getItem(PROJECT_INFO_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<ProjectBriefValue>;
    return typeof v.iuid === 'string' && v.iuid
      ? { iuid: v.iuid, projectName: typeof v.projectName === 'string' ? v.projectName : '' }
      : null;
  } catch {
    return null;
  }
}

/** Remember the current project. */
export function storeProject(p: ProjectBriefValue): void {
  localStorage.setItem(PROJECT_INFO_KEY, JSON.stringify({ iuid: p.iuid, projectName: p.projectName }));
}

/** Forget the current project (no project left). */
export function clearStoredProject(): void {
  localStorage.removeItem(PROJECT_INFO_KEY);
}

/**
 * Which project /projectFile opens: the one asked for (`?projectId=`) when listed, else the stored one
 * when still listed, else the first of the list (000 §4); null when the caller has no project.
 * A requested id that is not listed is still returned as is: the server decides (a stranger's listing
 * answers 404). Callers pass the loaded list.
 */
export function pickProject(
  list: readonly ProjectBriefValue[],
  requested: string,
  stored: ProjectBriefValue | null,
): ProjectBriefValue | null {
  const find = (id: string) => list.find((p) => p.iuid === id);
  if (requested) return find(requested) ?? { iuid: requested, projectName: '' };
  if (stored) {
    const still = find(stored.iuid);
    if (still) return still;
  }
  return list[0] ?? null;
}
