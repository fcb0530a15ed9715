/**
 * Query parameter names a destination site is likely to use itself, so a QR configuration may
 * not take them (docs/requirements/qr-codes.md#rules: "about 60 common site parameters: page, post, tag, search,
 * author, category, feed, id, action, key, ref, utm_* and similar"; the full list is not shown).
 *
 * Sources: WordPress's public query variables ("Reserved Terms", developer.wordpress.org/reference
 * /functions/register_taxonomy/#reserved-terms — a WordPress site answers a different page when
 * they appear), Google Analytics campaign parameters (utm_*), the ad networks' click identifiers
 * (gclid, fbclid, msclkid …), and the generic names CMSs and frameworks route on (id, action, key,
 * ref, token, lang, callback, redirect …).
 */
export const RESERVED_PARAMS: readonly string[] = [
  // WordPress public query variables
  'attachment', 'attachment_id', 'author', 'author_name', 'calendar', 'cat', 'category', 'category_name',
  'cpage', 'day', 'embed', 'error', 'feed', 'hour', 'm', 'minute', 'monthnum', 'name', 'offset', 'order',
  'orderby', 'p', 'page', 'page_id', 'paged', 'pagename', 'post', 'post_format', 'post_type', 'posts',
  'preview', 's', 'search', 'second', 'static', 'tag', 'tag_id', 'taxonomy', 'term', 'theme', 'title',
  'type', 'w', 'year',
  // Google Analytics campaign parameters
  'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'utm_id', 'utm_source_platform',
  'utm_creative_format', 'utm_marketing_tactic',
  // Ad-network click identifiers
  'gclid', 'dclid', 'fbclid', 'msclkid', 'ttclid', 'twclid', 'li_fat_id',
  // Generic routing and session parameters
  'id', 'action', 'key', 'ref', 'token', 'lang', 'locale', 'callback', 'redirect', 'redirect_to',
  'return', 'returnurl', 'session', 'sid', 'format', 'q', 'query', 'sort', 'filter', 'limit', 'view',
];

const RESERVED = new Set(RESERVED_PARAMS);

/** Whether `name` is a reserved query parameter (case-insensitive). */
export const isReservedParam = (name: string): boolean => RESERVED.has(name.toLowerCase());
