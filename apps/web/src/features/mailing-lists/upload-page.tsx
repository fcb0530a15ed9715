export function UploadPage() { return null; }
