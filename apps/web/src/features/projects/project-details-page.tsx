export function ProjectDetailsPage() { return null; }
