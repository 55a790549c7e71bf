import { describe, expect, it } from 'vitest';
import {
  indexDifference,
  mayOpenPackage,
  maySend,
  packagePdfHref,
  reasonKey,
  running,
  surveyChoices,
} from './supervisorRules';

const survey = (id: string, created: string, hasStarted: boolean, hasEnded: boolean) => ({
  id,
  name: id,
  created,
  hasStarted,
  hasEnded,
});

describe('the Supervisors page rules', () => {
  it('offers a User only ended surveys, an Admin started ones too, newest first', () => {
    const surveys = [
      survey('old', '2025-01-01', true, true),
      survey('open', '2026-03-01', true, false),
      survey('draft', '2026-04-01', false, false),
      survey('new', '2026-02-01', true, true),
    ];
    expect(surveyChoices('USER', surveys).map((s) => s.id)).toEqual(['new', 'old']);
    expect(surveyChoices('ADMIN', surveys).map((s) => s.id)).toEqual(['open', 'new', 'old']);
  });

  it('lets Admins and SuperUsers send, not PartnerAdmins or Users', () => {
    expect(
      ['ADMIN', 'PARTNER_ADMIN', 'SUPER_USER', 'USER'].map((r) => maySend(r as never)),
    ).toEqual([true, false, true, false]);
  });

  it('says which reason hides an index', () => {
    expect(reasonKey('DIFFERENCING')).toBe('supervisors.hidden.differencing');
    expect(reasonKey('BELOW_THRESHOLD')).toBe('supervisors.hidden.belowThreshold');
  });

  it('signs the unit against the company, and none when either is hidden', () => {
    expect(indexDifference(74.25, 71)).toBe('+3.3');
    expect(indexDifference(68, 71)).toBe('−3.0');
    expect(indexDifference(71, 71)).toBe('±0.0');
    expect(indexDifference(null, 71)).toBeNull();
  });

  it('runs until the run has finished', () => {
    expect(running({ finishedAt: null })).toBe(true);
    expect(running({ finishedAt: '2026-11-27T12:00:00Z' })).toBe(false);
    expect(running(null)).toBe(false);
  });

  it("offers a unit's package PDF to staff and Admins, and to a User only for a unit they supervise", () => {
    const supervisors = [{ id: 'u1' }];
    expect(mayOpenPackage({ id: 'a', role: 'ADMIN' }, [])).toBe(true);
    expect(mayOpenPackage({ id: 's', role: 'SUPER_USER' }, supervisors)).toBe(true);
    expect(mayOpenPackage({ id: 'p', role: 'PARTNER_ADMIN' }, supervisors)).toBe(true);
    expect(mayOpenPackage({ id: 'u1', role: 'USER' }, supervisors)).toBe(true);
    expect(mayOpenPackage({ id: 'u2', role: 'USER' }, supervisors)).toBe(false);
    expect(mayOpenPackage({ id: null, role: 'USER' }, supervisors)).toBe(false);
  });

  it('links the package PDF the gateway serves, in the language given', () => {
    expect(packagePdfHref('p-1', 'fi-FI')).toBe(
      '/files/supervisor-packages/p-1.pdf?language=fi-FI',
    );
  });
});
