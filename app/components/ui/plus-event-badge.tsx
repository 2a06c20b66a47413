/** "Evento Plus": a tournament only Plus members may enter (cards, the list and the tournament page). */
export function PlusEventBadge({ label, className = "" }: { label: string; className?: string }) {
  return (
    <span
      className={`inline-block w-fit rounded-full border border-amber-300/60 bg-amber-300/15 px-2.5 py-0.5 text-xs font-bold text-amber-100 ${className}`}
      data-testid="plus-event-badge"
    >
      ★ {label}
    </span>
  );
}
