// /users/create: a new user gets a confirmation email; afterwards back to /users. Below the form the
// unit selection (SuperUser, User: units of the chosen company) or the company selection
// (PartnerAdmin), saved right after the user (administration.md section 2).
import { Anchor, Center, Divider, Loader, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  useCreateUserRoute_CreateMutation,
  useCreateUserRoute_OptionsQuery,
  useCreateUserRoute_SetCompaniesMutation,
  useCreateUserRoute_SetUnitsMutation,
  useCreateUserRoute_UnitsQuery,
  type Role,
} from '../../../__generated__/graphql';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { fieldErrorsMessage, useErrorMessage } from '../../../lib/errors';
import { getHref, paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session';
import { usePageTitle } from '../../../lib/usePageTitle';
import { CompanyAccess } from '../components/CompanyAccess';
import { UnitAccess } from '../components/UnitAccess';
import { UserForm } from '../components/UserForm';
import { toastFailure, toastSuccess } from '../../../lib/toasts';
import {
  EMPTY_USER_FORM,
  serverErrors,
  type UserFormErrors,
  type UserFormValues,
} from '../userForm';

export function CreateUserRoute() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  usePageTitle(t('users.createTitle'));
  const navigate = useNavigate();
  const { configuration } = useSession();
  const options = useCreateUserRoute_OptionsQuery({ fetchPolicy: 'cache-and-network' });
  const [create, { loading: saving }] = useCreateUserRoute_CreateMutation();
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [setUnits] = useCreateUserRoute_SetUnitsMutation();
  const [setCompanies] = useCreateUserRoute_SetCompaniesMutation();
  const companies = options.data?.companyChoices ?? [];
  // With one company to choose from (a SuperUser's own), it is chosen already.
  const initial: UserFormValues = {
    ...EMPTY_USER_FORM,
    companyId: companies.length === 1 ? (companies[0]?.id ?? null) : null,
  };
  // The company and role the form shows (its initial values until the first change).
  const [changed, setChanged] = useState<UserFormValues | null>(null);
  const chosen = changed ?? initial;
  const [access, setAccess] = useState<string[]>([]);
  const accessOf = accessKind(chosen.role);
  const units = useCreateUserRoute_UnitsQuery({
    variables: { companyId: chosen.companyId ?? '' },
    skip: !chosen.companyId || accessOf !== 'units',
  });

  /** Saves the unit or company selection of the user just created; false when it failed. */
  const saveAccess = async (email: string): Promise<boolean> => {
    if (access.length === 0 || accessOf === null) return true;
    const outcome =
      accessOf === 'companies'
        ? (await setCompanies({ variables: { email, companyIds: access } })).data?.setUserCompanies
        : (await setUnits({ variables: { email, unitIds: access } })).data?.setUserUnits;
    if (outcome?.ok) return true;
    toastFailure(t('users.toast.accessFailed'), fieldErrorsMessage(outcome?.fieldErrors ?? [], t));
    return false;
  };

  const submit = async (values: UserFormValues) => {
    try {
      const { data } = await create({
        variables: {
          input: {
            displayName: values.displayName,
            email: values.email,
            companyId: values.companyId,
            role: values.role,
            language: values.language,
          },
        },
      });
      const result = data?.createUser;
      if (!result?.ok) {
        setErrors(serverErrors(result?.fieldErrors ?? []));
        return;
      }
      toastSuccess(
        t('users.toast.created'),
        t('users.toast.createdMessage', { email: values.email }),
      );
      // The user exists now: a selection that could not be saved is fixed on the edit page.
      const saved = await saveAccess(values.email).catch((error: unknown) => {
        toastFailure(t('users.toast.accessFailed'), errorMessage(error));
        return false;
      });
      const id = result.user?.id;
      await navigate(saved || !id ? paths.users : getHref(paths.userEdit, { id }));
    } catch (error) {
      toastFailure(t('users.toast.failed'), errorMessage(error));
    }
  };

  const company = units.data?.company;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.users} size="sm">
        {t('users.back')}
      </Anchor>
      <Title order={1}>{t('users.createTitle')}</Title>
      {options.error && <ErrorAlert message={errorMessage(options.error)} />}
      {options.loading && !options.data ? (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : options.data ? (
        <UserForm
          mode="create"
          initial={initial}
          roles={options.data.assignableRoles}
          languages={configuration.languages}
          companies={companies}
          serverErrors={errors}
          saving={saving}
          onSubmit={(values) => void submit(values)}
          onChange={(values) => {
            // Another company or kind of access: the earlier choice no longer applies.
            if (values.companyId !== chosen.companyId || accessKind(values.role) !== accessOf)
              setAccess([]);
            setChanged(values);
          }}
        >
          {accessOf === 'companies' && (
            <>
              <Divider />
              <CompanyAccess companies={companies} selected={access} onChange={setAccess} />
            </>
          )}
          {accessOf === 'units' && company && (
            <>
              <Divider />
              <UnitAccess
                key={company.id}
                companyName={company.name}
                levels={company.unitLevels}
                selected={access}
                onChange={setAccess}
              />
            </>
          )}
        </UserForm>
      ) : null}
    </Stack>
  );
}

/** A PartnerAdmin is assigned companies, a SuperUser or User units of its company, an Admin neither. */
function accessKind(role: Role | null): 'companies' | 'units' | null {
  if (role === 'PARTNER_ADMIN') return 'companies';
  return role === 'SUPER_USER' || role === 'USER' ? 'units' : null;
}

export { CreateUserRoute as Component };
