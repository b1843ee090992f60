/** "Northwind Coffee Roasters": a published, desktop-first site for a specialty coffee roaster. */
import { defaultBreakpoints } from '#folio/content';
import { derive, numbered, type SlotContent } from '../derive.js';
import { art, palettes, type Motif, type Palette } from '../illustration.js';
import { k } from '../keys.js';
import { type ProjectSeed, type SectionDesign } from '../seed-content.types.js';
import { starterSection } from '../starter-library.js';
import { northwindTheme } from '../themes.js';
import { page } from './page.js';

const project = 'northwind';
const warm: Palette[] = [palettes.roast, palettes.crema, palettes.sage];
const picture = (motif: Motif, seed: string, w = 4, h = 3, palette = palettes.crema) =>
  art(motif, palette, `northwind/${seed}`, w, h);
const portrait = (seed: string, i: number): SlotContent => ({
  src: art('avatar', warm[i % 3], `northwind/${seed}`, 1, 1),
});
const cafeLogo = (name: string): SlotContent => ({
  src: art('logo', { ...palettes.roast, ink: '#5A4638' }, `northwind/${name}`, 4, 1, name),
  alt: `${name} logo`,
});
const cafes = ['Larkspur', 'Copperleaf', 'Fernhill', 'Driftwood', 'Tidewater', 'Basalt'];

const brand = {
  Logo: { src: art('mark', palettes.roast, 'northwind-mark', 1, 1), alt: 'Northwind Coffee Roasters logo' },
  'Brand name': 'Northwind',
};

function navbar(pagePath: string): SectionDesign {
  return derive(starterSection('navbar-simple'), {
    id: `${project}/${pagePath || 'home'}/navbar`,
    content: {
      ...brand,
      'Nav link 1': { text: 'Shop coffee', href: '/coffee' },
      'Nav link 2': { text: 'Subscriptions', href: '/coffee#subscriptions' },
      'Nav link 3': { text: 'Wholesale', href: '/wholesale' },
      'Nav link 4': { text: 'Visit us', href: '/visit' },
      'Secondary link': { text: 'Account', href: '/account' },
      'Primary button': { text: 'Shop now', href: '/coffee' },
    },
  });
}

function footer(pagePath: string): SectionDesign {
  const link = (text: string, href: string): SlotContent => ({ text, href });
  return derive(starterSection('footer-columns'), {
    id: `${project}/${pagePath || 'home'}/footer`,
    content: {
      ...brand,
      Tagline: 'Small-batch specialty coffee, roasted every Tuesday in Portland, Oregon.',
      'Column 1 title': 'Shop',
      'Column 1 link 1': link('All coffee', '/coffee'),
      'Column 1 link 2': link('Subscriptions', '/coffee#subscriptions'),
      'Column 1 link 3': link('Brew gear', '/coffee#gear'),
      'Column 1 link 4': link('Gift cards', '/coffee#gifts'),
      'Column 1 link 5': link('Wholesale', '/wholesale'),
      'Column 2 title': 'Roastery',
      'Column 2 link 1': link('Our story', '/visit#story'),
      'Column 2 link 2': link('Sourcing', '/#sourcing'),
      'Column 2 link 3': link('Visit the café', '/visit'),
      'Column 2 link 4': link('Careers', '/visit#team'),
      'Column 3 title': 'Help',
      'Column 3 link 1': link('Brew guides', '/coffee#guides'),
      'Column 3 link 2': link('Shipping', '/coffee#faq'),
      'Column 3 link 3': link('Returns', '/coffee#faq'),
      'Column 3 link 4': link('Contact', '/visit#contact'),
      Copyright: '© 2025 Northwind Coffee Roasters · 2417 SE Division St, Portland, OR',
    },
  });
}

const home = page(
  project,
  '',
  'Home',
  'Fresh-roasted specialty coffee, subscriptions and our Portland café.',
  [
    navbar(''),
    derive(starterSection('hero-split'), {
      id: `${project}/home/hero`,
      content: {
        Eyebrow: 'Small-batch roastery · Portland, Oregon',
        Headline: 'Coffee roasted this week, at your door by Friday',
        Subheadline:
          'We buy directly from farms we know by name and roast in small batches every Tuesday, so each bag arrives at its peak.',
        'Primary button': { text: 'Shop coffee', href: '/coffee' },
        'Secondary button': { text: 'Start a subscription', href: '/coffee#subscriptions' },
        ...numbered('Highlight', [
          { '': 'Free shipping over $40', icon: { src: 'truck' } },
          { '': 'Roasted to order', icon: { src: 'flame' } },
          { '': 'Direct-trade sourcing', icon: { src: 'sprout' } },
        ]),
        'Hero image': {
          src: picture('cup', 'home-hero', 5, 4),
          alt: 'A flat white with latte art on a linen napkin',
        },
        'Floating card icon': { src: 'star' },
        'Floating card value': '4.9 out of 5',
        'Floating card label': 'from 3,200 subscriber reviews',
      },
    }),
    derive(starterSection('logos-strip'), {
      id: `${project}/home/cafes`,
      content: {
        Heading: 'Poured at more than 60 independent cafés across the Pacific Northwest',
        ...numbered(
          'Logo',
          cafes.map((name) => ({ '': cafeLogo(name) })),
        ),
      },
    }),
    derive(starterSection('features-grid'), {
      id: `${project}/home/why`,
      content: {
        Eyebrow: 'Why Northwind',
        Heading: 'Better coffee starts long before the roast',
        Subheading: 'Everything we do is about freshness, fairness and flavour you can taste in the cup.',
        ...numbered('Feature', [
          {
            icon: { src: 'sprout' },
            title: 'Direct trade',
            text: 'We buy green coffee straight from 14 partner farms and pay well above Fair Trade minimums.',
          },
          {
            icon: { src: 'flame' },
            title: 'Roasted every Tuesday',
            text: 'Small 15 kg batches, profiled for each coffee and shipped within 48 hours of roasting.',
          },
          {
            icon: { src: 'package' },
            title: 'Compostable bags',
            text: 'Our bags and labels are home-compostable, and the freshness valve is recyclable.',
          },
          {
            icon: { src: 'truck' },
            title: 'Free shipping over $40',
            text: 'Carbon-neutral delivery anywhere in the US, usually in two to three days.',
          },
          {
            icon: { src: 'coffee' },
            title: 'Brew support',
            text: 'Recipes for every coffee, and a real person to help you dial in your grinder.',
          },
          {
            icon: { src: 'repeat' },
            title: 'Flexible subscriptions',
            text: 'Pick your coffee and your schedule, then skip, swap or pause whenever you like.',
          },
        ]),
      },
    }),
    derive(starterSection('features-alternating'), {
      id: `${project}/home/farm-to-cup`,
      content: {
        Eyebrow: 'From farm to cup',
        Heading: 'Three steps, done carefully',
        Subheading: 'Great coffee is a chain of small, careful decisions. Here is how we make ours.',
        ...numbered('Row', [
          {
            image: {
              src: picture('landscape', 'farm', 4, 3, palettes.sage),
              alt: 'Terraced hills on a coffee farm at dawn',
            },
            eyebrow: '01 — Source',
            title: 'We know every farm by name',
            text: 'Each year we visit our partners in Ethiopia, Colombia, Guatemala and Kenya to taste the harvest together and agree on prices before it is picked.',
            'point 1': 'Multi-year contracts with 14 farms',
            'point 2': 'Prices published for every coffee',
            'point 3': 'Quality premiums paid at the farm gate',
            link: { text: 'Read our sourcing report →', href: '/coffee#sourcing' },
          },
          {
            image: {
              src: picture('beans', 'roast', 4, 3, palettes.roast),
              alt: 'Freshly roasted coffee beans',
            },
            eyebrow: '02 — Roast',
            title: 'Small batches, roasted to bring out the origin',
            text: 'Our head roaster builds a profile for every coffee and tastes each batch before it is bagged. If it is not right, it does not ship.',
            'point 1': '15 kg batches on a Loring roaster',
            'point 2': 'Every batch cupped before packing',
            'point 3': 'Roast date printed on every bag',
            link: { text: 'See how we roast →', href: '/coffee#roasting' },
          },
          {
            image: {
              src: picture('cup', 'brew', 4, 3, palettes.crema),
              alt: 'A pour-over brewing into a ceramic cup',
            },
            eyebrow: '03 — Brew',
            title: 'Recipes that work in your kitchen',
            text: 'Every bag comes with a tested recipe for filter and espresso, written for the gear most people actually own.',
            'point 1': 'Recipes for V60, AeroPress and espresso',
            'point 2': 'Grind guides for popular grinders',
            'point 3': 'Free brew help by email',
            link: { text: 'Browse brew guides →', href: '/coffee#guides' },
          },
        ]),
      },
    }),
    derive(starterSection('testimonials-wall'), {
      id: `${project}/home/reviews`,
      content: {
        Eyebrow: 'Reviews',
        Heading: 'Loved by home brewers',
        Subheading: 'More than 3,200 subscribers rate their coffee every month. A few recent favourites:',
        ...numbered('Testimonial', [
          {
            quote:
              '“The Guji tastes like peach tea. I did not know coffee could do that, and now my mornings are ruined for anything else.”',
            avatar: portrait('reviewer-1', 0),
            name: 'Emily Carter',
            role: 'Subscriber since 2022',
          },
          {
            quote: '“Arrives two days after roasting, every time.”',
            avatar: portrait('reviewer-2', 1),
            name: 'Marcus Lee',
            role: 'Seattle, WA',
          },
          {
            quote:
              '“I emailed asking why my espresso was sour and got a thoughtful reply with a new recipe within the hour. It fixed it.”',
            avatar: portrait('reviewer-3', 2),
            name: 'Ana Morales',
            role: 'Home barista',
          },
          {
            quote:
              '“Skipping a delivery while we travel takes one click. Small thing, but it keeps me subscribed.”',
            avatar: portrait('reviewer-4', 0),
            name: 'David Kim',
            role: 'Subscriber since 2021',
          },
          {
            quote:
              '“The Founders blend is our Sunday coffee. Chocolatey, sweet and forgiving, even in our ancient drip machine.”',
            avatar: portrait('reviewer-5', 1),
            name: 'Rachel and Tom Price',
            role: 'Bend, OR',
          },
          {
            quote: '“Beautiful coffee, compostable bags and prices that tell you what the farmer was paid.”',
            avatar: portrait('reviewer-6', 2),
            name: 'Noah Williams',
            role: 'Portland, OR',
          },
        ]),
      },
    }),
    derive(starterSection('cta-banner'), {
      id: `${project}/home/subscribe`,
      content: {
        Heading: 'Fresh coffee, on your schedule',
        Subheading:
          'Choose your coffee, grind and delivery rhythm. Your first bag is 50% off, and you can pause anytime.',
        'Primary button': { text: 'Start a subscription', href: '/coffee#subscriptions' },
        'Secondary button': { text: 'Take the taste quiz', href: '/coffee#quiz' },
        Note: 'Free shipping on every subscription · Skip or cancel in one click',
      },
    }),
    footer(''),
  ],
);

interface Coffee {
  name: string;
  notes: string;
  color: Palette;
}

const coffees: Coffee[] = [
  { name: 'Ethiopia Guji Hambela', notes: 'Washed · peach, bergamot, jasmine · $22', color: palettes.crema },
  {
    name: 'Colombia Huila La Esperanza',
    notes: 'Washed · red apple, panela, cocoa · $19',
    color: palettes.roast,
  },
  { name: 'Kenya Nyeri Gatomboya', notes: 'Washed · blackcurrant, grapefruit · $24', color: palettes.sage },
  { name: 'Guatemala Huehuetenango', notes: 'Washed · milk chocolate, almond · $18', color: palettes.roast },
  { name: 'Founders Blend', notes: 'Espresso & filter · chocolate, caramel · $16', color: palettes.crema },
  { name: 'Night Shift Decaf', notes: 'Sugarcane process · toffee, orange · $18', color: palettes.sage },
];

const coffeePage = page(
  project,
  'coffee',
  'Our coffee',
  'Single origins, house blends and flexible coffee subscriptions.',
  [
    navbar('coffee'),
    derive(starterSection('hero-centered'), {
      id: `${project}/coffee/hero`,
      content: {
        'Badge label': 'New',
        'Badge text': 'The 2025 Ethiopia Guji harvest has landed',
        Headline: 'Coffees with a sense of place',
        Subheadline:
          'Six single origins and two house blends, each roasted to bring out what makes it special. Whole bean or ground to order.',
        'Primary button': { text: 'Shop all coffee', href: '#coffees' },
        'Secondary button': { text: 'Take the taste quiz', href: '#quiz' },
        ...numbered(
          'Avatar',
          [0, 1, 2, 3].map((i) => ({ '': portrait(`coffee-proof-${i}`, i) })),
        ),
        'Social proof text': 'Rated <strong>4.9 out of 5</strong> by more than 3,200 home brewers',
      },
    }),
    derive(starterSection('gallery-showcase'), {
      id: `${project}/coffee/offerings`,
      title: 'Current offerings',
      content: {
        Eyebrow: 'In the roastery now',
        Heading: 'This season’s coffees',
        'View all link': { text: 'Compare all coffees →', href: '#compare' },
        ...numbered(
          'Project',
          coffees.map((coffee, i) => ({
            image: {
              src: art('bag', coffee.color, `northwind/bag-${i}`, 4, 5),
              alt: `A bag of ${coffee.name}`,
            },
            title: coffee.name,
            caption: coffee.notes,
          })),
        ),
      },
    }),
    derive(starterSection('pricing-tiers'), {
      id: `${project}/coffee/subscriptions`,
      title: 'Coffee subscriptions',
      content: {
        Eyebrow: 'Subscriptions',
        Heading: 'Never run out of good coffee',
        Subheading:
          'Pick a plan, choose how often it arrives and change anything from your account. Shipping is always free.',
        'Billing option 1': 'Every 2 weeks',
        'Billing option 2': 'Monthly',
        'Plan 1 name': 'House favourite',
        'Plan 1 description': 'Our Founders Blend, roasted for espresso and filter.',
        'Plan 1 price': '$15',
        'Plan 1 period': '/ 12 oz bag',
        'Plan 1 button': { text: 'Choose House', href: '#subscribe-house' },
        'Plan 1 includes label': 'Every delivery includes:',
        ...numbered('Plan 1 feature', [
          { '': 'One 12 oz bag of Founders Blend' },
          { '': 'Whole bean or ground to order' },
          { '': 'Free shipping' },
          { '': 'Skip or pause anytime' },
        ]),
        'Plan 2 badge': 'Most loved',
        'Plan 2 name': 'Roaster’s choice',
        'Plan 2 description': 'A different single origin every delivery, picked by our head roaster.',
        'Plan 2 price': '$19',
        'Plan 2 period': '/ 12 oz bag',
        'Plan 2 button': { text: 'Choose Roaster’s choice', href: '#subscribe-roaster' },
        'Plan 2 includes label': 'Everything in House, plus:',
        ...numbered('Plan 2 feature', [
          { '': 'Rotating single-origin coffees' },
          { '': 'Tasting notes and farm story card' },
          { '': 'Early access to micro-lots' },
          { '': '10% off brew gear' },
          { '': 'Free café drink each month' },
        ]),
        'Plan 3 name': 'Explorer pair',
        'Plan 3 description': 'Two contrasting coffees side by side, for curious palates.',
        'Plan 3 price': '$34',
        'Plan 3 period': '/ two 8 oz bags',
        'Plan 3 button': { text: 'Choose Explorer', href: '#subscribe-explorer' },
        'Plan 3 includes label': 'Every delivery includes:',
        ...numbered('Plan 3 feature', [
          { '': 'Two 8 oz single origins' },
          { '': 'A guided side-by-side tasting' },
          { '': 'Brew recipes for both coffees' },
          { '': 'Members-only cupping invites' },
          { '': 'Free shipping' },
        ]),
        'Footnote text': 'Every plan ships free and can be skipped, swapped or cancelled in one click.',
        'Footnote link': { text: 'How subscriptions work →', href: '#faq' },
      },
    }),
    derive(starterSection('content-article'), {
      id: `${project}/coffee/roasting`,
      title: 'Roasting notes',
      content: {
        Category: 'Roasting notes',
        Title: 'Why we roast a little lighter',
        Standfirst:
          'Our roast style, explained: what “light” means to us, and why it makes origin flavours sing.',
        'Author avatar': { ...portrait('roaster', 0), alt: 'Portrait of Jonah Reed' },
        'Author name': 'Jonah Reed, head roaster',
        'Publication details': 'April 2, 2025 · 5 min read',
        'Cover image': {
          src: picture('beans', 'article', 16, 9, palettes.roast),
          alt: 'Coffee beans cooling after the roast',
        },
        'Paragraph 1':
          'Every coffee arrives with a story: the altitude it grew at, how it was processed, the weather that season. A heavy roast covers that story with the taste of the roast itself. We aim for <strong>just enough development</strong> to make a coffee sweet, and no more.',
        'Subheading 1': 'Profiles, not presets',
        'Paragraph 2':
          'Instead of one “medium” for everything, each coffee gets its own profile. Dense, high-grown Kenyans take more heat early; delicate naturals need a gentler finish so the fruit stays bright.',
        List: '<li>Charge temperature set per coffee density</li><li>Development time tuned over three test roasts</li><li>Every production batch cupped the next morning</li>',
        'Pull quote': '“We want you to taste the farm first and the roaster second.”',
        'Subheading 2': 'What it means in your cup',
        'Paragraph 3':
          'Expect more sweetness and clarity, and flavours that change as the cup cools. If you prefer a heavier, chocolate-forward coffee, our Founders Blend is roasted a touch darker for exactly that.',
      },
    }),
    derive(starterSection('faq-accordion'), {
      id: `${project}/coffee/faq`,
      content: {
        Eyebrow: 'Good to know',
        Heading: 'Ordering and brewing questions',
        Subheading: 'Everything about freshness, grinding and delivery. Tap a question to open it.',
        ...numbered('Question', [
          {
            title: 'When is my coffee roasted?',
            answer:
              'We roast every Tuesday and ship on Wednesday and Thursday, so your coffee is usually two to four days off roast when it arrives.',
          },
          {
            title: 'Should I buy whole bean or ground?',
            answer:
              'Whole bean stays fresh longest. If you do not have a grinder, choose your brew method at checkout and we grind it to match.',
          },
          {
            title: 'How long does a bag stay fresh?',
            answer:
              'Coffee is at its best from about 5 to 30 days after roasting. Keep it in its bag, sealed, away from heat and light.',
          },
          {
            title: 'Can I change or pause my subscription?',
            answer:
              'Yes. Skip a delivery, swap coffees, change the grind or pause entirely from your account, up to the Sunday before roast day.',
          },
          {
            title: 'Where do you ship?',
            answer:
              'Anywhere in the United States. Orders over $40 and all subscriptions ship free with carbon-neutral delivery.',
          },
          {
            title: 'Are your bags recyclable?',
            answer:
              'Our bags and labels are certified home-compostable. The small freshness valve can go in your regular recycling.',
          },
        ]),
        'Footnote text': 'Still deciding which coffee is right for you?',
        'Footnote link': { text: 'Ask our baristas →', href: '/visit#contact' },
      },
    }),
    derive(starterSection('cta-newsletter'), {
      id: `${project}/coffee/newsletter`,
      content: {
        Heading: 'Brew better at home',
        Subheading:
          'One email a month with a new recipe, the story behind our latest coffee and first access to limited lots.',
        'Email placeholder': 'you@example.com',
        'Primary button': { text: 'Sign me up', href: '#newsletter' },
        Note: 'Join 18,000 home brewers. Unsubscribe anytime.',
        Image: {
          src: picture('cup', 'newsletter', 4, 3, palettes.sage),
          alt: 'A cup of filter coffee from above',
        },
      },
    }),
    footer('coffee'),
  ],
);

const wholesale = page(
  project,
  'wholesale',
  'Wholesale',
  'Coffee, training and equipment support for cafés, offices and restaurants.',
  [
    navbar('wholesale'),
    derive(starterSection('hero-stats'), {
      id: `${project}/wholesale/hero`,
      content: {
        Eyebrow: 'Wholesale partners',
        Headline: 'Great coffee for cafés, offices and restaurants',
        Subheadline:
          'Fresh-roasted coffee delivered weekly, barista training for your team and equipment support when you need it. No long contracts.',
        'Primary button': { text: 'Become a partner', href: '#enquire' },
        'Secondary button': { text: 'Download price list', href: '/wholesale/price-list.pdf' },
        'Hero image': {
          src: picture('beans', 'wholesale-hero', 21, 9, palettes.roast),
          alt: 'Coffee beans spread across a roastery table',
        },
        ...numbered('Stat', [
          { value: '60+', label: 'partner cafés' },
          { value: '48 h', label: 'from roast to your door' },
          { value: '14', label: 'direct-trade farms' },
          { value: '1:1', label: 'barista training' },
        ]),
        'Logos label': 'Poured at',
        ...numbered(
          'Logo',
          cafes.slice(0, 5).map((name) => ({ '': cafeLogo(name) })),
        ),
      },
    }),
    derive(starterSection('features-checklist'), {
      id: `${project}/wholesale/benefits`,
      content: {
        Eyebrow: 'Every partner gets',
        Heading: 'More than a coffee delivery',
        Subheading: 'We succeed when your coffee programme does, so support is built into every account.',
        'Primary button': { text: 'Talk to our wholesale team', href: '#enquire' },
        ...numbered('Feature', [
          {
            icon: { src: 'graduation-cap' },
            title: 'Barista training',
            text: 'Hands-on sessions at our lab or at your café, for new and experienced staff.',
          },
          {
            icon: { src: 'wrench' },
            title: 'Equipment support',
            text: 'Help choosing, installing and servicing espresso machines and grinders.',
          },
          {
            icon: { src: 'calendar' },
            title: 'Weekly delivery',
            text: 'Roasted Tuesday, delivered by Thursday. Adjust volumes week to week.',
          },
          {
            icon: { src: 'coffee' },
            title: 'Custom menus',
            text: 'A seasonal single origin or a house blend developed with you.',
          },
          {
            icon: { src: 'chart-line' },
            title: 'Quality checks',
            text: 'Regular visits to taste, dial in and keep every shot consistent.',
          },
          {
            icon: { src: 'leaf' },
            title: 'Sustainable packaging',
            text: 'Reusable 5 lb tubs collected on every delivery.',
          },
        ]),
      },
    }),
    derive(starterSection('pricing-simple'), {
      id: `${project}/wholesale/pricing`,
      content: {
        Eyebrow: 'Wholesale pricing',
        Heading: 'Clear pricing, no contracts',
        Subheading:
          'One simple rate for our full range, with volume discounts from 40 lb a week. Training and support are always included.',
        ...numbered('Included', [
          { '': 'Full single-origin range' },
          { '': 'Custom house blend' },
          { '': 'Weekly free delivery' },
          { '': 'Barista training' },
          { '': 'Equipment advice' },
          { '': 'Point-of-sale materials' },
          { '': 'Reusable tubs' },
          { '': 'Dedicated account manager' },
        ]),
        'Plan name': 'Partner rate',
        Price: '$11.50',
        Period: 'per lb, from 20 lb a week',
        'Billing note': 'Invoiced monthly. Volume pricing from 40 lb.',
        'Primary button': { text: 'Request samples', href: '#enquire' },
        'Guarantee text': 'Free sample box and tasting session before you commit.',
      },
    }),
    derive(starterSection('testimonial-spotlight'), {
      id: `${project}/wholesale/story`,
      content: {
        Quote:
          '“Since switching to Northwind our coffee sales are up by a fifth. The training made our whole team more confident, and the coffee is simply delicious.”',
        'Author avatar': { ...portrait('cafe-owner', 1), alt: 'Portrait of Lena Fischer' },
        'Author name': 'Lena Fischer',
        'Author role': 'Owner, Larkspur Café',
        'Company logo': cafeLogo('Larkspur'),
        ...numbered('Result', [
          { value: '+22%', label: 'coffee sales in six months' },
          { value: '3 days', label: 'from first call to first delivery' },
          { value: '0', label: 'missed deliveries in two years' },
        ]),
      },
    }),
    derive(starterSection('contact-split'), {
      id: `${project}/wholesale/enquire`,
      title: 'Wholesale enquiry',
      content: {
        Eyebrow: 'Become a partner',
        Heading: 'Tell us about your café',
        Subheading:
          'Share a few details and we will send a sample box and set up a tasting with our wholesale team.',
        ...numbered('Method', [
          { icon: { src: 'mail' }, label: 'Email', value: 'wholesale@northwindcoffee.example' },
          { icon: { src: 'phone' }, label: 'Phone', value: '(503) 555-0142 · Mon–Fri, 8–4' },
          { icon: { src: 'map-pin' }, label: 'Roastery', value: '2417 SE Division St, Portland, OR' },
        ]),
        ...numbered('Field', [
          { label: 'Your name', placeholder: 'Sam Rivera' },
          { label: 'Email', placeholder: 'sam@yourcafe.com' },
          { label: 'Business name', placeholder: 'Your café or restaurant' },
          { label: 'Weekly volume', placeholder: 'About 20–40 lb' },
          {
            label: 'Anything else we should know?',
            placeholder: 'Your espresso machine, current coffee, opening date…',
          },
        ]),
        'Consent text': 'We will only use your details to reply to this enquiry.',
        'Submit button': { text: 'Request a sample box', href: '#enquire' },
      },
    }),
    footer('wholesale'),
  ],
);

const visit = page(
  project,
  'visit',
  'Visit us',
  'Our roastery café in Portland: hours, the team and how to book a cupping.',
  [
    navbar('visit'),
    derive(starterSection('hero-split'), {
      id: `${project}/visit/hero`,
      content: {
        Eyebrow: 'The roastery café',
        Headline: 'Come for a cup, stay for the roast',
        Subheadline:
          'Our café sits inside the roastery on SE Division Street. Watch the roaster at work, taste this week’s coffees and talk beans with our baristas.',
        'Primary button': {
          text: 'Get directions',
          href: 'https://maps.example.com/?q=2417+SE+Division+St+Portland',
        },
        'Secondary button': { text: 'See the café menu', href: '#menu' },
        ...numbered('Highlight', [
          { '': 'Open daily, 7 am – 5 pm', icon: { src: 'clock' } },
          { '': 'Free cuppings on Saturdays', icon: { src: 'coffee' } },
          { '': 'Dogs welcome on the patio', icon: { src: 'heart' } },
        ]),
        'Hero image': {
          src: picture('geometric', 'cafe', 5, 4, palettes.roast),
          alt: 'Warm geometric pattern inspired by the café tiles',
        },
        'Floating card icon': { src: 'clock' },
        'Floating card value': 'Open today',
        'Floating card label': 'until 5:00 pm · roasting on Tuesdays',
      },
    }),
    derive(starterSection('gallery-mosaic'), {
      id: `${project}/visit/gallery`,
      content: {
        Eyebrow: 'Inside the roastery',
        Heading: 'A look around',
        Subheading: 'The roaster, the bar and the long table where we taste every batch.',
        ...numbered(
          'Image',
          (
            [
              ['cup', palettes.crema, 'A cappuccino on the bar'],
              ['beans', palettes.roast, 'Beans cooling after a roast'],
              ['landscape', palettes.sage, 'A mural of coffee hills in the café'],
              ['geometric', palettes.crema, 'Tiled wall behind the bar'],
              ['bag', palettes.sage, 'Bags of coffee on the retail shelf'],
              ['blobs', palettes.roast, 'Morning light through the roastery windows'],
              ['landscape', palettes.crema, 'The patio on a summer afternoon'],
            ] as [Motif, Palette, string][]
          ).map(([motif, palette, alt], i) => ({
            '': { src: picture(motif, `gallery-${i}`, 4, 3, palette), alt },
          })),
        ),
      },
    }),
    derive(starterSection('team-grid'), {
      id: `${project}/visit/team`,
      content: {
        Eyebrow: 'The crew',
        Heading: 'The people behind your cup',
        Subheading: 'Roasters, baristas and green-coffee buyers who care a little too much about coffee.',
        ...numbered('Member', [
          {
            photo: { ...portrait('team-jonah', 0), alt: 'Portrait of Jonah Reed' },
            name: 'Jonah Reed',
            role: 'Head roaster',
            bio: 'Has roasted more than 4,000 batches and still tastes every one.',
          },
          {
            photo: { ...portrait('team-maria', 1), alt: 'Portrait of María Ortiz' },
            name: 'María Ortiz',
            role: 'Green coffee buyer',
            bio: 'Spends harvest season on farms in Colombia, Ethiopia and Kenya.',
          },
          {
            photo: { ...portrait('team-sam', 2), alt: 'Portrait of Sam Okoye' },
            name: 'Sam Okoye',
            role: 'Café manager',
            bio: 'Runs the bar, the patio and the best playlist on Division Street.',
          },
          {
            photo: { ...portrait('team-ivy', 0), alt: 'Portrait of Ivy Chen' },
            name: 'Ivy Chen',
            role: 'Barista trainer',
            bio: 'Teaches our wholesale partners and hosts the Saturday cuppings.',
          },
        ]),
        'Hiring title': 'We’re hiring baristas',
        'Hiring text': 'Full and part-time roles at the café, with paid training and free coffee, obviously.',
        'Hiring link': { text: 'See open roles →', href: '/careers' },
      },
    }),
    derive(starterSection('faq-two-column'), {
      id: `${project}/visit/faq`,
      content: {
        Eyebrow: 'Planning a visit',
        Heading: 'Before you come by',
        Subheading: 'Hours, parking and everything else you might want to know.',
        'Help title': 'Bringing a group?',
        'Help text': 'We host private tastings for up to 12 people.',
        'Help link': { text: 'Book a tasting →', href: '#contact' },
        ...numbered('Question', [
          {
            title: 'When are you open?',
            answer:
              'Every day from 7 am to 5 pm, including most holidays. The roaster runs on Tuesdays from 8 am.',
          },
          {
            title: 'Is there parking?',
            answer: 'Free street parking on Division and 25th, and a covered bike rack right by the door.',
          },
          {
            title: 'Can I work from the café?',
            answer:
              'Of course. We have fast Wi-Fi and plenty of outlets; we just ask laptops to share the long table at lunchtime.',
          },
          {
            title: 'What happens at a Saturday cupping?',
            answer:
              'A free, 45-minute guided tasting of three to five coffees at 10 am. No experience needed; spaces are first come, first served.',
          },
          {
            title: 'Is the café accessible?',
            answer: 'Yes. Step-free entrance, an accessible restroom and seating at several heights.',
          },
          {
            title: 'Do you have non-dairy milk?',
            answer: 'Oat, almond and soy at no extra charge, plus house-made chai and hot chocolate.',
          },
        ]),
      },
    }),
    derive(starterSection('contact-split'), {
      id: `${project}/visit/contact`,
      title: 'Book a tasting',
      content: {
        Eyebrow: 'Find us',
        Heading: 'Book a tasting or say hello',
        Subheading:
          'Private cuppings, team outings or just a question about your grinder: we love hearing from you.',
        ...numbered('Method', [
          { icon: { src: 'map-pin' }, label: 'Address', value: '2417 SE Division St, Portland, OR 97202' },
          { icon: { src: 'clock' }, label: 'Hours', value: 'Daily, 7 am – 5 pm' },
          { icon: { src: 'mail' }, label: 'Email', value: 'hello@northwindcoffee.example' },
        ]),
        ...numbered('Field', [
          { label: 'Name', placeholder: 'Your name' },
          { label: 'Email', placeholder: 'you@example.com' },
          { label: 'Preferred date', placeholder: 'Any Saturday in May' },
          { label: 'Group size', placeholder: '2–12 people' },
          { label: 'Message', placeholder: 'Tell us what you would like to taste…' },
        ]),
        'Consent text': 'We will only use your details to reply to you.',
        'Submit button': { text: 'Send request', href: '#contact' },
      },
    }),
    footer('visit'),
  ],
);

export const northwindProject: ProjectSeed = {
  key: k('project/northwind'),
  title: 'Northwind Coffee Roasters',
  description:
    'Website of a small-batch specialty coffee roaster in Portland: online shop, coffee subscriptions, wholesale programme and roastery café.',
  tags: ['coffee', 'roastery', 'ecommerce'],
  preset: 'desktop',
  theme: northwindTheme,
  breakpoints: defaultBreakpoints,
  swatches: [
    { name: 'Espresso', value: '#2B1D14' },
    { name: 'Terracotta roast', value: '#9A4A24' },
    { name: 'Crema gold', value: '#D9A441' },
    { name: 'Sage', value: '#5E6B4E' },
    { name: 'Oat milk', value: '#FBF6EF' },
    { name: 'Latte', value: '#F2E8DB' },
    { name: 'Cocoa', value: '#6B584A' },
    { name: 'Dark roast', value: '#24170F' },
  ],
  workspace: 'studio',
  published: true,
  slug: 'northwind-coffee',
  pages: [home, coffeePage, wholesale, visit],
};
