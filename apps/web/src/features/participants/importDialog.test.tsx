import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
import { ImportParticipantsDialog } from './components/ImportParticipantsDialog';

describe('the participant import dialog', () => {
  it('says that the rows set the units’ parents', async () => {
    renderRoutes({
      routes: [
        {
          path: '/',
          element: (
            <ImportParticipantsDialog
              opened
              survey={{ id: 's1', companyId: 'c1' }}
              onClose={() => undefined}
            />
          ),
        },
      ],
      initialEntries: ['/'],
    });
    const dialog = await screen.findByRole('dialog', { name: 'Import participants' });
    expect(dialog).toHaveTextContent(
      "Each unit is placed under the row's unit one level up, unless it already has a parent (parents are changed on the units page).",
    );
  });
});
