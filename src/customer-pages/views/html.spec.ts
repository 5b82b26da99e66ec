import { html } from './html';

describe('html', () => {
  it('escapes every interpolated value, in text and in quoted attributes', () => {
    const name = '<script>alert("x")</script>';
    const attribute = `" onmouseover='alert(1)`;
    expect(html`<p title="${attribute}">Hi ${name} & co</p>`.value).toBe(
      '<p title="&quot; onmouseover=&#39;alert(1)">Hi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; & co</p>',
    );
  });

  it('nests html output without escaping it twice, joins arrays, drops null, undefined and false', () => {
    const items = ['a<b', 'c'].map((item) => html`<li>${item}</li>`);
    // prettier-ignore
    const list = html`<ul>${items}</ul>`;
    expect(html`${list}${null}${undefined}${false}${0}`.value).toBe('<ul><li>a&lt;b</li><li>c</li></ul>0');
  });
});
