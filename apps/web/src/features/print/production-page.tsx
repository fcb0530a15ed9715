export function ProductionPage() { return null; }
