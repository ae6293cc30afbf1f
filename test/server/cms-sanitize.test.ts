import { sanitizeRichText } from '../../server/content/sanitize'

/**
 * What must never survive sanitising: a script-capable tag, an event handler, a style
 * attribute, or a URL whose scheme is not http(s), mailto or tel, however it is spelt.
 */
function expectInert(html: string) {
  expect(html).not.toMatch(/<\s*(script|style|iframe|object|embed|svg|math|form|input|button|base|meta|link|frame|frameset|template|video|audio|body|html)\b/i)
  expect(html).not.toMatch(/\son[a-z]+\s*=/i)
  expect(html).not.toMatch(/\s(style|srcset|formaction|action|xlink:href|background|dynsrc|lowsrc)\s*=/i)
  for (const [, url] of html.matchAll(/\s(?:href|src)="([^"]*)"/gi)) {
    expect(url).toMatch(/^(https?:|mailto:|tel:|\/[^/]|#|[a-z0-9.-]+(\/|$))/i)
  }
  // Nothing that a browser could decode into a scheme either.
  expect(html.toLowerCase()).not.toMatch(/(javascript|vbscript|livescript|data)\s*:/)
}

describe('sanitizeRichText: XSS payloads (OWASP filter-evasion cheat sheet style)', () => {
  it.each([
    ['a script tag', '<p>Hi</p><script>alert(1)</script>'],
    ['a script tag with a source', '<SCRIPT SRC=http://xss.example/xss.js></SCRIPT>'],
    ['an image with onerror', '<IMG SRC=x onerror="alert(1)">'],
    ['an image with a javascript: source', '<IMG SRC="javascript:alert(\'XSS\');">'],
    ['a javascript: link in upper case', '<a href="JAVASCRIPT:alert(1)">click</a>'],
    ['a javascript: link broken by a tab entity', '<a href="java&#x09;script:alert(1)">click</a>'],
    ['a javascript: link broken by a newline entity', '<a href="jav&#x0A;ascript:alert(1)">click</a>'],
    ['a javascript: link with a leading space and control character', '<a href=" &#14; javascript:alert(1)">click</a>'],
    ['a javascript: link in decimal entities', '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>'],
    ['a javascript: link in padded decimal entities without semicolons', '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">x</a>'],
    ['a javascript: link in hex entities without semicolons', '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29">x</a>'],
    ['a javascript: link with a named colon entity', '<a href="javascript&colon;alert(1)">x</a>'],
    ['a data: link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
    ['a data: image', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">'],
    ['a vbscript: link', '<a href="vbscript:msgbox(1)">x</a>'],
    ['an svg with onload', '<svg/onload=alert(1)>'],
    ['a body with onload', '<BODY ONLOAD=alert(1)>text'],
    ['an iframe', '<iframe src="javascript:alert(1)"></iframe>'],
    ['an object and an embed', '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">'],
    ['a style tag', '<style>@import "javascript:alert(1)";</style><p>x</p>'],
    ['a style attribute', '<p style="background:url(javascript:alert(1))">x</p>'],
    ['a handler on an allowed tag', '<p onmouseover="alert(1)">hover</p>'],
    ['a nested script that reassembles', '<scr<script>ipt>alert(1)</scr</script>ipt>'],
    ['a half-open tag', '<<SCRIPT>alert("XSS");//<</SCRIPT>'],
    ['a script in a comment', '<!--<script>alert(1)</script>--><p>ok</p>'],
    ['a noscript breakout', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
    ['a form with a javascript: action', '<form action="javascript:alert(1)"><button formaction="javascript:alert(2)">x</button></form>'],
    ['a meta refresh', '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(1);">'],
    ['a base href', '<base href="javascript:alert(1)//">'],
    ['a link stylesheet', '<LINK REL="stylesheet" HREF="javascript:alert(1);">'],
    ['a math link', '<math><mi xlink:href="javascript:alert(1)">x</mi></math>'],
    ['an image srcset', '<img src="https://img.example/a.png" srcset="javascript:alert(1) 2x">'],
    ['a video poster', '<video poster="javascript:alert(1)"><source src="x" onerror="alert(1)"></video>'],
    ['a table background', '<TABLE BACKGROUND="javascript:alert(1)"><TD>x</TD></TABLE>'],
    ['an input image', '<INPUT TYPE="IMAGE" SRC="javascript:alert(1);">'],
    ['a protocol-relative script host', '<a href="//evil.example/steal">x</a>'],
  ])('leaves nothing executable of %s', (_name, payload) => {
    expectInert(sanitizeRichText(payload))
  })

  it('keeps the text of a dropped link but not its scheme', () => {
    expect(sanitizeRichText('<a href="JaVaScRiPt:alert(1)">Read more</a>')).toBe('<a>Read more</a>')
  })

  it('drops script and style content, not only the tags', () => {
    expect(sanitizeRichText('<p>a</p><script>var secret = 1</script><style>p{}</style>')).toBe('<p>a</p>')
  })
})

describe('sanitizeRichText: what the editor makes', () => {
  it('keeps headings, emphasis, lists, quotes, code and rules', () => {
    const html =
      '<h1>T</h1><h2>a</h2><h3>b</h3><h4>c</h4><p>x<br />y <strong>s</strong> <b>b</b> <em>e</em> <i>i</i> <u>u</u> <s>s</s> <span>n</span></p>' +
      '<blockquote>q</blockquote><ul><li>1</li></ul><ol><li>2</li></ol><pre><code>const a = 1</code></pre><hr />'
    expect(sanitizeRichText(html)).toBe(html)
  })

  it('keeps http(s), mailto, tel and relative links with their title', () => {
    const html =
      '<a href="https://petcare.example/a" title="A">a</a><a href="http://x.example">b</a>' +
      '<a href="mailto:help@petcare.example">c</a><a href="tel:+18005550199">d</a><a href="/faq">e</a>'
    expect(sanitizeRichText(html)).toBe(html)
  })

  it('forces rel="noopener noreferrer" on links that open a new tab', () => {
    expect(sanitizeRichText('<a href="https://x.example" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://x.example" rel="noopener noreferrer" target="_blank">x</a>',
    )
  })

  it('drops a link target other than _blank or _self', () => {
    expect(sanitizeRichText('<a href="https://x.example" target="_top">x</a>')).toBe('<a href="https://x.example">x</a>')
  })

  it('keeps images with an absolute http(s) source and their alt text, and drops the others', () => {
    expect(sanitizeRichText('<img src="https://img.example/a.png" alt="A dog" width="9" class="x" />')).toBe(
      '<img src="https://img.example/a.png" alt="A dog" />',
    )
    expect(sanitizeRichText('<p>a<img src="/local.png">b<img src="ftp://x.example/a.png"></p>')).toBe('<p>ab</p>')
  })

  it('unwraps unknown tags and drops classes and ids, keeping the text', () => {
    expect(sanitizeRichText('<div class="ql-align-center" id="x"><p>Kept <font color="red">text</font></p></div>')).toBe('<p>Kept text</p>')
  })

  it('escapes stray angle brackets in text', () => {
    expect(sanitizeRichText('<p>1 < 2 & 3 > 2</p>')).toBe('<p>1 &lt; 2 &amp; 3 &gt; 2</p>')
  })
})
