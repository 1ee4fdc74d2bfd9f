import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { withPageHeadings, withSlideHeadings } from './conversions.ts';

describe('page and slide headings', () => {
  test('pdftotext pages become "--- Slide N ---" sections', () => {
    assert.equal(withPageHeadings('Title\n\nBody\n\fSecond\n\f', 'Slide'), '--- Slide 1 ---\n\nTitle\n\nBody\n\n--- Slide 2 ---\n\nSecond\n');
  });

  test("LibreOffice's empty slide headings are numbered", () => {
    assert.equal(
      withSlideHeadings('<h1></h1><p>a</p><h1 style="x"> </h1><p>b</p><h1>Kept</h1>'),
      '<h1>Slide 1</h1><p>a</p><h1 style="x">Slide 2</h1><p>b</p><h1>Kept</h1>',
    );
  });
});
