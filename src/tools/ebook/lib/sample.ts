/** A small FictionBook 2 document: the runnable example of the FB2 tools (FB2 is XML text). */
export const SAMPLE_FB2 = `<?xml version="1.0" encoding="UTF-8"?>
<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0" xmlns:l="http://www.w3.org/1999/xlink">
<description><title-info><genre>fairy_fantasy</genre><author><first-name>Ada</first-name><last-name>Teller</last-name></author><book-title>The Lantern Keeper</book-title><lang>en</lang></title-info></description>
<body>
<title><p>The Lantern Keeper</p></title>
<section><title><p>Chapter One</p></title><p>Every night the keeper climbed the hill to light the lantern.</p><p>The village slept beneath its glow.</p></section>
<section><title><p>Chapter Two</p></title><p>One winter the oil ran out, and the children brought candles.</p></section>
</body>
</FictionBook>
`;
