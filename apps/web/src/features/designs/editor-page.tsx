export function EditorPage() { return null; }
