// The frame of every signed-out screen: the product mark, then a card with the page heading and an
// intro text.
import { Center, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Brand } from '../../../components/layout/Logo';
import { usePageTitle } from '../../../lib/usePageTitle';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

export function AuthCard({ title, description, children }: AuthCardProps) {
  usePageTitle(title);
  return (
    <Container size={460} px={0}>
      <Center mb="lg">
        <Brand />
      </Center>
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <Stack gap="md">
          <Title order={1} size="h2">
            {title}
          </Title>
          {description && <Text>{description}</Text>}
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
