import { type NoResultsAnswer, SEARCH_MSG, type SynonymsAnswer } from '@bagshop/shared/schemas/search';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  adminSession,
  adminToken,
  callApi,
  rememberSession,
  uniqueWord,
  withRealServer,
} from '../../../test/real-server.ts';
import { renderScreen } from '../../../test/render.tsx';
import { SearchPage } from './search-page.tsx';

const server = withRealServer();
const SYNONYMS = '/api/admin/search/synonyms';

describe('admin search screen against the shop', () => {
  it('lists a search that found nothing, refuses a bad synonym under its field and saves a good one', async () => {
    rememberSession(adminSession());
    const user = userEvent.setup();
    const nothing = uniqueWord(12).toLowerCase();
    await callApi('GET', `/api/products/shop-products?keyword=${nothing}`);
    // Counts are written a moment after the search (decision 048): the list has it once they are.
    await waitFor(
      async () => {
        const list = await callApi<NoResultsAnswer>('GET', '/api/admin/search/no-results', { token: adminToken() });
        expect(list.searches.map((s) => s.query)).toContain(nothing);
      },
      { timeout: 15_000, interval: 250 },
    );
    const kept = await callApi<SynonymsAnswer>('GET', SYNONYMS, { token: adminToken() });

    renderScreen(<SearchPage />, { path: '/admin/search' });
    expect(await screen.findByRole('heading', { level: 1, name: SEARCH_MSG.screenTitle })).toBeTruthy();
    const table = await screen.findByRole('table', { name: SEARCH_MSG.noResultsTitle });
    await waitFor(() => expect(within(table).getByRole('row', { name: new RegExp(nothing) })).toBeTruthy());
    expect(within(within(table).getByRole('row', { name: new RegExp(nothing) })).getByText('1')).toBeTruthy();

    const form = await screen.findByRole('form', { name: SEARCH_MSG.synonymsTitle });
    await user.click(within(form).getByRole('button', { name: SEARCH_MSG.addSynonym }));
    const index = kept.synonyms.length + 1;
    const word = within(form).getByLabelText(`${SEARCH_MSG.synonymWord} ${index}`);
    const means = within(form).getByLabelText(`${SEARCH_MSG.synonymMeans} ${index}`);
    await user.type(word, 'two words');
    await user.type(means, 'backpack');
    await user.click(within(form).getByRole('button', { name: SEARCH_MSG.saveSynonyms }));
    await waitFor(() => expect(server.last(SYNONYMS, 'PUT').status).toBe(400));
    expect(await within(form).findByText(SEARCH_MSG.wordInvalid)).toBeTruthy();

    const mine = uniqueWord(8).toLowerCase();
    await user.clear(word);
    await user.type(word, mine);
    await user.click(within(form).getByRole('button', { name: SEARCH_MSG.saveSynonyms }));
    await waitFor(() => expect(server.last(SYNONYMS, 'PUT').status).toBe(200));
    const saved = await callApi<SynonymsAnswer>('GET', SYNONYMS, { token: adminToken() });
    expect(saved.synonyms).toContainEqual({ word: mine, means: 'backpack' });
    await waitFor(() => expect(within(form).queryByText(SEARCH_MSG.wordInvalid)).toBeNull());
  });
});
