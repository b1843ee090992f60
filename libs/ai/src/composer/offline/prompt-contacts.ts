// Ways to reach a business as free text writes them ("email hi@lumen.example, phone 0113 496 0000", "open
// Tuesday to Saturday, 10am to 9pm", "find us at 14 Stokes Croft, Bristol BS1 3PR"): where each is in a
// sentence, so the sentence's other facts are read around it.

export interface Found {
  /** "Email", "Phone", "Mobile", "Address", "Hours", "Website" or a social network's name. */
  key: string;
  /** As written. */
  value: string;
  start: number;
  end: number;
}

const email = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const website = /\b(?:https?:\/\/|www\.)[^\s,;]*[^\s,;.)]/g;
const social =
  /\b(Instagram|Twitter|TikTok|Facebook|LinkedIn|Threads|Bluesky|Mastodon)\b[^@\n.]{0,12}?(@[\w.]*\w)/gi;
const phone =
  /(?<![\w+@£$€.,/-])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,5}\)[\s.-]?)?\d[\d\s.-]{5,}\d(?![\w@/-]|,\d)/g;
const phoneCue = /\b(whatsapp)\b|\b(text|sms|mobile|cell)\b|\b(phone|call|tel|telephone|ring|book on)\b/gi;

const day = String.raw`(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?s?(?![a-z])`;
const dayWord = String.raw`(?:${day}(?:\s+(?:mornings?|afternoons?|evenings?|nights?))?|weekdays|weekends|daily|every\s+day|(?:7|seven)\s+days\s+a\s+week)`;
const days = String.raw`${dayWord}(?:\s*(?:–|—|-|to|through|till|until|and|&|,)\s*${dayWord})*`;
const clock = String.raw`(?:\d{1,2}(?:[:.]\d{2})?\s?(?:[ap]m|[ap]\.m\.)?|noon|midday|midnight|late)`;
const clocks = String.raw`${clock}\s*(?:–|—|-|to|until|till|til)\s*${clock}`;
const hours = new RegExp(
  String.raw`\b(?:${days}[,:]?\s+(?:from\s+)?${clocks}|${clocks},?\s+(?:on\s+)?${days})(?![\w:])`,
  'gi',
);
/** Two times without am/pm or minutes ("9–5") are hours only where the sentence speaks of opening. */
const clockLike = /[ap]\.?m\b|\d[:.]\d{2}|noon|midday|midnight|late/i;
const openingWords = /\b(?:open|opening|hours)\b/i;

const capWord = String.raw`\p{Lu}[\p{L}'’-]*(?![\p{L}\p{N}])`;
/** Lower-case words a street name may hold: "Via dell’Indipendenza", "Rue de la Paix". */
const particle = String.raw`(?:d[a-z]*['’]\p{Lu}\p{L}*|de|la|le|del|della|van|von|der|den|du)`;
const houseNumber = String.raw`\d+[A-Za-z]?(?:[-–]\d+[A-Za-z]?)?(?![\p{L}\p{N}])`;
const unit = String.raw`(?:Unit|Flat|Suite|Shop|Apartment)\s+\d+[A-Z]?`;
const streetStart = String.raw`(?:(?:${unit},?\s+)?${houseNumber}\s+${capWord}(?:\s+(?:${capWord}|&|of|the|de|la|du)){0,4}|${capWord}(?:\s+(?:${capWord}|${particle})){0,3}\s+${houseNumber}|${unit}(?=,))`;
const postcode = String.raw`(?:[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}|\d{4}\s?[A-Z]{2}(?![\p{L}])|[A-Z]{2}\s\d{5}(?:-\d{4})?|\d{4,5})`;
const addressPart = String.raw`(?:${capWord}(?:\s+(?:${capWord}|upon|on|the|de|la))*(?:\s+${postcode})?|${postcode}(?:\s+${capWord}){0,3})`;
const address = new RegExp(String.raw`${streetStart}(?:,\s+${addressPart}){0,4}`, 'gu');
const fullPostcode =
  /\b(?:[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}|\d{4}\s?[A-Z]{2}|[A-Z]{2}\s\d{5}|\d{5}\s+\p{Lu})/u;
const streetWord =
  /\b(?:Street|St|Road|Rd|Lane|Ln|Avenue|Ave|Way|Place|Pl|Square|Sq|Row|Court|Ct|Drive|Dr|Hill|Gardens|Terrace|Walk|Yard|Parade|Quay|Wharf|Works|Croft|Gate|Green|Close|Crescent|Mews|Market|Arcade|Boulevard|Blvd|Broadway|Highway|Hwy|Strasse|Straße|Via|Rue|Calle|Plaza|Park|Mill|Hall|Building|House|Centre|Center)\b/;

/** The contacts in a sentence, in the order written; a later one never overlaps an earlier one. */
export function contactsIn(sentence: string): Found[] {
  const found: Found[] = [];
  const add = (key: string, value: string, start: number) => {
    const end = start + value.length;
    if (found.some((f) => start < f.end && f.start < end)) return;
    found.push({ key, value, start, end });
  };
  for (const m of sentence.matchAll(email)) add('Email', m[0], m.index);
  for (const m of sentence.matchAll(website)) add('Website', m[0], m.index);
  for (const m of sentence.matchAll(social)) {
    add(capitalizeNetwork(m[1]), m[2], m.index + m[0].length - m[2].length);
  }
  for (const span of hoursSpans(sentence)) add('Hours', span.value, span.start);
  for (const m of addressesIn(sentence)) add('Address', m[0], m.index);
  for (const m of sentence.matchAll(phone)) {
    const digits = m[0].replace(/\D/g, '').length;
    const key = phoneKey(sentence.slice(Math.max(0, m.index - 24), m.index));
    if (digits >= 9 || (key && digits >= 7)) add(key ?? 'Phone', m[0], m.index);
  }
  for (const [i, f] of found.entries()) {
    if (f.key === 'Phone' && found.slice(0, i).some((other) => other.key === 'Phone')) f.key = 'Other phone';
  }
  return found.sort((a, b) => a.start - b.start);
}

/**
 * Addresses: a house number and street (or a unit) with the places and postcode after it, holding a
 * postcode or a street word. A match without either is tried again one character on.
 */
function addressesIn(sentence: string): RegExpExecArray[] {
  const found: RegExpExecArray[] = [];
  address.lastIndex = 0;
  for (let m = address.exec(sentence); m; m = address.exec(sentence)) {
    if (fullPostcode.test(m[0]) || streetWord.test(m[0])) found.push(m);
    else address.lastIndex = m.index + 1;
  }
  return found;
}

/** Opening hours, neighbouring spans joined ("weekdays 10am–10pm, weekends 9am–8pm"). */
function hoursSpans(sentence: string): { value: string; start: number }[] {
  const spans = [...sentence.matchAll(hours)].filter(
    (m) => clockLike.test(m[0]) || openingWords.test(sentence),
  );
  const joined: { value: string; start: number; end: number }[] = [];
  for (const m of spans) {
    const last = joined.at(-1);
    const gap = last ? sentence.slice(last.end, m.index) : '';
    if (last && /^\s*(?:,|;|and|&)\s*$/.test(gap)) {
      last.end = m.index + m[0].length;
      last.value = sentence.slice(last.start, last.end);
    } else joined.push({ value: m[0], start: m.index, end: m.index + m[0].length });
  }
  return joined;
}

/** The kind of number the words before it announce: a phone, a mobile, WhatsApp; null when none. */
function phoneKey(before: string): string | null {
  const cues = [...before.matchAll(phoneCue)];
  const last = cues.at(-1);
  if (!last) return null;
  if (last[1]) return 'WhatsApp';
  return last[2] ? 'Mobile' : 'Phone';
}

function capitalizeNetwork(name: string): string {
  const known = ['Instagram', 'Twitter', 'TikTok', 'Facebook', 'LinkedIn', 'Threads', 'Bluesky', 'Mastodon'];
  return known.find((network) => network.toLowerCase() === name.toLowerCase()) ?? name;
}
