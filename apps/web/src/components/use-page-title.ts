import { pageTitle } from '@bagshop/shared/page-titles';
import { useEffect } from 'react';

/** Names the page in the browser's title ('' for the home page); the server's landing pages say the same. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
