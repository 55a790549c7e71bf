// /privacy/:language?: the privacy policy in Finnish, Swedish or English, whatever the UI language.
import { Anchor, Container, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { LANGUAGE_NAMES, htmlLang } from '../../../lib/i18n/languages';
import { getHref, paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/usePageTitle';
import { privacyLanguage, type PrivacyLanguage } from '../privacyLanguage';

// The policy's sections in reading order; each has a title and paragraphs and/or list items.
const SECTIONS = [
  'controller',
  'contact',
  'register',
  'purpose',
  'sources',
  'recipients',
  'retention',
  'cookies',
  'security',
  'rights',
  'requests',
  'changes',
] as const;

export function PrivacyRoute() {
  const { t, i18n } = useTranslation('admin');
  const { language: pathLanguage } = useParams();
  const [search] = useSearchParams();
  const language = privacyLanguage(
    pathLanguage,
    search.get('language'),
    i18n.resolvedLanguage ?? i18n.language,
  );
  const [loaded, setLoaded] = useState<PrivacyLanguage | null>(null);

  // The policy's language may differ from the UI language; its texts may not be loaded yet.
  useEffect(() => {
    let current = true;
    void i18next.loadLanguages(language).then(() => {
      if (current) setLoaded(language);
    });
    return () => {
      current = false;
    };
  }, [language]);

  const ready = loaded === language || i18n.hasResourceBundle(language, 'admin');
  if (!ready) return <Loader aria-label={t('common.loading')} mx="auto" display="block" />;
  return <PrivacyPolicy language={language} />;
}

function PrivacyPolicy({ language }: { language: PrivacyLanguage }) {
  const { t } = useTranslation('admin', { lng: language });
  usePageTitle(t('privacy.title'));
  return (
    <Container size="md" px={0} component="article" lang={htmlLang(language)}>
      <Stack gap="md">
        <PolicyLanguages current={language} />
        <Title order={1}>{t('privacy.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('privacy.lastUpdated')}
        </Text>
        <Text>{t('privacy.intro')}</Text>
        {SECTIONS.map((id) => (
          <PolicySection key={id} id={id} language={language} />
        ))}
      </Stack>
    </Container>
  );
}

// The policy's own language links: each names its language in itself.
const POLICY_LANGUAGES = [
  ['fi-FI', 'fi'],
  ['sv', 'sv'],
  ['en-US', 'en'],
] as const;

function PolicyLanguages({ current }: { current: PrivacyLanguage }) {
  return (
    <Group gap="md" justify="flex-end">
      {POLICY_LANGUAGES.map(([language, segment]) => (
        <Anchor
          key={language}
          component={Link}
          to={getHref(paths.privacy, { language: segment })}
          lang={htmlLang(language)}
          aria-current={language === current ? 'page' : undefined}
          fw={language === current ? 700 : 400}
          size="sm"
        >
          {LANGUAGE_NAMES[language]}
        </Anchor>
      ))}
    </Group>
  );
}

function PolicySection({
  id,
  language,
}: {
  id: (typeof SECTIONS)[number];
  language: PrivacyLanguage;
}) {
  const { t } = useTranslation('admin', { lng: language });
  const section = t(`privacy.sections.${id}`, { returnObjects: true }) as {
    title: string;
    paragraphs?: string[];
    items?: string[];
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby={`privacy-${id}`}>
      <Title order={2} size="h3" id={`privacy-${id}`}>
        {section.title}
      </Title>
      {section.paragraphs?.map((paragraph) => (
        <Text key={paragraph}>{paragraph}</Text>
      ))}
      {section.items && (
        <List spacing="xs">
          {section.items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

export { PrivacyRoute as Component };
