/** "Plus" beside a member's name (the top bar's greeting, the public player page). */
export function PlusBadge({ label, testId, className = "" }: { label: string; testId: string; className?: string }) {
  return (
    <span
      className={`${className} rounded-full bg-gradient-to-r from-cyan-500 to-purple-500 px-2 py-0.5 text-xs font-bold text-slate-950`.trim()}
      data-testid={testId}
    >
      {label}
    </span>
  );
}
