// '/': who is signed in, with a welcome text.
import { Container, DataList, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session/session';
import { usePageTitle } from '../../../lib/usePageTitle';

export function StartRoute() {
  const { t } = useTranslation('admin');
  const account = useSession().account;
  usePageTitle(t('common.appName'));
  if (!account) return null; // the route guard only renders this page for a signed-in account

  const companies = account.companies.map((company) => company.name);
  const noCompaniesText =
    account.role === 'Admin' ? t('start.allCompanies') : t('start.noCompanies');
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <Title order={1}>{t('start.title', { name: account.displayName })}</Title>
        <Text size="lg">{t('start.welcome')}</Text>
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h3" mb="md">
            {t('start.accountTitle')}
          </Title>
          <DataList labelWidth="8rem">
            <DataList.Item>
              <DataList.ItemLabel>{t('start.name')}</DataList.ItemLabel>
              <DataList.ItemValue>{account.displayName}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('start.email')}</DataList.ItemLabel>
              <DataList.ItemValue>{account.email}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('start.role')}</DataList.ItemLabel>
              <DataList.ItemValue data-role={account.role}>
                {t(`roles.${account.role}`)}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('start.companies')}</DataList.ItemLabel>
              <DataList.ItemValue>
                {companies.length === 0 ? (
                  noCompaniesText
                ) : (
                  <List listStyleType="none" spacing={2} size="sm">
                    {companies.map((name) => (
                      <List.Item key={name}>{name}</List.Item>
                    ))}
                  </List>
                )}
              </DataList.ItemValue>
            </DataList.Item>
          </DataList>
        </Paper>
      </Stack>
    </Container>
  );
}

export { StartRoute as Component };
