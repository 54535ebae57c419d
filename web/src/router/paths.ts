/** The home page: the first tag, never closable, where `/` leads. */
export const HOME_PATH = '/wel/index';
