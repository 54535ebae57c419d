/** The home page: the first tag, never closable, where `/` leads. */
export const HOME_PATH = '/wel/index';

/** The lock screen (spec part 9): public, and where a locked console always goes. */
export const LOCK_PATH = '/lock';
