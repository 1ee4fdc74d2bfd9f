/**
 * Goals in other languages: the catalog speaks English, so the common words of its tool families in German, Spanish,
 * French, Italian, Portuguese, Dutch, Swedish, Polish, Turkish, Indonesian, Czech and Vietnamese, and in romanised
 * Japanese, Russian (Cyrillic is read through its romanisation), Chinese (pinyin) and Arabic, are read as their English
 * equivalents too ("quitar todos los espacios" also says "remove spaces"). Each entry is one concept of the catalog (a
 * word of its tools' titles) and its common spellings, without accents; words that are also common English words are
 * left out ("site", "file", "test").
 */
const CONCEPTS: Array<[english: string, spellings: string]> = [
  ['text', 'texto testo tekst metin teks texte tekstu tekstin wenben'],
  ['words', 'palabras mots parole palavras woorden worter worte worten ord slowa kelime kelimeler kata slov slova slovo kalimat'],
  ['characters', 'caracteres caratteri tekens zeichen tecken znaki znakow karakter moji'],
  [
    'count',
    'compte zahle contar cuenta cuantas cuantos compter combien contare conta quante quanti contagem quantas hoeveel tellen zahlen zaehlen wieviele hur raknar rakna ile policz berapa spocitej poschitai',
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
    'comprime compresse comprimi comprimeer komprimiere comprimir compresser comprimere comprimeren komprimieren komprimera kompresuj sikistir kompres asshuku verkleinern reducir zmensi zmensit komprimuj szhat szhmi umenshit yasuo kecilkan perkecil',
  ],
  [
    'image',
    'imagen immagine imagem afbeelding bild bilden obraz zdjecie resim gambar gazou obrazek fotku fotka hinh kartinku kartinka izobrazhenie tupian zhaopian foto fotografia fotos',
  ],
  ['password', 'contrasena senha wachtwoord passwort losenord haslo sifre sandi pasuwaado'],
  [
    'generate',
    'genera genere gera genereer generiere generar generer generare gerar genereren generieren generera wygeneruj generuj olustur buat buatkan generami generame olusturur olusturabilir sozdai sgeneriruj',
  ],
  ['strong', 'fuerte sterk silne guclu kuat sicura sicuro segura seguro sichere sicheres veilig bezpieczne nadezhnyi'],
  ['random', 'aleatorio aleatoire casuale willekeurig zufallig slumpmassig losowe rastgele acak'],
  [
    'convert',
    'convierte converti converta wandle konvertiere convertir convertire omzetten umwandeln konvertieren konvertera konwertuj przelicz donustur ubah konversi henkan preved prevest prepocitej prevod chuyen perevedi konvertirui preobrazui huansuan zhuanhuan hawwil perekonvertirui omvandla',
  ],
  ['speed', 'velocidad vitesse velocita velocidade snelheid geschwindigkeit hastighet predkosc hiz hizini kecepatan rychlost skorost sudu'],
  [
    'calculate',
    'calcula calcule calcola calcular calculer calcolare berekenen berechnen berakna oblicz hesapla hitung keisan spocitej vypocitej spocitat tinh rasschitai jisuan ihsib',
  ],
  ['measure', 'medir mesurer misurare meten messen zmierz olc ukur'],
  ['page', 'pagina sitio sito seite strona halaman situs sitemin'],
  ['security', 'seguridad securite sicurezza seguranca beveiliging sicherheit sakerhet bezpieczenstwa guvenlik keamanan'],
  ['headers', 'cabeceras encabezados intestazioni cabecalhos kopfzeilen naglowki basliklar'],
  ['vat', 'iva tva mwst mehrwertsteuer umsatzsteuer btw moms momsen kdv ppn dph nds zengzhishui'],
  ['tax', 'impuesto impot tasse imposto belasting steuer skatt podatek vergi pajak'],
  [
    'loan monthly payment',
    'prestamo pret prestito emprestimo lening darlehen kredit kredyt kredytu pinjaman cicilan cuota mensualite rata raty uver pujcka hypoteka hypoteku ipoteka daikuan',
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
  ['extract', 'extraer extraire estrarre extrair extraheren extrahieren extrahera wyodrebnij ekstrak'],
  [
    'summarize',
    'resumen resumir resuma riassunto riassumi riassumere resumo samenvatting samenvatten zusammenfassung zusammenfassen sammanfattning sammanfatta podsumowanie podsumuj ozet ringkasan rangkum ringkaskan shrnuti shrn rezyume zongjie zhaiyao lakhkhis mulakhas ozetler ozetle ozetlemek tiivista yhteenveto osszefoglal rezuma rezumat opsummer',
  ],
  ['check', 'comprobar verificar verifier controllare verificare controleren prufen uberprufen kontrollera sprawdz periksa cek'],
  ['links', 'enlaces liens collegamenti ligacoes verwijzingen lankar linki baglantilar tautan'],
  ['broken', 'rotos casses rotti quebrados kapotte defekte trasiga uszkodzone kirik rusak'],
  ['time', 'tiempo temps tijd zeit tid czas zaman waktu jikan'],
  ['format', 'formatea formatear formatta formattare formatiere formatieren formateer formatuj naformatuj geshihua'],
  ['salary per hour', 'salario sueldo salaire gehalt lohn salaris manadslon plat mzda luong zarplata gongzi ratib'],
  ['hourly rate', 'timpris stundensatz tarifa tarif tariffa uurtarief hodinovka'],
  // (Of a temperature or of an angle: read beside the goal, never as the unit of its quantity.)
  ['degrees', 'grados degres gradi graden derece derajat stupnu stupne fok'],
];

/** Units of measure, for the unit converters ("Hur många meter är 12 fot?", "2,5 hektaru — kolik je to akrů?"). */
const UNITS: Array<[english: string, spellings: string]> = [
  ['meters', 'metern metros metri metrow metrach metrami metru metrov metria metreye'],
  ['kilometers', 'kilometern kilometros chilometri kilometrow kilometrach kilometru kilometrov kilometria'],
  ['feet', 'fot fotter fuss fusse pieds piedi voet voeten stopy stopa ayak jalkaa jalka'],
  ['inches', 'tum pulgadas pouces pollici duim zoll cali inci palcu palce tuumaa'],
  ['miles', 'millas miglia mijl mijlen meile meilen mila mili mailia'],
  ['acres', 'akru akry akr akrow akrov acri'],
  ['hectares', 'hektar hektary hektaru hektarow hectareas ettari ettaro hektaari hektara'],
  ['pounds', 'libras livres pfund pund funtow funty funt'],
  ['ounces', 'onzas unze unzen uncja uncji'],
  ['radians', 'radianes radianti radialen radiani radyan radianu hudu'],
  ['knots', 'nudos noeuds nodi knopen knoten solmua'],
];

const byWord = (concepts: Array<[string, string]>): ReadonlyMap<string, string> =>
  new Map(concepts.flatMap(([english, spellings]) => spellings.split(' ').map((word) => [word, english] as const)));
const ENGLISH = byWord([...CONCEPTS, ...UNITS]);
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

/** Lower case without accents, with the letters NFKD does not decompose ("ł", "ı", "ß") and Cyrillic spelled in ASCII. */
function plain(text: string): string {
  return text
    .toLowerCase()
    .replace(/[а-яё]/g, (letter) => CYRILLIC[letter] ?? letter)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/ı/g, 'i')
    .replace(/ß/g, 'ss')
    .replace(/đ/g, 'd')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae');
}

/** The English words of the goal's words in other languages, to be read beside them (empty when there are none). */
export function englishOf(goal: string): string[] {
  const found = new Set<string>();
  for (const word of plain(goal).match(/[a-z0-9]+/g) ?? []) {
    const english = ENGLISH.get(word);
    if (english) found.add(english);
  }
  // ("Quanti chilometri sono 10 miglia?": how many of a unit is a conversion, not counting.)
  if ([...found].some((english) => UNIT_NAMES.has(english))) found.delete('count');
  return [...found];
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
