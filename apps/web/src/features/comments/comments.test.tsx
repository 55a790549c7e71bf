import type { MockedResponse } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  ManageCommentsRoute_SurveyDocument,
  ManageCommentsRoute_ToggleDocument,
} from '../../__generated__/graphql';
import { renderRoutes, testAccount, testSession } from '../../test/render';
import { groupByCriterion, ManageCommentsRoute } from './routes/ManageCommentsRoute';

const comment = (id: string, criterionId: number, text: string, hidden = false) => ({
  __typename: 'SurveyComment' as const,
  id,
  criterionId,
  type: 'NEGATIVE' as const,
  text,
  languageCode: 'fi-FI',
  hidden,
});

const surveyMock = (comments: ReturnType<typeof comment>[]): MockedResponse => ({
  request: { query: ManageCommentsRoute_SurveyDocument, variables: { id: 's1' } },
  result: {
    data: {
      survey: { __typename: 'Survey', id: 's1', name: 'HK24', tracking: false, comments },
    },
  },
});

describe('comment moderation', () => {
  it('groups by criterion name with "Something else" last', () => {
    const names: Record<number, string> = { 3: 'Pay', 5: 'Team spirit', 2: 'Meaningful work' };
    const groups = groupByCriterion(
      [comment('a', 99, 'x'), comment('b', 5, 'y'), comment('c', 3, 'z'), comment('d', 5, 'w')],
      (id) => names[id] ?? 'Something else',
      'en-US',
    );
    expect(groups.map((group) => [group.name, group.comments.length])).toEqual([
      ['Pay', 1],
      ['Team spirit', 2],
      ['Something else', 1],
    ]);
  });

  it('lists comments under their criterion, hides one and shows the list read again', async () => {
    const user = userEvent.setup();
    const other = comment('c2', 99, 'Parkki täynnä.');
    const before = [comment('c1', 5, 'Porukka on hajalla.'), other];
    const hidden = comment('c1', 5, 'Porukka on hajalla.', true);
    const after = [hidden, other];
    renderRoutes({
      routes: [{ path: '/surveys/managecomments/:id', element: <ManageCommentsRoute /> }],
      initialEntries: ['/surveys/managecomments/s1'],
      session: testSession({ account: testAccount() }),
      mocks: [
        surveyMock(before),
        {
          request: {
            query: ManageCommentsRoute_ToggleDocument,
            variables: { surveyId: 's1', commentId: 'c1' },
          },
          result: { data: { toggleCommentVisibility: hidden } },
        },
        surveyMock(after),
      ],
    });
    const team = await screen.findByRole('region', { name: /Team spirit/ });
    const item = within(team).getByRole('listitem');
    expect(item).toHaveTextContent('Porukka on hajalla.');
    expect(screen.getByRole('region', { name: /Something else/ })).toHaveTextContent(
      'Parkki täynnä.',
    );
    expect(screen.getByText('2 comments, 0 hidden')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Hide' }));
    expect(await within(item).findByRole('button', { name: 'Show again' })).toBeInTheDocument();
    expect(within(item).getByText('Hidden')).toBeInTheDocument();
    expect(await screen.findByText('2 comments, 1 hidden')).toBeInTheDocument();
  });
});
