export function ProjectListPage() { return null; }
