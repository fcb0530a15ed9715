import Bowser from 'bowser';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';

/** What a scan's request says about the scanner. */
export type ScannerAgent = {
  isBot: boolean;
  /** mobile, tablet, desktop, tv, or null when unknown. */
  deviceType: string | null;
  os: string | null;
  browser: string | null;
};

/**
 * Link scanners and preview fetchers that isbot's list does not name: mail security gateways
 * that open every link of an email, and chat apps' unfurlers (after Dub's own list).
 */
const SCANNER_PATTERN = /(barracuda|proofpoint|mimecast|safelinks|symantec|trendmicro|forcepoint|sophos|fortiguard|cisco ironport|bitdefender|zscaler|microsoft office|outlook-ios|skypeuripreview|discordbot|telegrambot|whatsapp|slack|linkedinbot|pinterest|embedly|iframely|bingpreview|yahoo! slurp|preview)/i;

/** Parsed user agents, least recently used dropped first. */
const cache = new LRUCache<string, ScannerAgent>({ max: 2000 });

function parse(ua: string): ScannerAgent {
  if (!ua) return { isBot: true, deviceType: null, os: null, browser: null };
  const bot = isbot(ua) || SCANNER_PATTERN.test(ua);
  let info: Bowser.Parser.ParsedResult | null = null;
  try { info = Bowser.parse(ua); } catch { info = null; }
  return {
    isBot: bot,
    deviceType: info?.platform.type ?? null,
    os: info?.os.name ?? null,
    browser: info?.browser.name ?? null,
  };
}

/**
 * Classifies a short-link request (docs/requirements/scans-and-analytics.md#scan-recording): bots by `isbot` 5 plus link
 * scanners and preview fetchers, HEAD requests and requests without a user agent; device type,
 * OS and browser by `bowser` 2 (docs/decisions/README.md#library-choices). Results per user agent are cached
 * (bounded), so a burst of one phone model parses once.
 */
export function classifyScanner(userAgent: string | undefined, method: string): ScannerAgent {
  const ua = (userAgent ?? '').slice(0, 512);
  let agent = cache.get(ua);
  if (!agent) {
    agent = parse(ua);
    cache.set(ua, agent);
  }
  return method === 'HEAD' ? { ...agent, isBot: true } : agent;
}
