import fs from 'node:fs';
import os from 'node:os';

/** The nice value background threads run at: under contention the HTTP thread gets ~9× their CPU share (Linux CFS weights 1024 vs 110). */
export const BACKGROUND_NICE = 10;

/**
 * Lowers the scheduling priority of the calling thread to BACKGROUND_NICE (docs/architecture.md#bounded-work-in-threads):
 * print renders, merges, preflights and spreadsheet parses then use every idle core but give way to the HTTP
 * thread and the embedded database when both want the CPU, so requests are answered while a print file renders.
 * Linux only: `setpriority` on a thread id (read from `/proc/thread-self`) changes that thread alone. Elsewhere,
 * or when the system refuses, nothing changes and false is answered — never an error. Never raises a priority.
 */
export function lowerThreadPriority(nice = BACKGROUND_NICE): boolean {
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    if (os.getPriority(tid) >= nice) return true;
    os.setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}
