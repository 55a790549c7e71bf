// /users/edit/:id: the user form, then unit access (SuperUser, User: units of their company) or
// company access (PartnerAdmin). Saving, deleting and a unit or company update go back to /users.
import { Alert, Anchor, Button, Center, Divider, Group, Loader, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  useEditUserRoute_CompanyChoicesQuery,
  useEditUserRoute_DeleteMutation,
  useEditUserRoute_ResendMutation,
  useEditUserRoute_SetCompaniesMutation,
  useEditUserRoute_SetUnitsMutation,
  useEditUserRoute_UpdateMutation,
  useEditUserRoute_UserQuery,
} from '../../../__generated__/graphql';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { fieldErrorsMessage, useErrorMessage } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session';
import { usePageTitle } from '../../../lib/usePageTitle';
import { CompanyAccess } from '../components/CompanyAccess';
import { UnitAccess } from '../components/UnitAccess';
import { UserForm } from '../components/UserForm';
import { toastFailure, toastSuccess } from '../../../lib/toasts';
import { serverErrors, type UserFormErrors, type UserFormValues } from '../userForm';

interface Outcome {
  ok: boolean;
  fieldErrors: { field: string; message: string }[];
}

export function EditUserRoute() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  usePageTitle(t('users.editTitle'));
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { configuration, account } = useSession();
  const query = useEditUserRoute_UserQuery({ variables: { id }, fetchPolicy: 'network-only' });
  const user = query.data?.user;
  const isPartner = user?.role === 'PARTNER_ADMIN';
  const choices = useEditUserRoute_CompanyChoicesQuery({ skip: !isPartner });
  const [update, updating] = useEditUserRoute_UpdateMutation();
  const [remove, removing] = useEditUserRoute_DeleteMutation();
  const [setUnits, savingUnits] = useEditUserRoute_SetUnitsMutation();
  const [setCompanies, savingCompanies] = useEditUserRoute_SetCompaniesMutation();
  const [resend, resending] = useEditUserRoute_ResendMutation();
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [confirmDelete, setConfirmDelete] = useState(false);

  /** Runs an action; success toasts and goes back to /users, failure toasts what went wrong. */
  const act = async (title: string, run: () => Promise<Outcome | undefined>) => {
    try {
      const outcome = await run();
      if (outcome && !outcome.ok) {
        const message = fieldErrorsMessage(outcome.fieldErrors, t);
        toastFailure(t('users.toast.failed'), message);
        return false;
      }
      toastSuccess(title);
      await navigate(paths.users);
      return true;
    } catch (error) {
      toastFailure(t('users.toast.failed'), errorMessage(error));
      return false;
    }
  };

  const save = async (values: UserFormValues) => {
    if (!user) return;
    try {
      const { data } = await update({
        variables: {
          input: {
            id: user.id,
            displayName: values.displayName,
            email: values.email,
            role: values.role,
            language: values.language,
            twoFactorEnabled: values.twoFactorEnabled,
          },
        },
      });
      const result = data?.updateUser;
      if (!result?.ok) {
        setErrors(serverErrors(result?.fieldErrors ?? []));
        return;
      }
      toastSuccess(t('users.toast.saved'));
      await navigate(paths.users);
    } catch (error) {
      toastFailure(t('users.toast.failed'), errorMessage(error));
    }
  };

  const sendAgain = async () => {
    if (!user) return;
    try {
      const { data } = await resend({ variables: { email: user.email } });
      const result = data?.resendConfirmation;
      if (result?.delivered) toastSuccess(t('users.toast.resent'));
      else toastFailure(t('users.toast.resendFailed'), result?.reason ?? '');
    } catch (error) {
      toastFailure(t('users.toast.resendFailed'), errorMessage(error));
    }
  };

  if (query.loading && !query.data) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }

  const company = user?.company;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.users} size="sm">
        {t('users.back')}
      </Anchor>
      <Title order={1}>{t('users.editTitle')}</Title>
      {query.error && <ErrorAlert message={errorMessage(query.error)} />}
      {query.data && !user && (
        <Alert color="yellow" role="alert">
          {t('users.notFound')}
        </Alert>
      )}
      {user && query.data && (
        <>
          <UserForm
            mode="edit"
            initial={{
              displayName: user.displayName,
              email: user.email,
              companyId: company?.id ?? null,
              role: user.role,
              language: user.language,
              twoFactorEnabled: user.twoFactorEnabled,
            }}
            roles={query.data.assignableRoles}
            languages={configuration.languages}
            serverErrors={errors}
            saving={updating.loading}
            onSubmit={(values) => void save(values)}
          />
          <Group>
            {!user.emailConfirmed && (
              <Button
                variant="default"
                loading={resending.loading}
                onClick={() => void sendAgain()}
              >
                {t('users.resend')}
              </Button>
            )}
            {user.id !== account?.id && (
              <Button color="red" variant="outline" onClick={() => setConfirmDelete(true)}>
                {t('users.delete')}
              </Button>
            )}
          </Group>
          {isPartner && (
            <>
              <Divider />
              {choices.error && <ErrorAlert message={errorMessage(choices.error)} />}
              {choices.data && (
                <CompanyAccess
                  companies={choices.data.companyChoices}
                  selected={user.companies.map((c) => c.id)}
                  saving={savingCompanies.loading}
                  onSave={(companyIds) =>
                    void act(t('users.toast.companiesSaved'), async () => {
                      const { data } = await setCompanies({
                        variables: { email: user.email, companyIds },
                      });
                      return data?.setUserCompanies;
                    })
                  }
                />
              )}
            </>
          )}
          {!isPartner && company && (user.role === 'SUPER_USER' || user.role === 'USER') && (
            <>
              <Divider />
              <UnitAccess
                companyName={company.name}
                levels={company.unitLevels}
                selected={user.units.map((u) => u.id)}
                saving={savingUnits.loading}
                onSave={(unitIds) =>
                  void act(t('users.toast.unitsSaved'), async () => {
                    const { data } = await setUnits({ variables: { email: user.email, unitIds } });
                    return data?.setUserUnits;
                  })
                }
              />
            </>
          )}
          <ConfirmDialog
            opened={confirmDelete}
            title={t('users.deleteTitle')}
            confirmLabel={t('users.delete')}
            danger
            loading={removing.loading}
            onClose={() => setConfirmDelete(false)}
            onConfirm={() =>
              void act(t('users.toast.deleted'), async () => {
                await remove({ variables: { email: user.email } });
                setConfirmDelete(false);
                return undefined;
              }).then((done) => {
                if (!done) setConfirmDelete(false);
              })
            }
          >
            {t('users.deleteConfirm')}
          </ConfirmDialog>
        </>
      )}
    </Stack>
  );
}

export { EditUserRoute as Component };
