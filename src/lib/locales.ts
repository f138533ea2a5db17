// Codes for the pickers; names come from the browser's own Intl data, so no name table ships in the bundle.
const COUNTRY_CODES =
  'ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bl bm bn bo bq br bs bt bw by bz ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm do dz ec ee eg eh er es et fi fj fk fm fo fr ga gb gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw gy hk hn hr ht hu id ie il im in io iq ir is it je jm jo jp ke kg kh ki km kn kp kr kw ky kz la lb lc li lk lr ls lt lu lv ly ma mc md me mf mg mh mk ml mm mn mo mp mq mr ms mt mu mv mw mx my mz na nc ne nf ng ni nl no np nr nu nz om pa pe pf pg ph pk pl pm pn pr ps pt pw py qa re ro rs ru rw sa sb sc sd se sg sh si sk sl sm sn so sr ss st sv sx sy sz tc td tf tg th tj tk tl tm tn to tr tt tv tw tz ua ug um us uy uz va vc ve vg vi vn vu wf ws ye yt za zm zw'.split(
    ' ',
  );

const LANGUAGE_CODES =
  'af ar bg bn ca cs cy da de el en es et eu fa fi fil fr ga gl gu he hi hr hu hy id is it ja ka kk km kn ko lt lv mk ml mn mr ms my ne nl no pa pl pt pt-BR pt-PT ro ru si sk sl sq sr sv sw ta te th tl tr uk ur uz vi zh-CN zh-TW zu'.split(
    ' ',
  );

export interface LocaleOption {
  code: string;
  name: string;
}

function namer(type: 'region' | 'language') {
  try {
    const names = new Intl.DisplayNames(['en'], { type, fallback: 'none' });
    return (code: string) => names.of(type === 'region' ? code.toUpperCase() : code) ?? '';
  } catch {
    return () => '';
  }
}

const regionName = namer('region');
const languageName = namer('language');

export const COUNTRIES: readonly LocaleOption[] = COUNTRY_CODES.map((code) => ({
  code,
  name: regionName(code),
}));
export const LANGUAGES: readonly LocaleOption[] = LANGUAGE_CODES.map((code) => ({
  code,
  name: languageName(code),
}));

export function countryName(code: string): string {
  return /^[a-z]{2}$/i.test(code) ? regionName(code) : '';
}

export function languageNameOf(code: string): string {
  try {
    return code ? languageName(code) : '';
  } catch {
    return '';
  }
}
