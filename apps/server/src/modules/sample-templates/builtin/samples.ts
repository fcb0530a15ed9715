import type { PaperSize, TDesignTemplate, TemplateType } from '@mailcraft/shared';
import { hvacArt, houseArt, leavesArt, plateArt, storefrontArt, toothArt } from './art.js';
import { addressSide, insideSide, type SampleTheme } from './layouts.js';

/** A design the product ships (docs/requirements/administration.md#administration: at least six), seeded by `key`. */
export type BuiltinSample = {
  key: string;
  name: string;
  description: string;
  templateType: TemplateType;
  paperSize: PaperSize;
  position: number;
  design: { inside: TDesignTemplate; outside: TDesignTemplate };
};

type Entry = Omit<BuiltinSample, 'design' | 'paperSize' | 'position'> & { theme: SampleTheme };

const ENTRIES: Entry[] = [
  {
    key: 'open-house', name: 'Open house', templateType: 'postcard',
    description: 'Invite the neighbourhood to a real-estate open house, with the listing one scan away.',
    theme: {
      size: '6x9',
      colors: { band: '#1e3a5f', accent: '#c2410c', onBand: '#ffffff', ink: '#1f2933', soft: '#fdf2e9' },
      brand: 'Maple & Main Realty', returnAddress: '410 Main Street, Suite 2\nSpringfield, IL 62701',
      front: { headline: 'Open House\nThis Sunday', sub: 'A bright three-bedroom home just around the corner from you. Drop by, 1 to 4 PM.', art: houseArt, qrCaption: 'Scan for photos and the floor plan' },
      inside: {
        title: 'You are invited to take a look', art: houseArt,
        body: 'We are opening the doors of 27 Birch Lane and would love to show you around. Curious what homes near {city} are worth today? Ask us for a free valuation while you are there.',
        bullets: ['3 bedrooms, 2 bathrooms, 1,850 sq ft', 'New kitchen and a sunny back garden', 'Five minutes from Lincoln Elementary'],
        offer: { big: 'Free valuation', small: 'Bring this card to the open house\nor book online' },
        qrCaption: 'See the listing', footer: 'Maple & Main Realty  ·  (217) 555-0142  ·  mapleandmain.example',
      },
    },
  },
  {
    key: 'grand-opening', name: 'Grand opening', templateType: 'postcard',
    description: 'Announce a new store with an opening-week offer and a personal invitation.',
    theme: {
      size: '6x9',
      colors: { band: '#4c1d95', accent: '#e11d48', onBand: '#ffffff', ink: '#1f2933', soft: '#f5f3ff' },
      brand: 'Bloom & Co. Home Store', returnAddress: '88 Market Square\nSpringfield, IL 62702',
      front: { headline: 'Grand\nOpening!', sub: 'Our doors open Saturday at 10 AM. Music, treats and surprises all weekend.', art: storefrontArt, qrCaption: 'Scan for your opening-day gift' },
      inside: {
        title: 'Celebrate with us', art: storefrontArt,
        body: 'We have been busy getting everything ready, and we would love you to be one of our first guests. Bring this card for a welcome gift and a little something off your first purchase.',
        bullets: ['Free gift for the first 100 guests', 'Live music from 11 AM to 2 PM', 'Coffee and pastries on the house'],
        offer: { big: '25% OFF', small: 'Your first purchase, opening weekend only.\nOne per household.' },
        qrCaption: 'Get directions', footer: 'Bloom & Co.  ·  88 Market Square  ·  Open daily 10 AM to 7 PM',
      },
    },
  },
  {
    key: 'dental-checkup', name: 'Dental check-up reminder', templateType: 'postcard',
    description: 'A friendly reminder that a check-up and cleaning are due, with online booking.',
    theme: {
      size: '6x9',
      colors: { band: '#0e7490', accent: '#0e7490', onBand: '#ffffff', ink: '#1f2933', soft: '#ecfeff' },
      brand: 'Bright Smile Dental', returnAddress: '1520 Oak Avenue\nSpringfield, IL 62704',
      front: { headline: 'Time for your\ncheck-up!', sub: 'It has been six months since your last visit. A quick cleaning keeps that smile bright.', art: toothArt, qrCaption: 'Scan to book in a minute' },
      inside: {
        title: 'Your smile is due for some care', art: toothArt,
        body: 'Regular check-ups catch small problems before they become big ones. Book a time that suits you: early mornings and Saturdays are available.',
        bullets: ['Exam, cleaning and polish', 'Gentle care for the whole family', 'Most insurance plans accepted'],
        offer: { big: 'Free whitening', small: 'With your check-up and cleaning\nbooked this month' },
        qrCaption: 'Book online', footer: 'Bright Smile Dental  ·  (217) 555-0199  ·  brightsmile.example',
      },
    },
  },
  {
    key: 'seasonal-offer', name: 'Seasonal offer', templateType: 'self_mailer',
    description: 'An autumn sale with a clear discount, a coupon and the dates of the offer.',
    theme: {
      size: '8.5x11',
      colors: { band: '#9a3412', accent: '#166534', onBand: '#fffbeb', ink: '#292524', soft: '#fef3c7' },
      brand: 'Harvest Hardware & Garden', returnAddress: '300 County Road 9\nSpringfield, IL 62707',
      front: { headline: 'Fall Savings\nStart Now', sub: 'Everything you need to get the yard and the house ready for the cold months, for less.', art: leavesArt, qrCaption: 'Scan to see this week\'s deals' },
      inside: {
        title: 'Our biggest autumn sale', art: leavesArt,
        body: 'The leaves are turning and our fall sale is here. Stock up on tools, bulbs and heating supplies before the first frost: the savings last until the end of October.',
        bullets: ['Leaf blowers and rakes: up to 30% off', 'Spring bulbs: buy two bags, get one free', 'Weather stripping and heaters in stock', 'Free delivery on orders over $75'],
        offer: { big: '20% OFF', small: 'One item of your choice until October 31.\nShow this mailer at checkout.' },
        qrCaption: 'Shop the sale online', footer: 'Harvest Hardware & Garden  ·  Mon to Sat 8 AM to 6 PM  ·  harvesthardware.example',
      },
    },
  },
  {
    key: 'restaurant-new-menu', name: 'Restaurant new menu', templateType: 'self_mailer',
    description: 'Introduce a new seasonal menu with favourite dishes and a dinner invitation.',
    theme: {
      size: '8.5x11',
      colors: { band: '#7f1d1d', accent: '#b91c1c', onBand: '#fff7ed', ink: '#292524', soft: '#fef2f2' },
      brand: 'Trattoria Lucia', returnAddress: '12 Vine Street\nSpringfield, IL 62701',
      front: { headline: 'Our New Menu\nIs Here', sub: 'Fresh pasta, wood-fired pizza and seasonal plates made from local produce.', art: plateArt, qrCaption: 'Scan to see the full menu' },
      inside: {
        title: 'A taste of the season', art: plateArt,
        body: 'Our kitchen has been busy. Come and try the new dishes with the people you love: reserve a table, or order to take home.',
        bullets: ['Handmade pappardelle with slow-cooked ragù', 'Wood-fired pizza with roasted squash and sage', 'Tiramisu made fresh every morning', 'Kids eat free on Tuesdays'],
        offer: { big: 'Free dessert', small: 'With any two main courses.\nDine-in only, until the end of the month.' },
        qrCaption: 'Reserve a table', footer: 'Trattoria Lucia  ·  (217) 555-0177  ·  Tue to Sun from 5 PM',
      },
    },
  },
  {
    key: 'hvac-tune-up', name: 'HVAC tune-up', templateType: 'self_mailer',
    description: 'Home services: a seasonal heating and cooling tune-up with a fixed price.',
    theme: {
      size: '8.5x11',
      colors: { band: '#1e40af', accent: '#dc2626', onBand: '#ffffff', ink: '#1e293b', soft: '#eff6ff' },
      brand: 'Comfort Air Heating & Cooling', returnAddress: '745 Industrial Drive\nSpringfield, IL 62703',
      front: { headline: 'Is Your System\nReady?', sub: 'A tune-up now keeps your home comfortable and your energy bills down all season.', art: hvacArt, qrCaption: 'Scan to book a visit' },
      inside: {
        title: 'Seasonal tune-up for your home', art: hvacArt,
        body: 'Our licensed technicians check your furnace or air conditioner from top to bottom, so it runs safely and efficiently when you need it most. It takes about an hour.',
        bullets: ['21-point safety and performance check', 'Filter change and coil cleaning', 'Carbon monoxide test included', 'No overtime charges, ever'],
        offer: { big: '$79 tune-up', small: 'Regularly $129. Book by the end of the month.\nOne system per visit.' },
        qrCaption: 'Book online', footer: 'Comfort Air  ·  (217) 555-0163  ·  Licensed and insured  ·  comfortair.example',
      },
    },
  },
];

/** The built-in samples in gallery order (positions 10, 20, …, leaving room for the admin's). */
export const BUILTIN_SAMPLES: BuiltinSample[] = ENTRIES.map(({ theme, ...e }, i) => ({
  ...e,
  paperSize: theme.size,
  position: (i + 1) * 10,
  design: { outside: addressSide(theme), inside: insideSide(theme) },
}));
