import { Accordion } from '@mantine/core';
import { paragraphsOf } from '@pulso/domain';
import classes from './text-accordion.module.css';

/** One entry: its title, and plain text with blank lines between paragraphs. */
export interface TextAccordionItem {
  id: number;
  title: string;
  text: string;
}

/**
 * The expandable list of /dicas and /faqs (docs/indicators-and-score.md
 * "Tips and FAQ"): each title an `h2` button, several open at once, the text
 * split into paragraphs by `paragraphsOf`.
 */
export function TextAccordion({ items }: { items: readonly TextAccordionItem[] }) {
  return (
    <Accordion
      multiple
      order={2}
      variant="separated"
      radius="md"
      classNames={{ item: classes.item, control: classes.control, label: classes.label }}
    >
      {items.map((item) => (
        <Accordion.Item key={item.id} value={String(item.id)}>
          <Accordion.Control>{item.title}</Accordion.Control>
          <Accordion.Panel>
            <div className={classes.text}>
              {paragraphsOf(item.text).map((p, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a text that does not change
                <p key={i}>{p}</p>
              ))}
            </div>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
