import { describe, expect, it } from 'vitest';
import { sanitizeContentHtml } from './sanitize-content.ts';

describe('sanitizeContentHtml (issue 3 "Terms and privacy")', () => {
  it('keeps h2, h3, p, ul, li and a with their text', () => {
    const html =
      '<h2>1. Dados</h2><h3>Conta</h3><p>Texto <a href="mailto:privacidade@pulso.app.br">e-mail</a>.</p><ul><li>Um</li></ul>';
    expect(sanitizeContentHtml(html)).toBe(html);
  });

  it('drops <script> with its content and every event handler', () => {
    const out = sanitizeContentHtml(
      '<p onclick="alert(1)">Oi</p><script>alert("x")</script><img src=x onerror="alert(2)"><a href="/x" onmouseover="alert(3)">link</a>',
    );
    expect(out).toBe('<p>Oi</p><a href="/x">link</a>');
    expect(out).not.toMatch(/script|onerror|onclick|onmouseover|alert|<img/i);
  });

  it('keeps strong, em, ol and br, and the text of other tags but not the tags, styles or attributes', () => {
    expect(
      sanitizeContentHtml(
        '<div class="x" style="color:red"><span>Atenção</span> <iframe src="https://e.com"></iframe>aqui</div>',
      ),
    ).toBe('Atenção aqui');
    expect(sanitizeContentHtml('<p><strong style="x">a</strong> <em>b</em><br></p><ol><li>c</li></ol>')).toBe(
      '<p><strong>a</strong> <em>b</em><br></p><ol><li>c</li></ol>',
    );
    expect(sanitizeContentHtml('<h2 id="a" style="x">T</h2>')).toBe('<h2>T</h2>');
  });

  it('refuses javascript:, data: and protocol-relative links, and opens http(s) links safely', () => {
    expect(sanitizeContentHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeContentHtml('<a href=" JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeContentHtml('<a href="data:text/html,oi">x</a>')).toBe('<a>x</a>');
    expect(sanitizeContentHtml('<a href="//evil.example">x</a>')).toBe('<a>x</a>');
    expect(sanitizeContentHtml('<a href="/\\evil.example">x</a>')).toBe('<a>x</a>');
    expect(sanitizeContentHtml('<a href="http://gov.br">x</a>')).toBe(
      '<a href="http://gov.br" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeContentHtml('<a href="https://www.gov.br/anpd" target="_self">ANPD</a>')).toBe(
      '<a href="https://www.gov.br/anpd" target="_blank" rel="noopener noreferrer">ANPD</a>',
    );
    expect(sanitizeContentHtml('<a href="/politica-de-privacidade">Política</a>')).toBe(
      '<a href="/politica-de-privacidade">Política</a>',
    );
  });
});
