// Saves a file the app made or fetched (exports, SVG, PDF) under a file name, through a temporary link.
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task has run.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
