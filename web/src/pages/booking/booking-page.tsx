/** Public buyer booking page /entrevue/{uuid} (part 1 §2). */
export function BookingPage() {
  return <main>Chargement…</main>;
}
