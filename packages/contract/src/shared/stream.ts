/**
 * A streamed list's answer (docs/decisions/0060): the envelope written one item a line, so a page can use each
 * item as it arrives and any other client can read the whole answer as one envelope. The first line opens the
 * envelope, each item is one line (every item after the first starts with a comma), and the last line closes
 * it; an answer without its closing line was cut short.
 */
export const STREAM_OPENING = '{"status":"ok","code":200,"data":[';
export const STREAM_CLOSING = ']}';
