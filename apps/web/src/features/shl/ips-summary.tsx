import { Paper, Stack, Text, Title } from '@mantine/core';
import { type IpsView, shownDate, type ViewerLang } from './ips-view.ts';
import { VIEWER_MESSAGES } from './shl-messages.ts';

/** The opened summary: who the patient is, the emergency contact, then each section's lines. */
export function IpsSummary({ view, lang }: { view: IpsView; lang: ViewerLang }) {
  const t = VIEWER_MESSAGES[lang];
  const facts = [
    view.birthDate ? `${t.born}: ${shownDate(view.birthDate, lang)}` : null,
    view.gender ? `${t.sex}: ${view.gender}` : null,
  ].filter(Boolean);
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{view.name}</Title>
        {facts.length > 0 && <Text>{facts.join(' · ')}</Text>}
      </div>
      {view.contact && (
        <Paper withBorder p="md">
          <Title order={3} size="h4">
            {t.contact}
          </Title>
          <Text>
            {[view.contact.name, view.contact.relation && `(${view.contact.relation})`]
              .filter(Boolean)
              .join(' ')}
          </Text>
          {view.contact.phone && (
            <Text component="a" href={`tel:${view.contact.phone}`} c="blue.9" fw={700}>
              {view.contact.phone}
            </Text>
          )}
        </Paper>
      )}
      {view.sections.map((section) => (
        <Paper
          key={section.code}
          withBorder
          p="md"
          component="section"
          aria-label={t.sections[section.code] ?? section.code}
        >
          <Title order={3} size="h4">
            {t.sections[section.code] ?? section.code}
          </Title>
          <ul style={{ margin: '8px 0 0', paddingLeft: 20 }}>
            {section.lines.map((line) => (
              <li key={line} style={{ whiteSpace: 'pre-line' }}>
                {line}
              </li>
            ))}
          </ul>
        </Paper>
      ))}
    </Stack>
  );
}
