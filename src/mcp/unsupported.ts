import { inEnglishWords } from './lexicon.ts';
import { remembered } from './text.ts';

/**
 * Jobs no tool here does, so a goal that asks for one is answered "unsupported" with the closest real
 * capabilities, never routed to a near miss that then asks for unrelated input ("order a pizza" must not
 * become the social image validator). Each entry names a kind of work outside the catalog's scope: media
 * processing, image editing beyond conversion and compression, PDF editing, design, ordering and booking, live market
 * or world data, sending or posting on someone's behalf, attacking systems, personal errands, playing and
 * recording media, translation, merging documents, accounts, parcels, health and sports facts, devices, OCR,
 * speech synthesis, design files, video editing, live figures of other services, publishing, payments, printing,
 * smart-home devices, data recovery, timetables, guaranteed rankings, changes on the user's own server or store,
 * network probes, date arithmetic, random numbers and number bases, running code, code for other languages, AI-text
 * detection, video transcripts and comments, IBAN and VAT-number checks, Apple iWork files, page screenshots, mailboxes
 * and hash reversal, JSON Schema validation, HTML minifying, joining tables, EXIF edits, Google Drive files, search
 * positions, equations, translating code, comparing images, explaining regexes, Mach numbers and fuel economy, old Word
 * .doc files, professional advice, statistics of numbers, which tax rate applies, protected or split archives, DRM,
 * animations and print resolution, reading QR codes, accounting software and search engines, map coordinates and colour
 * books, income tax, errands, repairs and staffing, splitting PDFs, e-mail statistics and damaged files, watching and
 * alerting later, editing inside documents, acting on other systems, platform trends and base32. (Units,
 * languages and choices a picked tool would refuse, and other members of a kind it names, are found from the tool
 * itself: router.ts `wouldRefuse`.)
 */
const OUT_OF_SCOPE: Array<{ pattern: RegExp; what: string }> = [
  {
    pattern:
      /\b(?:download|convert|compress|trim|cut|edit|record|extract)\b.{0,40}\b(?:videos?|movies?|clips?|audio|podcasts?|songs?|music)\b(?!\s+(?:titles?|descriptions?|ids?|urls?|links?|tags?|captions?|thumbnails?))/i,
    what: 'video and audio processing',
  },
  {
    // Stills or a GIF taken out of a video: the image tools read images, never a video's frames.
    pattern:
      /\b(?:gifs?|images?|frames?|stills?|screenshots?|thumbnails?|pictures?|photos?|jpe?gs?|pngs?)\b.{0,20}\b(?:from|of|out of)\s+(?:this|my|the|a|an|our)\s+(?:videos?|clips?|movies?|footage|films?)\b|\b(?:videos?|clips?|movies?|footage)\s+(?:to|into)\s+(?:an?\s+)?(?:gifs?|images?|frames?|stills?|jpe?gs?|pngs?)\b/i,
    what: 'taking frames out of videos',
  },
  { pattern: /\b(?:mp4|mp3|wav|m4a|mov|avi|mkv|flac)\b/i, what: 'video and audio files' },
  { pattern: /\b(?:dwg|dxf|stl|iges|fbx|3ds|cad)\b|\b3d[- ]?(?:print\w*|models?|render\w*|scans?)\b/i, what: 'CAD, 3D models and 3D printing' },
  { pattern: /\btranscrib\w*\b.{0,40}\b(?:audio|podcasts?|recordings?|calls?|meetings?|voice|speech|interviews?)\b/i, what: 'speech transcription' },
  {
    pattern:
      /(?<!\b(?:will|would|does|do|did|won'?t|doesn'?t)\s+(?!you\b)(?:[\w'-]+\s+){1,10})\b(?:crop|rotate|flip|watermark|upscale|retouch|blur)\b(?:.{0,30}\b(?:image|photo|picture|pic|gif|png|jpe?g)|\s+it)\b|\bremove\b.{0,20}\bbackground\b|\badd\b.{0,20}\b(?:text|caption|sticker)\b.{0,20}\bto\b.{0,15}\b(?:image|photo|picture|gif|it)\b/i,
    what: 'image editing (cropping, rotating, drawing on images)',
  },
  {
    pattern:
      /\b(?:merge|combine|join|split|encrypt|password[- ]protect|lock|unlock|decrypt|e-?sign|annotate|rotate|watermark|stamp|fill (?:out|in))\b(?!.{0,40}\b(?:jpe?gs?|pngs?|images?|photos?|pictures?|scans?|heics?|webps?)\b).{0,30}\bpdfs?\b|\bpdfs?\b.{0,20}\b(?:merge|merged|combined|password[- ]protected|encrypted)\b|\bpdfs?\b.{0,40}\bpassword\b.{0,40}\b(?:strip|remove|unlock|crack|bypass)\b|\bpdf\/ua\b|\bpdfs?\b.{0,20}\baccessible\b.{0,30}\b(?:tags?|screen readers?)\b|\bbooklet\b.{0,30}\b(?:imposed|imposition|printer\s+order)\b|\b(?:folded|imposed)\s+(?:[\w-]+\s+)?booklet\b/i,
    what: 'PDF editing (merging, splitting, encrypting, signing, booklets)',
  },
  {
    pattern:
      /^(?!.*\bqr\b).*\b(?:design|draw|paint|illustrate|make|create|build|plot|generate)\b.{0,30}\b(?:logo|illustration|poster|flyer|mascot|drawing|painting|(?:bar |pie |line )?charts?|graphs?|diagrams?|flowcharts?|mind ?maps?|infographics?)\b(?!\s+(?:campaigns?|links?|urls?|qr|codes?|text|copy|size|dimensions))/i,
    what: 'graphic design, charts and diagrams',
  },
  {
    // Making a site, an app or a deck from nothing (the thing made follows the verb within a few words); converting
    // one ("a web page table from this csv", "make this photo webp for my website") is a tool's job.
    pattern:
      /^(?!.*\bqr\b)(?!.*\b(?:from|of|out of)\s+(?:this|my|the|these|our|an?)\b).*\b(?:design|make|create|build|code|write)\b(?:\s+[\w'-]+){0,3}?\s+(?:websites?|web ?sites?|landing pages?|apps?|applications?|presentations?|slide ?shows?|videos?|animations?|games?)\b/i,
    what: 'building sites, apps, decks or videos',
  },
  {
    pattern:
      /\b(?:host|hosting)\b.{0,20}\b(?:websites?|sites?|apps?|blog)\b|\b(?:register|buy|renew|transfer|purchase)\b.{0,15}\bdomains?\b|\bmonitor\b.{0,30}\b(?:uptime|downtime|24\/7|every (?:minute|hour))\b|\b(?:weekly|daily|nightly|monthly)\s+(?:reports?|checks?|scans?|crawls?)\b|\bevery\s+(?:week|day|night|month|monday|morning)\b.{0,40}\b(?:report|check|scan|e-?mail\s+me)\b|\bwrite\b.{0,20}\b(?:code|unit tests?|tests|scripts?|programs?|functions?)\b/i,
    what: 'hosting, domains, monitoring, scheduled reports and writing code',
  },
  {
    pattern:
      /(?<!\b(?:an|the|this|that|my|our|each|per|every|one)\s+)\b(?:order|book|buy|purchase|reserve|rent)\b.{0,40}\b(?:pizza|food|meal|flights?|hotels?|tickets?|taxi|cab|uber|table|car|groceries|(?:printed\s+)?(?:flyers|posters|business cards|stickers|banners|prints))\b|\b(?:have|get)\s+(?:them|it)\s+(?:delivered|shipped|posted)\b|\b(?:order|buy|purchase|reorder)\s+(?:me\s+)?(?:new|more|some|replacement)\b|\bbook\s+\w+\s+in\s+for\b|\btake\s+(?:a|the)\s+(?:[£$€]?\d+\s+)?deposit\b/i,
    what: 'ordering, booking and buying',
  },
  {
    pattern:
      /\b(?:bitcoin|btc|ethereum|eth|crypto(?:currency)?|stock|share)\s+(?:prices?|quotes?|values?)\b|\bprice of (?:bitcoin|btc|ethereum|gold|oil|\w+ stock)\b|\b(?:bitcoin|btc|ethereum|eth|crypto\w*|stocks?|shares?|gold)\b.{0,30}\b(?:today|now|live|currently)\b|\b(?:today'?s|live|current)\s+(?:exchange\s+)?rates?\b(?!\s+(?:is|was|of|=|:|at)\s*[\d$€£¥])|\bweather\b|\b(?:latest|today'?s|live)\s+news\b/i,
    what: 'live market and world data',
  },
  {
    pattern:
      /(?<!\b(?:when|whenever|once|if|after|before) (?:i|we|you|they|people|someone) )(?<!\b(?:this|that|my|our|the|a|an|each|every|your|their)\s+(?:[\w'-]+\s+)?)\b(?:post|publish|tweet|share(?!\s+(?:previews?|cards?|images?|buttons?)\b)|upload|schedule)\b.{0,40}\b(?:to|on)\s+(?:my\s+|our\s+)?(?:insta|instagram|ig|facebook|twitter|tiktok|linkedin|youtube|x)\b|\b(?:send|fax|text)\b.{0,40}\b(?:by|via)\s+(?:fax|sms|text message|whatsapp|post)\b|\bfax\b|(?<!\b(?:before|after|when|once|until|if) (?:i|we) )\bsend\b.{0,30}\b(?:newsletter|campaign|e-?mails?|messages?|invoices?)\b.{0,30}\bto\b|(?:^|[.!?;:]\s*|\b(?:please|pls|can you|could you|would you)\s+)(?:text|message|dm|whatsapp|sms)\s+(?:[^.?!]{0,60}?\s)?(?:my|our)\s+(?:boss|manager|mom|mum|mother|dad|father|wife|husband|partner|girlfriend|boyfriend|friends?|team|colleagues?|co-?workers?|landlord|tenants?|clients?|customers?|doctor|teacher|kids?|family|sister|brother)\b/i,
    what: 'sending or posting on your behalf',
  },
  {
    pattern:
      /\b(?:port\s*scan\w*|open ports?|nmap|ddos|sql[- ]injection|xss (?:scan|test)\w*|brute[- ]force (?:a |the |this |my )?(?:login|account|site)|hack (?:into )?(?:a |the |this |my )?\w+|exploit|rockyou|credential\s+stuffing|password\s+spray\w*|which\s+(?:creds|credentials|logins|passwords)\s+work)\b/i,
    what: 'attacking or scanning systems',
  },
  {
    pattern:
      /\bfile\b.{0,15}\btax(?:es| return)\b|\b(?:file|submit)\b.{0,25}\b(?:vat|gst|sales tax|income tax)\s+returns?\b|\b(?:call|phone|ring)\s+(?:my|the|a)\s+(?!(?:validator|function|tool|api|endpoint|method|webhook|service|winner|result|test|shot|race|game|match|election|root|class|type|interface|struct|schema|model|field|variable|property|column|file|output|object|enum|table|record)\b)\w+|\bremind me\b|\bset (?:an? )?alarm\b|\b(?:schedule|arrange|set up|move|cancel|reschedule)\b.{0,25}\b(?:meeting|appointment|call)\b|\b(?:pay|transfer|wire)\b.{0,20}\b(?:my\s+)?(?:bills?|rent|money|funds)\b|\bpage\s+(?:the|our|my)\s+on-?call\b|\band\s+tell\s+(?:her|him|them)\s+(?:that|the|to)\b|\breport\b.{0,40}\bto\s+(?:the\s+)?(?:council|highways|police|authorities)\b/i,
    what: 'personal errands',
  },
  {
    pattern: /\b(?:play|stream|listen to|record)\b.{0,30}\b(?:music|songs?|playlists?|radio|podcasts?|screen|voice|calls?|meetings?|webcam)\b/i,
    what: 'playing or recording media',
  },
  {
    // No translator here: the AI text tool summarises, finds keywords, sentiment and language, not translation.
    pattern:
      /(?<!\b(?:i|we|they|i've|we've|have|has|had|already)\s)(?<!\bre-?)\b(?:translat(?!ors?\b)\w*|tradu[czi]\w*|[uü]bersetz\w*|vertaal\w*|[oö]vers[aä]tt\w*|przet[lł]umacz\w*|terjemah\w*|[cç]evir)\b(?!.{0,30}\b(?:json|xml|ya?ml|csv|html?|markdown|md|pdf|docx?|units?|timestamps?|cron)\b)/i,
    what: 'translation between languages',
  },
  {
    pattern:
      /\b(?:merge|combine|join|concatenate|stitch)\b(?!.{0,40}\b(?:zip|archive|folder|jpe?gs?|pngs?|images?|photos?|pictures?|scans?|heics?|webps?)\b).{0,40}\b(?:pdfs?|documents?|docs|docx|word files|spreadsheets?|sheets|workbooks|presentations?|decks|slides|videos?|clips?)\b/i,
    what: 'merging documents or media into one',
  },
  {
    pattern:
      /\b(?:delete|deactivate|close|cancel|reset|recover|hack into|log ?in(?:to)?)\b.{0,20}\b(?:my|the|our|this)?\s*(?:\w+\s+)?(?:account|subscription|membership|profile)\b/i,
    what: 'managing accounts',
  },
  {
    pattern: /\b(?:track|trace|where is)\b.{0,25}\b(?:package|parcel|shipment|delivery|order)\b/i,
    what: 'tracking parcels and orders',
  },
  {
    pattern:
      /\b(?:calories|nutrition(?:al)?|bmi|body mass|heart rate|blood pressure|diet plan|workout plan)\b|\bwho won\b|\b(?:capital|population|president|prime minister|ceo|currency)\s+of\s+(?!this|my|the|these|our)[a-z]|\b(?:football|soccer|nba|nfl|cricket)\b.{0,20}\b(?:scores?|results?|match|game)\b|\b(?:forecast|temperature)\b.{0,20}\b(?:today|tomorrow|this week|outside)\b/i,
    what: 'health, sports and world facts',
  },
  {
    pattern:
      /\b(?:virus(?:es)?|malware|antivirus)\b.{0,30}\b(?:laptop|computer|pc|mac|phone|device)\b|\b(?:laptop|computer|pc|phone|device)\b.{0,30}\b(?:virus(?:es)?|malware)\b|\b(?:install|uninstall|update|reinstall)\b.{0,20}\b(?:app|apps|software|drivers?|windows|macos|printer)\b|\bscreen[- ]time\b|\bwith\s+(?:my|the|a)\s+(?:phone'?s?\s+)?(?:camera|webcam)\b|\bparental\s+controls?\b|\b(?:wi-?fi|internet|router|bluetooth|printer)\b.{0,30}\b(?:keeps?|dropping|drops|disconnect\w*|not\s+working|won'?t\s+connect)\b/i,
    what: 'work on your own devices',
  },
  {
    pattern:
      /\b(?:vintage|sepia|filter|brighten|darken|saturat\w*|retouch|airbrush|red[- ]eye|collage|meme|colou?ri[sz]e|invert(?:\s+the)?\s+colou?rs?)\b.{0,30}\b(?:image|photo|picture|pic|selfie)s?\b|\b(?:image|photo|picture|pic|selfie)s?\b.{0,30}\b(?:vintage|sepia|brighter|darker|collage|meme)\b|\b(?:reels?|slideshow|animation)\b.{0,20}\bfrom\b.{0,15}\b(?:photos|pictures|images|pics)\b/i,
    what: 'image editing and video making',
  },
  {
    // Reading printed or handwritten text from pictures: the document tools read a file's own text, no OCR.
    pattern:
      /\b(?:ocr|handwrit\w*|optical character recognition)\b|\bno\s+text\s+layer\b|\bphotos?\s+of\s+(?:the\s+)?pages\b|\b(?:screenshot|photo|picture|image|scan)\b.{0,40}\b(?:words|text)\s+out\b|\bprinted\s+(?:words|text)\b/i,
    what: 'reading text from images (OCR)',
  },
  {
    pattern:
      /\b(?:audio ?books?|text[- ]to[- ]speech|voice ?overs?|narrat\w+)\b|^(?!.*\bhow (?:long|many (?:minutes|seconds|hours)|much time)\b).*\b(?:read|say|speak)\b.{0,30}\b(?:out loud|aloud)\b/i,
    what: 'speech synthesis',
  },
  {
    // Changing the user's own server, site or store: the tools here check and report, they change nothing elsewhere.
    pattern:
      /\b(?:install|enable|set ?up|configure|turn on|deploy|change|update|add|raise|lower|increase|decrease|reduce|delete|remove|edit)\b.{0,40}\b(?:on|in|to)\s+(?:my|our|the)\s+(?:server|nginx|apache|wordpress|wp|shopify|woocommerce|dns|hosting|cpanel|cloudflare|\.?htaccess)\b|\b(?:change|update|edit)\s+(?:my|our|the)\s+dns\b|\bfix\b.{0,40}\b(?:links?|redirects?|pages?|site|website|server|store)\b.{0,25}\bautomatically\b/i,
    what: 'changes on your server, site or store',
  },
  {
    // Network probes: the URL tools fetch pages over HTTP(S) through the guarded fetcher; nothing here pings,
    // traces routes, queries WHOIS, locates addresses or loads a server with traffic.
    pattern:
      /\bping\b.{0,30}(?:\b\d{1,3}(?:\.\d{1,3}){3}\b|\blatency\b|\bpackets?\b)|\btraceroute\b|\bwhois\b|\bwho owns\b.{0,30}\b(?:domain|[a-z0-9-]+\.[a-z]{2,})|\b(?:where is|locate|geolocat\w*|location of)\b.{0,20}\bip\b|\bip\b.{0,30}\b(?:located|location|city|geolocation)\b|\b(?:load|stress)[- ]test\w*\b|\bconcurrent users\b|\b(?:spamhaus|barracuda|dnsbl|rbl|spamcop)\b|\b(?:on|in)\s+(?:a|any)\s+(?:block|black)lists?\b|\b(?:block|black)[- ]?listed\b/i,
    what: 'network probes (ping, traceroute, WHOIS, IP location, blocklists, load tests)',
  },
  {
    // Running, compiling or debugging code, or reading repositories: the developer tools format, validate and convert
    // what they are given.
    pattern:
      /\b(?:compile|transpile)\b.{0,30}\b(?:typescript|java|c\+\+|rust|go|code|program|scss|sass|less|stylus)\b|\b(?:scss|sass)\b.{0,30}\b(?:to|into)\s+(?:plain\s+|regular\s+|vanilla\s+)?css\b|\b(?:commit|git)\s+history\b|\b(?:scan|search|clone|crawl|audit)\b.{0,30}\b(?:github|gitlab|bitbucket)\s+(?:repos?|repositor(?:y|ies)|org)\b|\b(?:run|execute)\s+(?:this|my|the)\s+(?:curl|command|script|code|program|query|sql)\b|\b(?:run|execute)\b.{0,20}\bagainst\s+(?:the\s+|our\s+|my\s+)?(?:prod\w*\s+|production\s+|live\s+|staging\s+)?(?:replica|database|db|server|cluster)\b|\bfix\s+(?:the\s+|this\s+|my\s+)?bugs?\b|\b(?:with|using)\s+(?:black|pylint|flake8|rubocop|gofmt|rustfmt|clang-format)\b/i,
    what: 'running, compiling or debugging code and reading repositories',
  },
  {
    // Judging where a text came from: no detector of machine-written text, no search of the whole web for copies.
    pattern:
      /\b(?:written|generated)\s+by\s+(?:an?\s+)?(?:ai|chatgpt|gpt|llm|bot)\b|\b(?:ai|gpt|chatgpt)\s+detectors?\b|\bundetectable\b|\bdetect\w*\s+(?:ai|gpt|chatgpt)\b|\bai[- ]?(?:generated|written)\b.{0,20}\bdetect|\bplagiari[sz]\w*\b.{0,40}\b(?:internet|web|online)\b|\b(?:search|scan|crawl)\s+the\s+(?:whole\s+)?(?:web|internet)\b|\bcopying\s+my\s+(?:article|content|text|post|blog)\b/i,
    what: 'detecting AI-written or copied text',
  },
  {
    // Data of other services' videos: the YouTube tools work on the titles, descriptions and captions you give them.
    pattern:
      /\b(?:get|fetch|download|pull|grab|scrape|read)\b.{0,20}\b(?:transcripts?|comments?)\b.{0,30}\b(?:youtube|youtu\.be|video)\b|\b(?:youtube|youtu\.be|video)\b.{0,40}\b(?:get|fetch|download|pull|grab|scrape)\b.{0,20}\b(?:transcripts?|comments?)\b|\bcomments?\s+(?:under|on|below)\s+(?:my|this|the|a)\s+(?:youtube\s+)?video\b/i,
    what: 'fetching transcripts or comments of videos',
  },
  {
    // Work on other sites and files no tool does: scraping a shop's data (the link extractor lists links only), taking
    // the pictures out of a PDF.
    pattern:
      /\bscrap(?:e|ing)\b(?!.{0,30}\blinks?\b).{0,40}\b(?:prices?|products?|listings?|reviews?|contacts?|e-?mails?|phone numbers?|tables?|followers?|profiles?)\b|\b(?:extract|pull(?:\s+out)?|get|save|export)\b.{0,25}\b(?:images?|pictures?|photos?|graphics?)\b.{0,40}\b(?:from|in|out of|inside)\b.{0,25}\bpdfs?\b/i,
    what: 'scraping sites and taking images out of PDFs',
  },
  {
    // Old codes no tool writes exactly: ROT13, Caesar and Vigenère ciphers, Morse code. (Leetspeak or pig latin is a
    // rewrite the AI text tool does.)
    pattern: /\b(?:rot-?13|rot-?47|caesar\s+(?:cipher|shift)|vigen[eè]re|atbash|morse(?:\s+code)?)\b/i,
    what: 'ciphers and Morse code',
  },
  {
    // Figures no calculator here has: inflation over the years, churn and retention, return on investment (ROAS is return
    // on ad spend), a customer's lifetime value (the CAC calculator takes it as given), balloon loans and prepayments, NPV and IRR, zakat, and subtitles shifted in time (the caption
    // formatter converts and checks cues, it does not move them); finding accounts of people.
    pattern:
      /\binflation\b|\bchurn(?:\s+rate)?\b|\broi\b|\breturn\s+on\s+investment\b|\b(?:calculate|compute|work\s+out|estimate|what(?:'s|\s+is|s)(?:\s+(?:my|our|the))?)\s+(?:customer\s+)?(?:lifetime\s+value|ltv|clv)\b(?!\s*(?:is|=|of|at)?\s*[$€£]?\d|\s*(?:to|:|\/)\s*cac)|^\s*(?:customer\s+)?lifetime\s+value\s*:|\bballoon\s+payments?\b|\bzakat\b|\bnpv\b|\birr\b|\bnet\s+present\s+value\b|\binternal\s+rate\s+of\s+return\b|\bpiti\b|\bpmi\b|\bprepay\w*\b|\bpart[- ]payments?\b|\b(?:shift|delay|offset|re-?sync|sync)\w*\b.{0,30}\b(?:subtitles?|captions?|subtitle timings?|cues?|timestamps?\s+in\s+the\s+(?:srt|vtt))\b|\bfind\b.{0,30}\binfluencers?\b/i,
    what: 'inflation, churn, return on investment, lifetime value, balloon loans and prepayments, NPV and IRR, zakat, shifting subtitles and finding influencers',
  },
  {
    // Bank and tax registries: no IBAN validator, no VIES lookup of VAT numbers.
    pattern:
      /\b(?:validate|verify|check)\b.{0,20}\biban\b|\biban\b.{0,25}\b(?:valid|real|checksum|check digits?)\b|\bvies\b|\b(?:check|verify|validate|look ?up)\b.{0,25}\bvat\s+(?:number|id)\b|\bvat\s+(?:number|id)\b.{0,25}\b(?:registered|valid)\b/i,
    what: 'IBAN validation and VAT-number lookups',
  },
  {
    // Numbers no tool makes or reads: random numbers and dice, one-time codes, other number bases, hex-encoded text.
    pattern:
      /\brandom (?:number|integer)s?\b|\broll\b.{0,12}\bdic?e\b|\bflip a coin\b|\btotp\b|\b(?:2fa|mfa|authenticator|one[- ]time)\s+codes?\b|\b(?:binary|hex(?:adecimal)?|octal)\b.{0,40}\b(?:to|into|in)\s+(?:decimal|ascii|text|binary)\b|(?<![\d,.]\s?)\b\d+\s+(?:in|to|into|as)\s+(?:binary|octal)\b/i,
    what: 'random numbers, one-time codes and number bases',
  },
  {
    // Mailboxes and hashes no tool can look into: whether an address exists or was breached (the e-mail tools check
    // a domain's DNS records and a message's text), someone's inbox, and a hash turned back into its input.
    pattern:
      /(?:\be-?mail(?:\s+address)?|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)\b.{0,50}\b(?:real|exists?|bounces?|deliverable|(?:can|could|will)\s+receive|in\s+(?:a|any)\s+(?:data\s+)?breach\w*|breached|pwned|leaked)\b|\b(?:reverse|crack|unhash|de-?hash)\b.{0,40}\b(?:hash(?:es)?|md5|sha-?\d*)\b|\b(?:hash(?:es)?|md5|sha-?\d*)\b.{0,60}\b(?:reverse|crack)\b|\b(?:sort|clean(?:\s+up)?|organi[sz]e|archive|empty|tidy|filter|search|go\s+through)\b.{0,20}\b(?:my|our)\s+(?:gmail\s+|outlook\s+|e-?mail\s+|mail\s+)?inbox(?:es)?\b|\bunsubscribe\s+me\b/i,
    what: 'checking mailboxes and reversing hashes',
  },
  {
    // Work on data no tool does: validating JSON against a JSON Schema, minifying HTML (the minifiers take CSS and
    // JavaScript), moving a page's CSS into style attributes, joining two tables into one, and changing an image's EXIF
    // data (the metadata tool reads it).
    pattern:
      /\b(?:validat\w*|check)\b.{0,40}\bagainst\b.{0,25}\b(?:json[- ]?)?schemas?\b|\bjson[- ]?schema\b.{0,40}\b(?:violations?|validat\w*)\b|\bminif(?:y|ying|ication)\b.{0,30}\bhtml\b|\bhtml\b.{0,20}\bminif(?:y|ier|ication)\b|\bcombined\s+csv\b|\b(?:merg|combin|join)\w*\b.{0,40}\b(?:csvs|csv files|spreadsheets|exports)\b|\b(?:matched|match(?:ed)?\s+up|joined)\s+on\s+(?:the\s+)?\w+\s+column\b|\b(?:change|edit|set|modify|update|fix|fake)\b.{0,30}\b(?:exif|date taken|gps (?:location|tag|data))\b|\binline\b.{0,30}(?:\bcss\b|<style>|\bstyle\s+rules?\b|\bstyles\b).{0,40}\b(?:into|as)\b.{0,20}\bstyle\b|\bcss\s+inlin(?:er|ing)\b/i,
    what: 'JSON Schema validation, HTML minifying, inlining CSS, joining tables and editing EXIF data',
  },
  {
    // Mach numbers and fuel economy, measures none of the unit converters has (units.ts finds a unit a converter lacks,
    // but "mach 2" puts the number after it and "30 mpg to l/100km" names no unit any converter knows), and formulas
    // over electrical quantities (a power factor, Ohm's law).
    pattern:
      /\bmach\s*\d|\b(?:beaufort|richter|mohs|scoville)\b|\b(?:shoe|ring|dress|bra|clothing|glove|hat)\s+sizes?\b|\b\d[\d.,]*\s*(?:mpg|(?:miles?|mil|millas|meilen)\s+(?:per|por|pro|par)\s+(?:gallon|galon|gal[oó]n|gallone))\b|\bl(?:it(?:er|re)s?)?\s*(?:\/|per)\s*100\s*km\b|\bk(?:ilo)?m(?:eters?|etres?)?\s*(?:\/|per|por)\s*l(?:it(?:er|re)s?)?\b|\bpower\s+factor\b|\bohm'?s\s+law\b/i,
    what: 'Mach numbers, fuel economy (mpg, litres per 100 km), scales (Beaufort, Richter), clothing sizes and electrical formulas',
  },
  {
    // Word's old binary format is read (as .docx is) but written by no tool.
    pattern:
      /\b(?:to|into|as)\s+(?:an?\s+)?(?:(?:old|older|legacy)\s+)?(?:\.doc\b(?!x)|word\s+(?:97|2003|97-2003)\b)|\b(?:save|export|convert)\b.{0,40}\b(?:word\s+)?97-2003\b/i,
    what: 'writing old Word .doc files',
  },
  {
    // Other services' documents (a Google Sheet or Doc, a Drive, Dropbox, Notion), search positions, equations, powers
    // and roots, code in another language, images compared or analysed for colours, and explaining what a regex does: no
    // tool here does these.
    pattern:
      /\b(?:into|to|in)\s+(?:my\s+|a\s+|the\s+|our\s+)?google\s+(?:sheets?|drive)\b|\b(?:convert|turn|make|save|upload|export|send|put|move|copy|sync|import|push|add)\b.{0,40}\b(?:into|to)\s+(?:my\s+|a\s+|the\s+|our\s+)?(?:google\s+(?:docs?|slides?)|dropbox|one\s?drive|icloud|notion|airtable|evernote)\b|\bin\s+my\s+(?:google\s+)?drive\b|\bposition\s+on\s+google\b|\bposition\b.{0,50}\bin\s+google\b|\bwhere\s+do\s+(?:we|i)\s+(?:sit|rank|stand|appear)\b|\b(?:sit|rank|stand)\s+in\s+google\b|\bgoogle\s+(?:position|ranking)s?\b|\branking\s+position\b|\bsolve\b.{0,15}(?:[=^]|\bequations?\b|\bfor\s+[a-z]\b)|\bto\s+the\s+power\s+of\b|\b(?:square|cube)\s+root\b|\bfactorial\b|\b(?:derivative|integral)\s+of\b|\b(?:python|javascript|typescript|java|php|ruby|golang|rust|c#|c\+\+)\s+(?:function|code|script|snippet|class|program)?\s*(?:to|into)\s+(?:python|javascript|typescript|java|php|ruby|go|golang|rust|c#|c\+\+)\b|\b(?:colou?r\s+palette|dominant\s+colou?rs?|main\s+colou?rs?)\b.{0,30}\b(?:of|from|in|out\s+of)\b|\b(?:compare|diff)\b.{0,30}\b(?:screenshots|images|photos|pictures)\b|\bpixel\s+differences?\b|\bexplain\b.{0,40}\bregex\b|\bwhat\s+(?:this|the|my)\s+regex\s+(?:does|means)\b/i,
    what: 'Google Drive and Dropbox files, search positions, equations, powers and roots, translating code, comparing images and explaining regexes',
  },
  {
    // Apple iWork documents: LibreOffice reads none of them here.
    pattern: /\.(?:pages|numbers|key)\b(?![.\w])|\bapple\s+(?:numbers|pages|keynote)\b|\bkeynote\b(?!\.\w)/i,
    what: 'Apple Pages, Numbers and Keynote files',
  },
  {
    // Screenshots of pages: the page-speed analyzer loads a page in Chromium to measure it, it returns no picture.
    pattern:
      /\b(?:take|make|grab|capture|get)\b.{0,20}\bscreenshots?\b|\bscreenshots?\s+of\b.{0,30}(?:https?:|www\.|\b[a-z0-9-]+\.[a-z]{2,}\b|\b(?:site|page|website)\b)/i,
    what: 'screenshots of pages',
  },
  {
    // Date arithmetic: the timestamp converter shows one date in other forms, the due-date calculator counts to a due date.
    pattern:
      /\bhow many (?:calendar |business |working )?(?:days|weeks|months|years)\b(?:\s+(?:are|is|were|have)\s+(?:there|passed))?\s*(?:left\s+)?(?:between|until|till|since|from)\s+(?:\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|today|now|christmas|new year|my birthday)|\bhow old (?:am i|is|are|was|will)\b/i,
    what: 'date arithmetic (days between dates, ages)',
  },
  {
    // Code for languages no tool writes: the code generators write TypeScript, Python, Go and zod from JSON.
    pattern:
      /\b(?:rust|java|c#|csharp|kotlin|swift|dart|php|ruby|scala|c\+\+|elixir|haskell|protobuf|proto|avro|graphql)\s+(?:structs?|class(?:es)?|data\s+class(?:es)?|pojos?|types?|models?|records?|schemas?|messages?)\b|\bpojos?\b|\bserde\b|\b(?:format|validate|lint|prettify|beautify|minify)\w*\b.{0,30}\bgraphql\b|\b(?:make|generate|create|infer|build|derive)\s+(?:an?\s+|the\s+|my\s+)?(?:json[- ]schema|\.?proto(?:buf)?)\b|\bjson\b.{0,30}\b(?:to|into|as)\s+(?:an?\s+)?(?:rust|java|c#|csharp|kotlin|swift|dart|php|ruby|scala|c\+\+)(?![\w+#])/i,
    what: 'code generation for languages other than TypeScript, Python, Go and zod',
  },
  {
    // A design program's files, or work done in it; an SVG exported from Figma is an SVG like any other.
    pattern:
      /\b(?:psd|xcf|cr2|nef|dng|raw photos?)\b|\b(?:in|into|to|with)\s+(?:photoshop|illustrator|indesign|figma)\b|\b(?:photoshop|illustrator|indesign|figma)\s+(?:files?|docs?|documents?|designs?|frames?|projects?|artboards?|layers?)\b/i,
    what: 'design and camera raw files',
  },
  {
    pattern:
      /\b(?:resize|crop|rotate|mute|speed up|slow down|stabili[sz]e|loop|reverse)\b.{0,30}\b(?:videos?|movies?|clips?)\b(?!\s+(?:titles?|descriptions?|ids?|urls?|links?|tags?|thumbnails?))|\b(?:add|burn)\b.{0,25}\b(?:subtitles?|music|soundtrack)\b.{0,25}\b(?:videos?|clips?|movies?)\b/i,
    what: 'video editing',
  },
  {
    // Figures that live elsewhere and change all the time; the calculators and checkers take the figures you give
    // ("today's rate is 151.2": a figure given).
    pattern:
      /\b(?:live|real[- ]time|current|today['’]?s|right now)\b.{0,30}\b(?:subscribers?|followers?|views|prices?|(?:exchange )?rates?|traffic|rankings?|positions?)\b(?!\s+(?:is|was|of|=|:|at)\s*[\d$€£¥])|\b(?:historical|official|ecb|central[- ]bank|reference)\s+(?:exchange\s+|fx\s+)?rates?\b(?!\s+(?:is|was|of|=|:|at)\s*[\d$€£¥])|\bhow\s+(?:many|much)\s+(?:visitors|visits|traffic)\b(?!.{0,60}\b(?:need|needs|test|variants?|arms?|significan\w*)\b).{0,60}\b(?:get|gets|receive|receives)\b|\b(?:subscribers?|followers?)\b.{0,40}\b(?:right now|today|currently)\b|\brates?\s+(?:right now|today|currently|at the moment)\b(?!.{0,20}\d)|\bsearch volumes?\b|^(?!.*\d).*\bprice\s+of\b.{0,40}\b(?:today|right now|currently|now)\b|\bhow\s+many\s+(?:followers|subscribers|views|likes)\s+(?:does|do)\s+(?!(?:i|we|you|my|our)\b)\S+(?:\s+\S+){0,3}?\s+have\b(?!\s+to\b)|\b(?:every|all)\s+(?:the\s+)?(?:tweets?|posts?|mentions?|comments?|reviews?)\b.{0,30}\b(?:mentioning|about\s+(?:us|our)|this\s+(?:week|month)|today)\b|\bbacklinks?\b|\bdomain authority\b|\bkeyword difficulty\b/i,
    what: 'live figures from other services (prices, rates, follower counts, traffic, search volumes, backlinks)',
  },
  {
    // Advice a professional gives: whether something is legal, doses and symptoms, where to put savings; case law.
    pattern:
      /\bis it (?:legal|illegal|allowed)\b(?!\s+(?:json|xml|ya?ml|html|css|sql|csv|syntax|markup|code)\b)|\b(?:can|could)\s+(?:my|the|a)\s+(?:landlord|employer|boss|neighbou?r|ex)\b.{0,40}\b(?:keep|fire|evict|sue|refuse|charge|withhold)\b|\bshould\s+i\s+(?:sue|invest|buy\s+(?:stocks?|shares|crypto|bitcoin|gold)|sell\s+(?:my\s+)?(?:stocks?|shares|house)|put\s+my\s+(?:savings|money))\b|\b(?:dose|dosage|dosing)\b.{0,30}\b(?:for|of)\b|\bsymptoms?\b.{0,30}\b(?:mean|serious|worried)\b|\bcase\s+law\b|\blegal\s+precedents?\b|\bcourt\s+(?:rulings|decisions)\b/i,
    what: 'legal, medical and financial advice and research',
  },
  {
    // Statistics of a list of numbers, Bayesian tests and survey samples: no tool computes them (the A/B test tools are
    // frequentist, for two arms).
    pattern:
      /\b(?:standard deviation|std\.? dev|variance|percentiles?|linear regression|correlation coefficient|bayesian)\b|\b(?:the|a|find|calculate|compute|get)\s+median\b|\bmedian\s+(?:of|value|price|salary|income|age)\b|\bmargin\s+of\s+error\b|\bsurveys?\b.{0,40}\bsample\s+size\b|\bsample\s+size\b.{0,40}\bsurveys?\b|\b(?:mean|average)\s+of\s+(?:these\s+|the following\s+|this list of\s+)?(?:numbers|values|scores|\d[\d.,]*\s+\d)/i,
    what: 'statistics of a list of numbers, Bayesian tests and survey samples',
  },
  {
    // Which tax rate applies to a product, a place or a code is a lookup in tax tables; the calculators take the rate
    // as given ("GST at 18 %": a rate given, so no goal with a percentage is refused here).
    pattern:
      /^(?![\s\S]*\d\s*(?:%|percent))[\s\S]*(?:\b(?:what|which)(?:'s|’s|\s+is|\s+are)?\s+(?:the\s+)?(?:current\s+|applicable\s+|right\s+)?(?:gst|vat|hst|sales[- ]tax|tax|duty|customs)\s+rates?\b|\b(?:gst|vat|hst|sales[- ]tax|tax|duty)\s+rates?\b.{0,40}\b(?:kitna|kya|for\s+(?:hsn|sac|zip|postcode|product|item)|appl(?:y|ies|icable))\b|^(?![\s\S]*\d)[\s\S]*\b(?:gst|vat|hst|sales[- ]tax|duty)\s+rates?\s+(?:in|for|on)\s)/i,
    what: 'looking up which tax rate applies',
  },
  {
    pattern:
      /\b(?:post|publish)\b.{0,40}\b(?:to|on)\s+(?:my|our)\s+(?:[\w&]+\s+){0,3}?(?:site|website|blog|accounts?|page|channel|store)\b|\b(?:get|buy|gain)\b.{0,15}\b\d[\d,.]*k?\s+(?:\w+\s+)?(?:followers|likes|views|subscribers)\b|^(?!.*\d).*(?:\b(?:get|gain|grow|boost|increase|buy)\s+(?:me\s+)?more\s+(?:followers|likes|views|subscribers|engagement|fans)\b|\b(?:grow|boost)\s+my\s+(?:followers|following|audience|fan\s*base)\b)|\b(?:post|publish)\b.{0,40}\b(?:to|on)\s+(?:my\s+|our\s+)?(?:medium|substack|reddit|pinterest|tumblr|threads|bluesky|mastodon|quora)\b|\b(?:post|publish)\s+(?:an?\s+|my\s+|the\s+)?(?:insta\w*|facebook|linkedin|reddit|tiktok|medium)\s+(?:posts?|articles?|stor(?:y|ies)|updates?|reels?)\b/i,
    what: 'publishing or growing accounts on other sites',
  },
  {
    pattern: /\bpay\b.{0,25}\b(?:invoice|bill)\b.{0,25}\b(?:with|by|using|via)\b|\brefund\b.{0,50}\b(?:through|via)\s+\w+|\bcredit (?:score|report|rating)\b/i,
    what: 'payments and credit records',
  },
  {
    pattern:
      /\bprint\b(?![\s-]+(?:shops?|ready|houses?|at[\s-]home|friendly)\b).{0,25}\b(?:cop(?:y|ies)|posters?|flyers?|business cards?|photos?|labels?)\b|\bturn (?:on|off)\b.{0,20}\b(?:lights?|lamps?|tv|heating|thermostat|alarm)\b|\bsmart (?:lights?|home|plugs?|speakers?|thermostats?)\b|\bthermostat\b.{0,20}\b(?:up|down)\b|\brecover\b.{0,25}\b(?:deleted|lost|corrupted)\b/i,
    what: 'printing, smart-home devices and data recovery',
  },
  {
    pattern:
      /\b(?:next|last)\s+(?:train|bus|tram|flight|ferry)\b|\b(?:train|bus|flight|ferry)\s+(?:times?|schedules?|timetables?|departures?)\b|\brank\b.{0,25}#\s?1\b/i,
    what: 'timetables and guaranteed rankings',
  },
  {
    // Archives with a password or in parts: the archive tools pack and unpack plain archives (books with DRM or in
    // Kindle's KFX: UNOPENABLE_FILE).
    pattern:
      /\b(?:zip|rar|7z|archive|compress)\w*\b.{0,40}\b(?:with\s+a\s+password|password[- ]protect\w*|encrypt\w*)\b|\bpassword[- ]protect\w*\b.{0,30}\b(?:zip|archive|rar|7z)\b|\bsplit\b.{0,40}\b(?:archive|zip|rar|7z)\b.{0,40}\b(?:parts|volumes|chunks|pieces)\b/i,
    what: 'password-protected or split archives',
  },
  {
    // Images made from several (an animation from frames), an image's print resolution changed, a QR code read: the
    // image tools convert, compress and read metadata; the QR tool makes codes.
    pattern:
      /\bframes\b.{0,40}\b(?:animat\w*|gif)\b|\b(?:gif|animation|slideshow)\s+(?:from|out\s+of|of)\s+(?:these|the|my|all|those|\d+)\b.{0,20}\b(?:photos|images|pictures|pics|frames)\b|\b(?:set|change|make|convert|increase|raise)\b.{0,30}\b\d{2,4}\s*dpi\b|\bdpi\b.{0,15}\bto\s+\d{2,4}\b|\b(?:decode|read)\b.{0,30}\bqr\b|\bqr\b.{0,40}\b(?:decode|read)\s+(?:it|this|that)\b|\bwhat\b.{0,40}\b(?:in|behind)\s+the\s+qr\b|\bqr\b.{0,30}\b(?:photo|picture|image|screenshot)\b.{0,30}\b(?:says?|points?|goes|leads?|hidden|contains?)\b|\bwhere\s+does\s+(?:this|the)\s+qr\b|\bdynamic\s+qr\b|\bqr\b.{0,60}\bchange\s+(?:the\s+)?(?:destination|link|url|target)\b.{0,20}\blater\b|\bqr\b.{0,40}\bchanges?\s+(?:its|the)\s+(?:destination|link|url|target)\b|\bhow\s+many\s+(?:people\s+)?(?:have\s+)?scanned\b|\bcount\s+(?:the\s+)?scans\b|\bscan\s+(?:counts|analytics|tracking|statistics)\b/i,
    what: 'animations from frames, print resolution (DPI), reading QR codes and dynamic QR codes',
  },
  {
    // Work in other systems: accounting software, a search engine's index, a whole site crawled, the figures of
    // someone's own accounts elsewhere.
    pattern:
      /\b(?:reconcil\w*|post|sync|push|import|enter|book)\b.{0,60}\b(?:quickbooks|xero|sage|freshbooks|ledger)\b|\bconnect\s+to\s+(?:our|my|the)\b.{0,30}\b(?:database|db|postgres\w*|mysql|server|bank|account)\b|\bexecute\s+(?:this|the|my)\s+(?:update|insert|delete|select|statement|migration)\b|\bauto-?apply\b|\bapply\s+(?:to|for)\s+\d+\s+jobs\b|\b(?:from|in)\s+my\s+(?:amazon|google|apple|microsoft|dropbox|icloud|kindle|onedrive)\s+(?:account|library|drive)\b|\b(?:add|insert|change|update|fix|replace)\w*\b.{0,40}\b(?:every|all)\b.{0,40}\b(?:wordpress|shopify|woocommerce|wix|squarespace|cms)\b|\b(?:quickbooks|xero|freshbooks)\b.{0,40}\b(?:reconcil\w*|post|sync|entries)\b|\b(?:re-?crawl|re-?index)\w*\b|\brequest(?:ing)?\s+indexing\b|\bsubmit\b.{0,30}\b(?:to\s+google|search\s+console|bing\s+webmaster)\b|\bcrawl\w*\b.{0,30}\b(?:whole|entire|full|all)\b.{0,20}\b(?:site|website|domain)\b|\bcrawl\w*\s+(?:all|every)\b.{0,20}\bpages\b|\bwhich\s+of\s+(?:our|my)\b.{0,40}\b(?:posts?|videos?|ads?|campaigns?|emails?|listings?)\b.{0,30}\b(?:got|had|get|performed)\s+(?:the\s+)?(?:most|best|least|fewest)\b/i,
    what: 'work in databases, accounting software, search engines and your accounts elsewhere',
  },
  {
    // Text shaped in ways no tool writes: "fancy" Unicode letters (𝓼𝓬𝓻𝓲𝓹𝓽, 𝐛𝐨𝐥𝐝), lines sorted by their length (the
    // sorters order alphabetically, in reverse or at random), .ico icons made from an image.
    pattern:
      /\b(?:fancy|cursive|gothic|bubble|aesthetic)\s+(?:unicode\s+)?(?:letters|fonts?|text|writing)\b|\bunicode\s+(?:fonts?|letters)\b|\bsort\w*\b.{0,40}\bby\s+(?:how\s+(?:many\s+characters|long\s+(?:they|each\s+(?:one|line))\s+(?:are|is))|(?:their\s+|line\s+|word\s+)?length|character\s+count|number\s+of\s+(?:characters|letters|words))\b|\b(?:make|create|generate|build)\b.{0,30}\.ico\b|\bmulti-?(?:size|resolution)\s+\.?ico\b/i,
    what: 'fancy Unicode letters, sorting by length and .ico icons',
  },
  {
    // Maps and colour books: no tool converts coordinates or projections, or matches a colour to Pantone or RAL.
    pattern:
      /\blat(?:itude)?\s*[/,&]?\s*(?:and\s+)?(?:long|lng|longitude)\b.{0,40}\b(?:to|into)\b|\beastings?\b|\bnorthings?\b|\b(?:pantone|ral\s+(?:colou?rs?|codes?|\d{4}))\b/i,
    what: 'map coordinates and colour books (Pantone, RAL)',
  },
  {
    // Documents and data that live in other services' accounts ("the CVs in our Greenhouse account", "transactions
    // from my Revolut Business account", "our private Google Doc"), money moved, tax returns and court papers filed.
    pattern:
      /\b(?:in|from|on|inside)\s+(?:our|my)\s+(?:[A-Z][\w&.-]*\s+){1,3}(?:account|workspace|portal|tenant|instance)\b|\b(?:private|shared)\s+[Gg]oogle\s+(?:[Dd]ocs?|[Ss]heets?|[Ss]lides?)\b|\b[Gg]oogle\s+(?:[Dd]ocs?|[Ss]heets?|[Ss]lides?|[Dd]rive)\s+(?:link|url)\b|\b(?:transfer|wire|send|pay)\s+[$€£]?\d[\d,.]*\s*(?:[$€£]|euros?|dollars?|pounds?|[A-Z]{3}\b)?\s*to\s+(?:my|our|the|a)\b|\bfile\s+(?:my|our|the)\s+(?:[\w-]+\s+){0,2}(?:tax\s+)?returns?\b|\be-?fil(?:e|ing)\b.{0,40}\b(?:motion|court|portal|return|tax)\b|\bActive\s+Directory\b|\b(?:JNE|DHL|FedEx|UPS|USPS)\b.{0,40}\b(?:rates?|costs?|quotes?|prices?|track\w*)\b/,
    what: "documents and data in other services' accounts, payments, filing returns, court papers and couriers",
  },
  {
    // Formulas of other trades: depreciation, property yields and comparable sales, electronics, forms such as W-2s.
    pattern:
      /\bdepreciat\w*\b|\bcap\s+rate\b|\brental\s+yield\b|\bcomparable\s+(?:sales|homes|properties)\b|\bresistors?\b|\bW-?2\s+forms?\b|\bW-?2s\b|\bballoon\b/i,
    what: 'depreciation, property yields and comparables, electronics and payroll forms',
  },
  {
    // Live figures of other services: today's lending rates, Chrome's field data (CrUX), live search results, heatmaps
    // of visitors' clicks, how a mail renders in each mail client, shipping quotes.
    pattern:
      /\btoday'?s\s+(?:average\s+)?(?:[\w-]+\s+){0,3}(?:mortgage|interest|lending|loan)\s+rates?\b|\bcrux\b|\bfield\s+data\b|\b(?:spot|position|place|rank)\b.{0,40}\b(?:live\s+)?google\s+(?:results|serps?)\b|\bheat\s?maps?\b|\brenders?\s+in\s+(?:outlook|gmail|apple\s+mail|yahoo)\b|\b(?:outlook|gmail)\b.{0,20}\bdark\s+mode\b|\bongkir\b/i,
    what: 'live figures of other services (lending rates, field data, search results, heatmaps, mail clients, couriers)',
  },
  {
    // Files no tool reads or makes: camera raw photos, SQL INSERT statements, Word files with tracked changes; a broken
    // archive mended; a column of a spreadsheet converted in place.
    pattern:
      /\b(?:cr2|cr3|nef|arw|orf|rw2|raf)\b|\braw\s+(?:files|photos|images)\b|\binsert\s+statements?\b|(?<!\b(?:didn't|didnt|did not|without|no)\s)\btrack(?:ed)?\s+changes\b|\b(?:repair|mend|fix|recover)\s+(?:the\s+|my\s+|a\s+|this\s+|our\s+)?(?:broken|corrupt\w*|damaged)\s+(?:zip|archive|rar|7z|file|pdf|docx?)\b|\bin\s+column\s+[A-Z]\s+of\b|\b(?:rewrite|change|edit|set|fix|update|modify)\b.{0,30}\bdate[- ]taken\b/i,
    what: 'camera raw photos, SQL INSERT statements, tracked changes, broken archives, spreadsheet columns and EXIF dates',
  },
  {
    // Running other people's systems: restarting pods and servers, changing a domain's records at its registrar,
    // ordering permits or supplies.
    pattern:
      /\brestart\b.{0,40}\b(?:pods?|servers?|services?|containers?|clusters?|deployments?)\b|\b(?:update|change|add|edit|set\s+up)\s+(?:our|my|the)\s+(?:mx|dns|cname|txt|spf|a)\s+records?\b.{0,30}\b(?:at|in|on)\s+[A-Z]\w+|\b(?:set\s*up|configure|add|enable|turn\s+on|create)\s+(?:an?\s+|the\s+|my\s+|our\s+)?(?:dkim|spf|dmarc|dnssec|mx|dns|cname|txt)\b(?:\s+records?)?.{0,40}\b(?:in|on|at|with|via)\s+(?:cloudflare|godaddy|namecheap|route\s*53|google\s+domains|squarespace|wix|porkbun|gandi|ionos|bluehost|hostinger|(?:my|our|the)\s+(?:registrar|dns\s+provider|host(?:ing)?))\b|\border\s+(?:\w+\s+){0,3}(?:permits?|supplies|parts|stock|toner)\b/i,
    what: 'running servers, changing DNS at the registrar and ordering supplies',
  },
  {
    // A PDF made smaller (no tool here compresses PDFs), and files of gigabytes (uploads are tens of megabytes at most).
    pattern:
      /\b(?:compress|shrink|squeeze|downsize)\w*\b(?!.{0,30}\b(?:images?|photos?|pictures?|jpe?gs?|pngs?)\b).{0,30}\bpdfs?\b|\bpdfs?\b.{0,30}\b(?:smaller|compress\w*|shrink\w*)\b|\b\d+(?:[.,]\d+)?\s*(?:GB|gigabytes?)\s+(?:[\w-]+\s+){0,2}(?:iso|files?|archives?|zip|rar|backups?|videos?|folders?|uploads?|dumps?)\b/i,
    what: 'compressing PDFs and files of gigabytes',
  },
  {
    // Roman numerals, dimensional weight, code for Go or PowerShell, punycode, XSLT, a photo described, backlinks and
    // domain authority, sending a book to a Kindle, local services, repairs, tuning instruments, copying between devices.
    pattern:
      /\broman\s+numerals?\b|\b[MDCLXVI]{2,}-style\b|\b(?:dimensional|volumetric)\s+weight\b|\bpowershell\b|\binvoke-restmethod\b|\bas\s+go\s+(?:net\/http\s+)?code\b|\bpunycode\b|\bxn--|\b(?:apply|run|use)\s+(?:this\s+|an?\s+|the\s+|my\s+|our\s+)?xslt?\b|\bdescrib\w*\s+what(?:'s|\s+is)\s+in\b|\bbased\s+on\s+what(?:'s|\s+is)\s+in\s+(?:the|each|every)\s+(?:picture|photo|image)\b|\blook\s+at\s+(?:this|the|my)\s+(?:photo|picture|image)\b|\breferring\s+domains\b|\bdomain\s+(?:authority|rating)\b|\b(?:DA|DR)(?:\/(?:DA|DR))?\s+scores?\b|\bbacklinks?\b|\b(?:e-?mail|send|mail)\b.{0,30}\bto\s+(?:my\s+)?kindle\b|\bfind\s+(?:me\s+)?(?:a|an)\s+(?:[\w-]+\s+){1,3}near\s+[A-Z]|\b(?:cracked|broken|smashed)\s+(?:phone|screen)\b|\bscreen\s+is\s+(?:cracked|broken|smashed)\b|\btune\s+(?:my|the|a)\s+(?:guitar|piano|violin|ukulele|bass|cello)\b|\b(?:copy|move|transfer)\b.{0,30}\b(?:from|off)\s+(?:my\s+)?(?:old\s+)?(?:camera|phone|tablet|laptop|sd\s+card)\b.{0,20}\b(?:on|onto|to)\s+(?:my|the|a)\b|\bpdf\b.{0,80}\b(?:squash|shrink|compress|squeeze)\w*\s+(?:it|this)\b/i,
    what: 'Roman numerals, shipping weights, code for other languages, punycode, XSLT, describing photos, backlinks, sending to a Kindle, local services and repairs',
  },
  {
    pattern: /\b(?:paye|national\s+insurance|income\s+tax(?:es)?|tax\s+(?:return|refund|bracket)s?|payroll\s+deductions?|net\s+(?:salary|pay|wages?))\b/i,
    what: 'income tax and payroll deductions',
  },
  {
    pattern:
      /\b(?:in|into|on|to)\s+(?:my|our|the)\s+(?:bank(?:ing)?|budget(?:ing)?|accounting|crm)\s+app\b|\b(?:hand\s+out|deliver|distribute|put\s+up)\b.{0,20}\b(?:flyers|leaflets|posters)\b|\bfind\s+(?:me\s+)?(?:an?\s+)?(?:[\w-]+\s+){0,2}(?:nurse|cleaner|plumber|electrician|babysitter|nanny|tutor|driver|carer|locum|builder|gardener)s?\b|\b(?:dripping|leaking|leaky)\s+(?:tap|faucet|shower|boiler|toilet|sink|pipe|radiator|roof)s?\b|\b(?:move|transfer|copy|migrate)\b.{0,40}\b(?:to|onto)\s+(?:the|my)\s+new\s+(?:phone|iphone|android|laptop|computer|mac|pc)\b/i,
    what: 'errands, repairs and staffing, banking apps, moving to a new device',
  },
  {
    pattern:
      /\b(?:break|chop|cut|split)\b.{0,30}\b(?:apart|up)\b.{0,30}\b(?:separate|individual|multiple)\s+pdfs?\b|\bhow\s+many\s+(?:people|subscribers|recipients|customers|members|readers|users|parishioners)\b.{0,30}\b(?:opened|clicked|unsubscribed)\b|\b(?:repair|fix|recover|restore)\b.{0,40}\b(?:damaged|corrupt(?:ed)?)\b|\b(?:damaged|corrupt(?:ed)?)\b.{0,60}\b(?:repair|fix|recover|restore)\b/i,
    what: 'splitting PDFs, statistics of sent e-mails, repairing damaged files',
  },
  {
    // Crypto wallets' recovery phrases, and whether a site is a scam: no tool here keeps wallets or knows which sites cheat.
    pattern:
      /\b(?:seed|recovery)\s+phrases?\b|\bbip-?39\b|\bis\s+(?:this|that|the)\s+(?:site|website|link|url|page)\s+(?:a\s+)?(?:scam|legit(?:imate)?|phishing|fake)\b/i,
    what: 'crypto wallets and telling scam sites from real ones',
  },
  {
    // Getting past paywalls and CAPTCHAs, finding people, phones and the caller's own address: nothing here looks up
    // who is behind a number or where a device is, and the IP tools work on the address given.
    pattern:
      /\b(?:bypass|get\s+(?:around|past|through)|skip|remove|avoid|beat|break|behind)\b.{0,30}\bpaywall\w*|\bpaywalled\b|\b(?:solve|bypass|skip|beat|crack)\b.{0,20}\b(?:captchas?|recaptcha)\b|\bwho\s+(?:owns|is\s+behind|is\s+calling\s+from)\b.{0,30}\bnumbers?\b|\b(?:reverse\s+)?phone\s+(?:number\s+)?lookup\b|\bwho\s+(?:called|is\s+calling|keeps\s+calling)\s+me\b|\bfind\s+my\s+(?:lost\s+|stolen\s+)?(?:phone|iphone|android|laptop|keys|wallet|car|bag|dog|cat)\b|\bwhat(?:'?s|\s+is)\s+my\s+(?:public\s+|external\s+|own\s+|current\s+)?ip\b/i,
    what: 'getting past paywalls, finding people and devices, and telling you your own IP address',
  },
  {
    // What someone's own accounts, mail and machines hold or suffer: past spending asked with no figures given,
    // forwarding mail, a car's or an appliance's fault, animating a logo.
    pattern:
      /^(?!.*\d).*\bhow\s+much\s+(?:did|have|do)\s+(?:i|we)\s+(?:spen[dt]|paid|pay|earn\w*|made|make)\b|\bforward\b.{0,20}\b(?:e-?mails?|mail|messages|calls)\b.{0,20}\bto\b|\bwhat'?s\s+wrong\s+with\s+my\s+(?:car|engine|bike|boiler|washing\s+machine|dishwasher|fridge|tv|knee|back|dog|cat|plant)\b|\b(?:engine|brakes?|tyres?|tires?|transmission|gearbox|clutch|exhaust)\s+(?:noises?|lights?|problems?|trouble|squeal\w*|grind\w*|rattl\w*)\b|\banimat(?:e|ing)\s+(?:this|my|the|a|an|our)\b/i,
    what: 'reading your own accounts and mail, fixing machines and animating images',
  },
  {
    // Quotes and figures that belong to others: insurance premiums, plans on offer where you live, competitors'
    // spend and traffic, tomorrow's prices; keys to other services; negotiating; making a business compliant.
    pattern:
      /\b(?:estimate|quote|compare|price|cost|how\s+much\s+(?:is|will|would))\b.{0,20}\b(?:car|auto|home|house|health|life|travel|pet|renters?|contents)\s+insurance\b(?!.{0,40}\d)|^(?!.*\d).*\bcheapest\b.{0,40}\b(?:plans?|deals?|tariffs?|providers?|suppliers?|broadband|electricity|energy|mortgages?|flights?|hotels?)\b|\bin\s+my\s+(?:area|neighbou?rhood|postcode|zip\s*code)\b|\bcompetitors?['’]?s?\s+(?:ad\s+spend|ads?\s+budgets?|traffic|revenue|sales|keywords|rankings|followers)\b|\b(?:price|rate|stock|shares?|bitcoin|crypto|market)s?\b.{0,30}\b(?:gonna|going\s+to|will)\s+(?:be|go|do)\b.{0,20}\b(?:next|tomorrow|in\s+(?:a|\d+))\b|\b(?:get|obtain|request|apply\s+for)\s+(?:me\s+)?(?:an?\s+|my\s+)?api\s+keys?\s+(?:for|from|to)\b|\bnegotiat\w*\b.{0,30}\b(?:for\s+me|on\s+my\s+behalf|salary|raise|rent|price|contract|deal)\b|\bmake\b.{0,30}\b(?:gdpr|ccpa|hipaa|pci(?:[- ]dss)?|soc\s*2|iso\s*27001)[- ]?complian\w*/i,
    what: 'quotes, offers and figures of other companies, forecasts, keys to other services, negotiating and compliance work',
  },
  {
    // Watching something and telling the user later: a call here answers once, at once; nothing keeps checking a page,
    // a site or a certificate and sends an alert when it changes.
    pattern:
      /\b(?:notify|alert|ping|text|sms|warn)\s+(?:me|us)\b.{0,40}\b(?:when(?:ever)?|as\s+soon\s+as|the\s+moment|once|if)\b.{0,40}\b(?:changes?|changed|goes|is\s+down|down|expires?|drops?|rises?|falls?|updates?|happens?|back\s+up|available)\b|\bsend\s+(?:me\s+|us\s+)?an?\s+(?:alert|notification|reminder|warning)\b|\b(?:watch|monitor|keep\s+an\s+eye\s+on|keep\s+checking|keep\s+watching)\b.{0,60}\b(?:notify|alert|tell|text|e-?mail|ping|warn)\s+(?:me|us)\b|\bcheck\s+(?:it\s+|this\s+)?every\s+\d+\s+(?:seconds?|minutes?|mins?|hours?)\b/i,
    what: 'watching pages, sites and certificates and alerting you later',
  },
  {
    // Editing inside an office document or e-book (its fonts, cover, page numbers, slides, cells): the tools convert
    // documents and read their text, they change nothing in them. Several documents joined into one is merging.
    pattern:
      /\b(?:change|edit|replace|swap|set|update|insert|add|put|move|reorder|rearrange|delete|remove)\b.{0,40}\b(?:fonts?|font\s+sizes?|covers?|cover\s+(?:images?|pages?|art)|page\s+numbers?|headers?\s+and\s+footers?|footers?|margins?|line\s+spacing|slides?\s+\d+|slide\s+order|cells?|empty\s+rows|table\s+of\s+contents|bookmarks?|comments?)\b.{0,40}\b(?:docx?|word\s+(?:files?|docs?|documents?)|pdfs?|pptx?|deck|xlsx?|spreadsheets?|workbooks?|epubs?|odt|ods|odp|presentations?|documents?|e-?books?)\b|\b(?:\d+|two|three|four|five|several|multiple|these|all)\s+(?:pdfs?|documents?|docs|docx|word\s+(?:files|docs))\b.{0,80}\b(?:in(?:to)?|as)\s+(?:one|a\s+single|one\s+single)\s+(?:pdf|document|file)\b/i,
    what: 'editing inside documents and e-books, and merging them',
  },
  {
    // Acting on other systems with the user's access: deploying or pushing to hosts and stores, firewall rules, renewing
    // certificates, starting experiments, exporting data out of their accounts, posting paper mail.
    pattern:
      /(?<!\b(?:before|after|when|once|until|if|we|i|they|will|gonna|about\s+to)\s+(?:\w+\s+){0,2})\b(?:deploy|push|publish)\b.{0,50}\b(?:to|on(?:to)?)\s+(?:the\s+|my\s+|our\s+)?(?:netlify|vercel|heroku|github\s+pages|aws|s3|azure|gcp|cloudflare|firebase|fly\.io|digitalocean|redis|production|prod|live\s+server|server|database|bucket)\b|\b(?:block|ban|blacklist|whitelist|allowlist|unblock)\b.{0,50}\b(?:firewall|waf|fail2ban|iptables)\b|\brenew\s+(?:it|them|the\s+(?:ssl\s+|tls\s+)?cert(?:ificate)?s?|my\s+(?:ssl\s+|tls\s+)?cert(?:ificate)?s?|our\s+(?:ssl\s+|tls\s+)?cert(?:ificate)?s?)\b|\b(?:start|launch|set\s+up|setup|kick\s+off)\s+(?:an?\s+|the\s+|our\s+)?(?:a\/b|ab|split)\s+tests?\b(?!.{0,60}\b(?:sample|how\s+many|how\s+long|visitors|significan\w*|results?|winner|calculat\w*)\b)|\b(?:export|pull|fetch|download|sync|import)\s+(?:all\s+)?(?:of\s+)?(?:my|our)\s+(?:[\w-]+\s+){0,3}?(?:shopify|stripe|paypal|etsy|amazon|ebay|woocommerce|google\s+analytics|ga4|search\s+console|gsc|gmail|outlook|slack|notion|trello|jira|hubspot|salesforce|mailchimp)\b|\b(?:mail|post|ship|courier)\s+(?:a\s+|the\s+)?(?:paper|printed|hard|physical)\s+cop(?:y|ies)\b/i,
    what: 'acting on other systems for you (deploying, firewalls, certificates, experiments, exporting account data, paper mail)',
  },
  {
    // Figures only the platforms have: what trends, what a keyword costs these days, an ad account's quality score; and
    // text read off a photo (OCR), asked the other way round ("the text out of this photo").
    pattern:
      /\btrending\b|\b(?:average|typical|going)\s+(?:cost\s+per\s+click|cpc|cpm|ctr|click[- ]through\s+rate|conversion\s+rate|rate)\b.{0,60}\b(?:these\s+days|nowadays|right\s+now|currently|at\s+the\s+moment|this\s+year)\b|\b(?:quality\s+score|impression\s+share|ad\s+rank)\b|(?<!\balt[- ])\b(?:text|words|writing|numbers)\s+(?:out\s+of|from|off|in)\s+(?:this|the|my|a|an)\s+(?:[\w-]+\s+){0,2}?(?:photo|picture|image|pic|screenshot|snapshot|scan)\b/i,
    what: 'trends and benchmarks of other platforms, ad account figures and reading text from photos',
  },
  {
    // Encodings and marks no tool knows: base32/base58/base85 (the encoder does Base64 and URL encoding), oven gas marks.
    pattern: /\bbase[- ]?(?:32|36|58|62|85|91)\b|\bascii85\b|\bgas\s+marks?\b/i,
    what: 'base32, base58 and base85 encodings and oven gas marks',
  },
];

/**
 * Files no tool opens, whatever they are to become: with DRM, behind a password, damaged. Unlike the rest of the
 * list, a conversion the goal states outright does not bring these back in scope ("convert this password protected pdf
 * to word": the converter would fail on the file).
 */
const UNOPENABLE_FILE =
  /\bdrm\b(?![- ]free)|\bkfx\b|\b(?:password[- ]protected|encrypted|locked|corrupt(?:ed)?|damaged|broken)\s+(?:pdfs?|docx?|word\s+(?:files?|documents?)|files?|archives?|zips?|rars?|7z|e-?books?|epubs?|books?|spreadsheets?|xlsx?|workbooks?)\b/i;

/** What makes the goal's file one no tool opens, or undefined. */
export function unopenableFile(goal: string): string | undefined {
  return UNOPENABLE_FILE.test(goal) ? UNOPENABLE : undefined;
}

const UNOPENABLE = 'opens files with DRM, behind a password or damaged';

/** What the goal asks that no tool here does, or undefined when it is in scope. */
export const outOfScope = remembered(readOutOfScope);

function readOutOfScope(goal: string): string | undefined {
  if (UNOPENABLE_FILE.test(goal)) return UNOPENABLE;
  const found = OUT_OF_SCOPE.find(({ pattern }) => pattern.test(goal))?.what;
  if (found) return found;
  // A goal in another language, read in the English words of its known words ("unisci questi pdf": merging PDFs).
  const english = inEnglishWords(goal);
  return english === goal ? undefined : OUT_OF_SCOPE.find(({ pattern }) => pattern.test(english))?.what;
}
