import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { stripCssResources, stripRemoteResources } from './html-resources.ts';

/** Stripping outside references (styles, scripts, images, refreshes) from the HTML a document conversion renders. */
describe('stripRemoteResources', () => {
  test('removes every outside reference and keeps text, links and inline data', () => {
    const { html, removed } = stripRemoteResources(`<html><head>
<link rel="stylesheet" href="https://cdn.test/a.css"><script src="https://cdn.test/a.js"></script><script>alert(1)</script>
<base href="https://evil.test/"><meta http-equiv="refresh" content="0;url=https://evil.test/">
<style>@import url(https://cdn.test/b.css); .x { background: url("https://cdn.test/c.png"); } .y { background: url(data:image/png;base64,AAAA); }</style>
</head><body>
<p>Keep <a href="https://example.com/page">this link</a></p>
<img src="https://cdn.test/d.png" alt="A chart"><img src="/etc/passwd"><img src="data:image/png;base64,AAAA" alt="inline">
<img src="data:image/png;base64,AAAA" srcset="https://cdn.test/e.png 2x">
<iframe src="https://cdn.test/f.html"></iframe><object data="https://cdn.test/g.swf"></object><embed src="x.swf">
<video src="https://cdn.test/h.mp4" poster="https://cdn.test/i.png"></video><audio><source src="https://cdn.test/j.mp3"></audio>
<table background="https://cdn.test/k.png"><tr><td style="background-image:url('https://cdn.test/l.png');color:red">cell</td></tr></table>
<svg><image href="https://cdn.test/m.png"/><use href="https://cdn.test/n.svg#x"/></svg>
</body></html>`);
    assert.doesNotMatch(html, /cdn\.test|evil\.test|\/etc\/passwd|x\.swf/, html);
    assert.doesNotMatch(html, /<script|<iframe|<object|<embed|<link|<base|<video|<audio|http-equiv="refresh"/i);
    assert.match(html, /<a href="https:\/\/example\.com\/page">this link<\/a>/, 'links are kept');
    assert.match(html, /<span>A chart<\/span>/, 'an image becomes its alt text');
    assert.match(html, /<img src="data:image\/png;base64,AAAA" alt="inline">/, 'inline images are kept');
    assert.match(html, /url\(data:image\/png;base64,AAAA\)/, 'inline CSS images are kept');
    assert.match(html, /color:red/);
    assert.match(html, />cell</);
    assert.ok(removed >= 18, `removed ${removed}`);
  });

  test('a document without outside references is left alone', () => {
    const input = '<html><head><title>x</title></head><body><h1>Title</h1><p>Text &amp; more</p></body></html>';
    const { html, removed } = stripRemoteResources(input);
    assert.equal(removed, 0);
    assert.equal(html, input);
  });

  test('CSS: @import, url() and image-set() lose their outside targets', () => {
    const { css, removed } = stripCssResources(
      '@import "x.css"; a { background: url(  \'//cdn.test/a.png\' ) } b { background-image: image-set("a.png" 1x) } c { background: url(data:image/gif;base64,R0) }',
    );
    assert.equal(removed, 3);
    assert.doesNotMatch(css, /x\.css|cdn\.test|a\.png/);
    assert.match(css, /url\(data:image\/gif;base64,R0\)/);
  });
});
