import type { Book } from '../../../contract';

/** What a download keeps of its book (enough for the downloads screen and the catalogue offline). */
export type DownloadBookRef = Pick<Book, 'bookId' | 'title' | 'cover' | 'vipFree'>;
