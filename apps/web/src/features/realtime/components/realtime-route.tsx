/** The realtime orders screen (filled in next). */
export function RealtimeRoute() {
  return (
    <section aria-label="Realtime orders">
      <h1>Realtime orders</h1>
    </section>
  );
}
