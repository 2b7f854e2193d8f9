/** /projets/{programId}/plannings/nouveau (part 2 §2.4). */
export function FreePlanningPage() {
  return null;
}
