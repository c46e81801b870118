import { describe, expect, it } from 'vitest';
import { fullView, timelineItem } from './test/fixtures.ts';
import { appendTimelinePage, isFullAccess, pageHref, tabOf, withoutTimeline } from './view.ts';

describe('the page address', () => {
  it('names the tab and a language other than pt-BR', () => {
    expect(pageHref('emergencia', 'pt-BR')).toBe('?');
    expect(pageHref('saude', 'pt-BR')).toBe('?aba=saude');
    expect(pageHref('timeline', 'en')).toBe('?aba=timeline&lang=en');
    expect(pageHref('emergencia', 'es')).toBe('?lang=es');
  });

  it('reads an unknown or missing tab as the Emergency tab', () => {
    expect(tabOf('saude')).toBe('saude');
    expect(tabOf('timeline')).toBe('timeline');
    expect(tabOf('admin')).toBe('emergencia');
    expect(tabOf(null)).toBe('emergencia');
  });
});

describe('the view', () => {
  it('is full when both tabs are granted', () => {
    expect(isFullAccess(fullView())).toBe(true);
    expect(isFullAccess({ ...fullView(), acesso: { ...fullView().acesso, timeline: false } })).toBe(false);
  });

  it('appends a page without repeating a record a shift of offsets brought back', () => {
    const items = appendTimelinePage([timelineItem(3), timelineItem(2)], [timelineItem(2), timelineItem(1)]);
    expect(items.map((item) => item.id)).toEqual([3, 2, 1]);
  });

  it('drops the timeline and its records when the server refuses it', () => {
    const view = withoutTimeline(fullView([timelineItem(1)], 4));
    expect(view.acesso).toEqual({ ...fullView().acesso, timeline: false });
    expect(view.timelineItems).toBeUndefined();
    expect(view.total).toBeUndefined();
    expect(view.user.saude?.alergias).toBe('Penicilina');
  });
});
