// /users/create: a new user gets a confirmation email; afterwards back to /users.
import { Anchor, Center, Loader, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  useCreateUserRoute_CreateMutation,
  useCreateUserRoute_OptionsQuery,
} from '../../../__generated__/graphql';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useErrorMessage } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session';
import { usePageTitle } from '../../../lib/usePageTitle';
import { UserForm } from '../components/UserForm';
import { toastFailure, toastSuccess } from '../../../lib/toasts';
import {
  EMPTY_USER_FORM,
  serverErrors,
  type UserFormErrors,
  type UserFormValues,
} from '../userForm';

export function CreateUserRoute() {
  const { t } = useTranslation('admin');
  const errorMessage = useErrorMessage();
  usePageTitle(t('users.createTitle'));
  const navigate = useNavigate();
  const { configuration } = useSession();
  const options = useCreateUserRoute_OptionsQuery({ fetchPolicy: 'cache-and-network' });
  const [create, { loading: saving }] = useCreateUserRoute_CreateMutation();
  const [errors, setErrors] = useState<UserFormErrors>({});

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
      await navigate(paths.users);
    } catch (error) {
      toastFailure(t('users.toast.failed'), errorMessage(error));
    }
  };

  const companies = options.data?.companyChoices ?? [];
  // With one company to choose from (a SuperUser's own), it is chosen already.
  const initial: UserFormValues = {
    ...EMPTY_USER_FORM,
    companyId: companies.length === 1 ? (companies[0]?.id ?? null) : null,
  };

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
        />
      ) : null}
    </Stack>
  );
}

export { CreateUserRoute as Component };
