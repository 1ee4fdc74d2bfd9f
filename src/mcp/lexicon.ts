/**
 * Goals in other languages: the catalog speaks English, so the common words of its tool families in German, Spanish,
 * French, Italian, Portuguese, Dutch, Swedish, Danish, Polish, Czech, Turkish, Indonesian, Finnish, Hungarian, Romanian,
 * Vietnamese, Swahili and Tagalog, in romanised Japanese, Russian, Ukrainian and Greek (Cyrillic and Greek letters are
 * read through their romanisation), in Chinese pinyin and Hindi and Arabic in Latin letters, and some in Chinese,
 * Japanese and Korean script, are read as their English equivalents too ("quitar todos los espacios" also says "remove
 * spaces"). Each entry is one concept of the catalog (a word of its tools' titles) and its common spellings, without
 * accents; words that are also common English words are left out ("site", "file", "test"), and so are words that mean
 * another thing in another of these languages (Spanish "archivo" is any file, not an archive).
 */
const CONCEPTS: Array<[english: string, spellings: string]> = [
  [
    'text',
    'texto testo tekst metin teks texte tekstu tekstin wenben metni metnini teksti tekstet textu keimeno keimenou szoveg szoveget maandishi teksto tekusuto bunsho',
  ],
  [
    'words',
    'palabras mots parole palavras woorden worter worte worten ord slowa kelime kelimeler kata slov slova slovo kalimat tango tangosu lexeis sanaa sanat szavak szavakat cuvinte cuvintele maneno salita shabd shabdon',
  ],
  [
    'characters',
    'caracteres caratteri tekens zeichen tecken znaki znakow karakter moji mojisu znaku simvolov charaktires karakterer merkkia karakterek caractere herufi',
  ],
  [
    'count',
    'compte zahle contar cuenta cuantas cuantos compter combien contare conta quante quanti contagem quantas hoeveel tellen zahlen zaehlen wieviele hur raknar rakna ile policz berapa spocitej poschitai kazoete kazoeru kolik skolko metrise szamold hesabu bilangin',
  ],
  [
    'uppercase',
    'mayusculas majuscules maiuscolo maiuscole maiusculas hoofdletters grossbuchstaben versaler wielkie oomoji zaglavnymi zaglavnye propisnymi buyuk',
  ],
  ['lowercase', 'minusculas minuscules minuscolo minuscole kleinbuchstaben kleine gemener komoji strochnymi kucuk'],
  ['spaces', 'espacios espaces spazi espacos spaties leerzeichen mellanslag spacje bosluk bosluklari spasi'],
  [
    'remove',
    'quita elimina borra supprime enleve rimuovi togli remova verwijder entferne quitar eliminar borrar supprimer enlever rimuovere togliere remover verwijderen entfernen bort usun kaldir hapus sakujo',
  ],
  ['line breaks', 'saltos sauts capo quebras regeleinden zeilenumbruche zeilenumbrueche radbrytningar'],
  [
    'sort alphabetical',
    'ordena ordina sorteer sortiere ordenar trier ordinare sorteren sortieren sortera sortuj sirala urutkan alfabetico alphabetique alfabetisch alfabetik alfabetycznie alfabetiskt',
  ],
  [
    'compress smaller',
    'comprime compresse comprimi comprimeer komprimiere comprimir compresser comprimere comprimeren komprimieren komprimera kompresuj sikistir kompres asshuku verkleinern reducir zmensi zmensit komprimuj szhat szhmi umenshit yasuo kecilkan perkecil pakkaa tomorit tomoritsd comprima nen sympiese komprimer pienenna zmniejsz',
  ],
  [
    'image',
    'imagen immagine imagem afbeelding bild bilden obraz zdjecie resim gambar gazou obrazek fotku fotka hinh kartinku kartinka izobrazhenie tupian zhaopian foto fotografia fotos zdjecia zdjec fotografie fotky obrazky kuva kuvan kuvat kepet billede billedet bilde picha larawan litrato shashin eikona eikones',
  ],
  ['password', 'contrasena senha wachtwoord passwort losenord haslo sifre sandi pasuwaado'],
  [
    'generate',
    'genera genere gera genereer generiere generar generer generare gerar genereren generieren generera wygeneruj generuj olustur buat buatkan generami generame olusturur olusturabilir sozdai sgeneriruj crea crear cree criar creare maak maken erstelle erstellen skapa opret stworz utworz vytvor vytvorte vytvorit tsukutte tsukuru sakusei sozdat sozdaite sdelai sdelaite zrob dimiourgise dimiourgiste tengeneza gumawa lumikha bikin bikinin keszits keszitsen generalj creeaza genereaza tao banao',
  ],
  ['strong', 'fuerte sterk silne guclu kuat sicura sicuro segura seguro sichere sicheres veilig bezpieczne nadezhnyi'],
  ['random', 'aleatorio aleatoire casuale willekeurig zufallig slumpmassig losowe rastgele acak'],
  [
    'convert',
    'convierte converti converta wandle konvertiere convertir convertire omzetten umwandeln konvertieren konvertera konwertuj przelicz donustur ubah konversi henkan preved prevest prepocitej prevod chuyen perevedi konvertirui preobrazui huansuan zhuanhuan hawwil perekonvertirui omvandla metatrepse metetrepse metatropi muunna alakitsd konvertald transforma converteste badal badlo geuza badilisha',
  ],
  ['speed', 'velocidad vitesse velocita velocidade snelheid geschwindigkeit hastighet predkosc hiz hizini kecepatan rychlost skorost sudu'],
  [
    'calculate',
    'calcula calcule calcola calcular calculer calcolare berekenen berechnen berakna oblicz hesapla hitung keisan spocitej vypocitej spocitat tinh rasschitai jisuan ihsib ypologise laske szamitsd calculeaza kalkulahin',
  ],
  ['measure', 'medir mesurer misurare meten messen zmierz olc ukur'],
  ['page', 'pagina sitio sito seite strona halaman situs sitemin'],
  ['security', 'seguridad securite sicurezza seguranca beveiliging sicherheit sakerhet bezpieczenstwa guvenlik keamanan'],
  ['headers', 'cabeceras encabezados intestazioni cabecalhos kopfzeilen naglowki basliklar'],
  ['vat', 'iva tva mwst mehrwertsteuer umsatzsteuer btw moms momsen kdv ppn dph nds zengzhishui fpa afa'],
  ['tax', 'impuesto impot tasse imposto belasting steuer skatt podatek vergi pajak'],
  [
    'loan monthly payment',
    'prestamo pret prestito emprestimo lening darlehen kredit kredyt kredytu pinjaman cicilan cuota mensualite rata raty uver pujcka hypoteka hypoteku ipoteka daikuan hipoteca hypotheque mutuo hypotheek hypothek bolan hipoteka ipotek asuntolaina jelzalog ipoteca',
  ],
  ['interest', 'interes interet interesse juros rente zinsen zins verzinsung ranta odsetki oprocentowanie faiz bunga'],
  ['compound interest', 'compuesto composto samengestelde zinseszins sammansatt skladany bilesik majemuk'],
  ['number', 'numero numeros getal zahl liczba sayi angka bilangan'],
  ['in words', 'letras lettres lettere extenso uitschrijven slownie yaziyla terbilang'],
  ['discount', 'descuento remise sconto desconto korting rabatt rabat indirim diskon'],
  ['price', 'precio prix prezzo preco prijs preis pris cena fiyat harga cenu tsena tsenu jiage'],
  ['margin', 'margen marge margine margem marza marji'],
  ['markup', 'aufschlag recargo majoration ricarico opslag paslag narzut'],
  ['currency exchange rate', 'cambio wisselkoers koers wechselkurs kurs vaxelkurs kur'],
  ['engagement', 'interaccion interazione engajamento betrokkenheid'],
  ['repeat', 'repetir repeter ripetere herhalen wiederholen upprepa powtorz tekrarla ulangi kurikaeshi'],
  ['comma separated', 'comas virgules virgole virgulas kommas komma przecinkami virgul koma'],
  [
    'extract',
    'extraer extraire estrarre extrair extraheren extrahieren extrahera wyodrebnij ekstrak vgale cikar cikart wyciagnij wyciagnac vytahni extrahuj saca sacar haal extrage izvleki vytashchi dostan trich toridashite chushutsu kunin descomprimir decompresser decomprimere descompactar uitpakken entpacken entpacke rozpakuj rozbal',
  ],
  [
    'summarize',
    'resumen resumir resuma riassunto riassumi riassumere resumo samenvatting samenvatten zusammenfassung zusammenfassen sammanfattning sammanfatta podsumowanie podsumuj ozet ringkasan rangkum ringkaskan shrnuti shrn rezyume zongjie zhaiyao lakhkhis mulakhas ozetler ozetle ozetlemek tiivista yhteenveto osszefoglal rezuma rezumat opsummer',
  ],
  [
    'check',
    'comprobar verificar verifier controllare verificare controleren prufen uberprufen kontrollera sprawdz periksa cek elegxe elegxte tarkista ellenorizd verifica prufe pruf controleer tjek zkontroluj prover kiem angalia suriin',
  ],
  [
    'links',
    'enlaces liens collegamenti ligacoes verwijzingen lankar linki baglantilar tautan enlace collegamento ligacao koppeling lank baglanti odkaz ssylka syndesmos',
  ],
  ['broken', 'rotos casses rotti quebrados kapotte defekte trasiga uszkodzone kirik rusak'],
  ['time', 'tiempo temps tijd zeit tid czas zaman waktu jikan'],
  ['format', 'formatea formatear formatta formattare formatiere formatieren formateer formatuj naformatuj geshihua'],
  ['salary per hour', 'salario sueldo salaire gehalt lohn salaris manadslon plat mzda luong zarplata gongzi ratib'],
  ['hourly rate', 'timpris stundensatz tarifa tarif tariffa uurtarief hodinovka'],
  [
    'combine',
    'polacz polaczyc scal scalic unir unire unisci junta juntar junte combina combinar combinez combiner fusiona fusionar fusionne fusionner samenvoegen combineer zusammenfuhren kombiniere kombinieren kombinera slouc spoj spojit spojte birlestir gabungkan gabung satukan yhdista egyesitsd ghep obedini obedinit obyedinit unganisha pagsamahin enose',
  ],
  ['plain', 'plano duz platte semplice simples zwykly cisty'],
  ['reading time', 'lectura lettura leitura lesezeit leestijd lastid czytania okuma cist cteni lukuaika'],
  ['headings', 'uberschriften ueberschriften uberschrift kopjes rubriker otsikot cimsorok titluri nadpisy zagolovki midashi epikefalides'],
  [
    'certificate',
    'certificado certificat certificato certificaat zertifikat certifikat certyfikat sertifika sertifikat sertifikaatti tanusitvany pistopoiitiko sertifikati shomeisho',
  ],
  [
    'redact',
    'oscurare oscura anonimizza anonimizar anonymiser anonimiseer anonymisieren anonymisiere zaczernij anonimizuj anonymizuj anonimlestir tachar caviarder maskeer maskera',
  ],
  [
    'personal',
    'personales personnelles personali pessoais persoonsgegevens personenbezogene osobowe kisisel pribadi henkilotiedot osobni personoplysninger personuppgifter',
  ],
  ['click', 'clics clic cliques klik kliks klikken klicks klickar klikow klikniec klikalnosci tiklama tiklanma nhap kurikku klikkaus kattintas clicuri'],
  ['impressions', 'impresiones impressioni impressoes vertoningen impressionen visningar wyswietlen wyswietlenia gosterim tayangan zobrazeni pokazov'],
  ['break even', 'equilibrio rentabilite pareggio rentownosci basabas impas zvratu kannattavuusraja fedezeti rentabilitate'],
  ['fixed costs', 'fijos fissi fixos vaste fixkosten sabit tetap fixni postoyannye'],
  ['cost', 'costo costos cout couts costi custo custos kostnad kostnader koszt koszty maliyet biaya naklady stoimost sebestoimost'],
  ['code', 'codigo codice kod kodu kodo koodi kodikos'],
  ['monthly', 'mensual mensuel mensile mensal maandelijks monatlich monatlicher monatliche manatlig miesieczny miesiecznie aylik bulanan mesicni'],
  ['book', 'libro livre livro boek buch bok ksiazka ksiazke kitap buku kirja kniha knihu knigu kniga sach kitabu vivlio'],
  ['views', 'vistas vues visualizzazioni visualizacoes weergaven aufrufe goruntulenme zhlednuti prosmotrov'],
  ['revenue', 'ingresos revenus ricavi receita omzet umsatz intakter przychod przychody gelir pendapatan trzby dokhod'],
  ['profit', 'beneficio benefice profitto lucro winst gewinn vinst zysk keuntungan zisk pribyl'],
  ['temperature', 'temperatura temperatur sicaklik suhu teplota'],
  ['weight', 'poids gewicht vikt waga agirlik berat hmotnost'],
  ['age', 'edad idade leeftijd wiek yas umur vozrast eletkor varsta umri'],
  ['color', 'couleur colore kleur farbe farg kolor renk warna barva tsvet'],
  ['document', 'documento dokument dokumentu dokumen belge asiakirja dokumentum dokumento eggrafo'],
  // (Of a temperature or of an angle: read beside the goal, never as the unit of its quantity.)
  ['degrees', 'grados degres gradi graden derece derajat stupnu stupne fok'],
];

/** Units of measure, for the unit converters ("Hur många meter är 12 fot?", "2,5 hektaru — kolik je to akrů?"). */
const UNITS: Array<[english: string, spellings: string]> = [
  ['meters', 'metern metros metri metrow metrach metrami metru metrov metria metreye'],
  ['kilometers', 'kilometern kilometros chilometri kilometrow kilometrach kilometru kilometrov kilometria kilomita kilometro'],
  ['feet', 'fot fotter fuss fusse pieds piedi voet voeten stopy stopa ayak jalkaa jalka'],
  ['inches', 'tum pulgadas pouces pollici duim zoll cali inci palcu palce tuumaa'],
  ['miles', 'millas miglia mijl mijlen meile meilen mila mili mailia maili milya'],
  ['acres', 'akru akry akr akrow akrov acri'],
  ['hectares', 'hektar hektary hektaru hektarow hectareas ettari ettaro hektaari hektara'],
  ['pounds', 'libras livres pfund pund funtow funty funt funtov funta'],
  ['kilograms', 'kilogramos chilogrammi kilogramm kilogrammov kilogrammah kilogramow kilogramach kilogramu kilogramy kilogrammaa kilogramas'],
  ['ounces', 'onzas unze unzen uncja uncji'],
  ['radians', 'radianes radianti radialen radiani radyan radianu hudu'],
  ['knots', 'nudos noeuds nodi knopen knoten solmua'],
];

const byWord = (concepts: Array<[string, string]>): ReadonlyMap<string, string> =>
  new Map(concepts.flatMap(([english, spellings]) => spellings.split(' ').map((word) => [word, english] as const)));
/**
 * Vietnamese writes a word as syllables apart ("hiển thị", "mật khẩu"): those of the catalog's concepts, read as two
 * words in a row.
 */
const SYLLABLE_PAIRS: Array<[english: string, spellings: string]> = [
  ['rate', 'ty+le'],
  ['impressions', 'hien+thi'],
  ['text', 'van+ban'],
  ['document', 'tai+lieu'],
  ['password', 'mat+khau'],
  ['image', 'hinh+anh'],
  ['check', 'kiem+tra'],
  ['convert', 'chuyen+doi'],
  ['count', 'dem+so'],
  ['words', 'so+tu'],
];

const ENGLISH = byWord([...CONCEPTS, ...UNITS, ...SYLLABLE_PAIRS]);
const UNIT_WORDS = byWord(UNITS);
const UNIT_NAMES: ReadonlySet<string> = new Set(UNITS.map(([english]) => english));

/** Russian letters in Latin (the common romanisation the romanised spellings above use: "заглавными" is "zaglavnymi"). */
const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/**
 * Greek letters in Latin (the romanisation people type Greek in: "έλεγξε" is "elegxe", "κείμενο" "keimeno"), after
 * accents are removed; "ου" is "ou".
 */
const GREEK: Record<string, string> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

/** A character other than printable ASCII, a tab or a line break. */
const UNUSUAL = /[^\t\n\r -~]/;

/**
 * Lower case without accents, with the letters NFKD does not decompose ("ł", "ı", "ß"), and Cyrillic (Ukrainian's
 * "і", "є", "ґ" too) and Greek spelled in ASCII.
 */
function plain(text: string): string {
  // (Every replacement below is of a letter outside ASCII: ASCII text needs only the lower case.)
  if (!UNUSUAL.test(text)) return text.toLowerCase();
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[а-яё]/g, (letter) => CYRILLIC[letter] ?? letter)
    .replace(/і/g, 'i')
    .replace(/є/g, 'ye')
    .replace(/ґ/g, 'g')
    .replace(/ου/g, 'ou')
    .replace(/[α-ω]/g, (letter) => GREEK[letter] ?? letter)
    .replace(/ł/g, 'l')
    .replace(/ı/g, 'i')
    .replace(/ß/g, 'ss')
    .replace(/đ/g, 'd')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae');
}

/**
 * Words of scripts written without spaces between words (Chinese, Japanese) or not romanised here (Korean), found
 * inside the goal as they are written.
 */
const UNSPACED: Array<[english: string, spellings: string]> = [
  ['summarize', '总结 摘要 概括 要約 要点 まとめ 요약'],
  ['compress smaller', '压缩 圧縮 압축'],
  ['image', '图片 图像 照片 画像 写真 이미지 사진'],
  ['convert', '转换 转成 转为 変換 변환'],
  ['text', '文本 テキスト 텍스트'],
  ['words', '单词 単語 단어'],
  ['characters', '字符 文字数 글자'],
  ['count', '统计 计数 数える 数えて カウント'],
  ['extract', '提取 抽出 추출'],
  ['password', '密码 パスワード 비밀번호'],
  ['generate', '生成 作成 作って 만들어 생성'],
  ['check', '检查 チェック 確認 확인 검사'],
  ['calculate', '计算 計算 계산'],
  ['format', '格式化 整形 フォーマット 포맷'],
  ['price', '价格 価格 가격'],
  ['loan monthly payment', '贷款 ローン 대출'],
  ['interest', '利息 利率 金利 이자'],
  ['security', '安全 セキュリティ 보안'],
  ['page', '网页 页面 ページ 페이지'],
  ['links', '链接 リンク 링크'],
  ['remove', '删除 去掉 削除 삭제 제거'],
  ['spaces', '空格 スペース 공백'],
  ['uppercase', '大写 大文字 대문자'],
  ['lowercase', '小写 小文字 소문자'],
  ['document', '文档 文書 ドキュメント 문서'],
  ['combine', '合并 結合 マージ 병합'],
  ['certificate', '证书 証明書 인증서'],
  ['temperature fahrenheit', '華氏 华氏'],
  ['temperature celsius', '摂氏 摄氏'],
  ['book', '电子书 書籍 전자책'],
];
/** Kana, CJK ideographs and Hangul: a goal without them has none of those words. */
const UNSPACED_SCRIPT = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;
const UNSPACED_WORDS: Array<[word: string, english: string]> = UNSPACED.flatMap(([english, spellings]) =>
  spellings.split(' ').map((word) => [word, english] as [string, string]),
);

/** The English words of the goal's words in other languages, to be read beside them (empty when there are none). */
export function englishOf(goal: string): string[] {
  const found = new Set<string>();
  const words = plain(goal).match(/[a-z0-9]+/g) ?? [];
  words.forEach((word, i) => {
    const english = ENGLISH.get(word) ?? ENGLISH.get(`${word}+${words[i + 1]}`);
    if (english) found.add(english);
  });
  if (UNSPACED_SCRIPT.test(goal)) for (const [word, english] of UNSPACED_WORDS) if (goal.includes(word)) found.add(english);
  // ("Quanti chilometri sono 10 miglia?": how many of a unit is a conversion, not counting.)
  if ([...found].some((english) => UNIT_NAMES.has(english))) found.delete('count');
  return [...found];
}

/**
 * The goal with each word of another language that the lexicon knows written as its English words, in place ("unisci
 * questi pdf" → "combine questi pdf"), so that a reading which depends on the order of words applies to it too.
 */
export function inEnglishWords(goal: string): string {
  return goal.replace(/\p{L}+/gu, (word) => ENGLISH.get(plain(word)) ?? word);
}

/** The goal with the names of units in other languages written in English ("2,5 hektaru" → "2,5 hectares"), to read its quantity. */
export function withEnglishUnits(goal: string): string {
  return goal.replace(/\p{L}+/gu, (word) => UNIT_WORDS.get(plain(word)) ?? word);
}

/**
 * Function words of those languages (articles, prepositions, pronouns, "this", "and"): in a goal read in another
 * language they say nothing about the task, and would count as words no tool knows. (A few are English words too,
 * "do", "no", "per"; they are dropped only from a goal read in another language.)
 */
const FUNCTION_WORDS = new Set(
  (
    'de la el los las un una unos del para por con en este esta esto mi mis ' +
    'le les des du une au aux ce cette mon ma mes pour avec sur ' +
    'il lo gli di che per questo questa mio mia ' +
    'um uma dos das em no na nos meu minha ' +
    'het een van voor mijn dit deze ' +
    'der das und mit von zu ein eine einen dem den mein meine ' +
    'och att av pa till mitt ett ' +
    'w z i do dla na od ' +
    'bu bir ve icin ile ' +
    'ini itu yang dan untuk dengan biar jadi ' +
    'je to na se ze pro tento tenhle tahle toto ' +
    'eto dlya etot moi mne etu etogo dlia iz ' +
    'wo de zhege zhe ba yixia qing bang ' +
    'cua toi nay cho ' +
    'hal bas'
  ).split(' '),
);

/** The goal without the function words of other languages, when it is written in one (some word of it is read). */
export function withoutForeignFunctionWords(goal: string): string {
  if (englishOf(goal).length === 0) return goal;
  return goal.replace(/[\p{L}]+/gu, (word) => (FUNCTION_WORDS.has(plain(word)) ? ' ' : word));
}
