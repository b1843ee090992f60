/** "Atlas Analytics": an unpublished, mobile-first product site for a B2B analytics tool (team workspace). */
import { defaultBreakpoints } from '#folio/content';
import { derive, numbered, type Derivation, type SlotContent } from '../derive.js';
import { art, palettes } from '../illustration.js';
import { k } from '../keys.js';
import { type ProjectSeed, type SectionDesign } from '../seed-content.types.js';
import { starterSection } from '../starter-library.js';
import { teamSection } from '../team-library.js';
import { atlasTheme } from '../themes.js';
import { page } from './page.js';

const project = 'atlas';
const customers = ['Meridian', 'Lattice', 'Northpeak', 'Coral Bank', 'Helix', 'Outpost'];
const customerLogo = (name: string): SlotContent => ({
  src: art('logo', { ...palettes.atlas, ink: '#3D4A66' }, `atlas/${name}`, 4, 1, name),
  alt: `${name} logo`,
});
const portrait = (seed: string, i: number): SlotContent => ({
  src: art('avatar', [palettes.atlas, palettes.sky, palettes.mint][i % 3], `atlas/${seed}`, 1, 1),
});

/** Every Atlas section is written mobile-first: the library's desktop-first styles are converted. */
function mobileFirst(from: SectionDesign, d: Omit<Derivation, 'preset'>): SectionDesign {
  return derive(from, { ...d, preset: 'mobile' });
}

const brand = {
  Logo: { src: art('mark', palettes.atlas, 'atlas-mark', 1, 1), alt: 'Atlas Analytics logo' },
  'Brand name': 'Atlas',
};

function navbar(pagePath: string): SectionDesign {
  return mobileFirst(starterSection('navbar-floating'), {
    id: `${project}/${pagePath || 'home'}/navbar`,
    content: {
      ...brand,
      'Nav link 1': { text: 'Product', href: '/#product' },
      'Nav link 2': { text: 'Customers', href: '/#customers' },
      'Nav link 3': { text: 'Pricing', href: '/pricing' },
      'Nav link 4': { text: 'Changelog', href: '/changelog' },
      'Nav link 5': { text: 'Docs', href: '/docs' },
      'Primary button': { text: 'Start free', href: '/signup' },
    },
  });
}

function footer(pagePath: string): SectionDesign {
  return mobileFirst(starterSection('footer-simple'), {
    id: `${project}/${pagePath || 'home'}/footer`,
    content: {
      ...brand,
      ...numbered('Footer link', [
        { '': { text: 'Product', href: '/#product' } },
        { '': { text: 'Pricing', href: '/pricing' } },
        { '': { text: 'Changelog', href: '/changelog' } },
        { '': { text: 'Docs', href: '/docs' } },
        { '': { text: 'Security', href: '/security' } },
        { '': { text: 'Contact', href: '/contact' } },
      ]),
      Copyright: '© 2025 Atlas Analytics, Inc. · Privacy · Terms',
    },
  });
}

function closingCta(pagePath: string): SectionDesign {
  return mobileFirst(starterSection('cta-banner'), {
    id: `${project}/${pagePath}/cta`,
    content: {
      Heading: 'Your first dashboard in ten minutes',
      Subheading:
        'Connect a warehouse, ask a question and share the answer with your team. Free for up to three editors.',
      'Primary button': { text: 'Start free', href: '/signup' },
      'Secondary button': { text: 'Book a demo', href: '/demo' },
      Note: 'No credit card · SOC 2 Type II · Cancel anytime',
    },
  });
}

const home = page(project, '', 'Home', 'Self-serve analytics for product and revenue teams.', [
  navbar(''),
  mobileFirst(teamSection('dashboard-hero'), { id: `${project}/home/hero` }),
  mobileFirst(starterSection('logos-strip'), {
    id: `${project}/home/customers`,
    content: {
      Heading: 'Data teams at 900+ companies answer questions with Atlas',
      ...numbered(
        'Logo',
        customers.map((name) => ({ '': customerLogo(name) })),
      ),
    },
  }),
  mobileFirst(starterSection('features-bento'), {
    id: `${project}/home/product`,
    content: {
      Eyebrow: 'Product',
      Heading: 'Analytics your whole company can use',
      Subheading: 'Analysts keep full SQL power; everyone else gets answers without filing a ticket.',
      'Card 1 icon': { src: 'message-square-text' },
      'Card 1 title': 'Ask in plain language',
      'Card 1 text':
        'Type a question like “weekly active teams by plan” and get a chart built on your governed metrics.',
      'Card 1 image': {
        src: art('ui', palettes.atlas, 'atlas-bento', 16, 7),
        alt: 'An Atlas dashboard with KPI cards and a bar chart',
      },
      'Card 2 eyebrow': 'Performance',
      'Card 2 value': '4×',
      'Card 2 title': 'Faster dashboards',
      'Card 2 text': 'Incremental caching keeps even billion-row dashboards loading in under a second.',
      'Card 2 image': {
        src: art('chart', palettes.atlasNight, 'atlas-bento-speed', 16, 9),
        alt: 'Query speed improving over time',
      },
      'Card 3 icon': { src: 'bell' },
      'Card 3 title': 'Alerts that matter',
      'Card 3 text': 'Get a Slack message when a metric moves unexpectedly, with the likely cause attached.',
      'Card 4 icon': { src: 'shield-check' },
      'Card 4 title': 'Governed by default',
      'Card 4 text': 'One definition per metric, row-level permissions and a full audit trail.',
    },
  }),
  mobileFirst(teamSection('metrics-strip'), {
    id: `${project}/home/metrics`,
    content: { Heading: 'Live from our demo workspace', Subheading: 'Refreshed every 5 minutes' },
  }),
  mobileFirst(starterSection('testimonials-wall'), {
    id: `${project}/home/customers-say`,
    remove: ['Testimonial 4', 'Testimonial 5', 'Testimonial 6'],
    // The metrics strip above already sits on the alternate surface.
    styles: { desktop: { Testimonials: { background: 'var(--color-background)' } } },
    content: {
      Eyebrow: 'Customers',
      Heading: 'Data teams ship answers, not tickets',
      Subheading: 'How product, finance and revenue teams use Atlas every day.',
      ...numbered('Testimonial', [
        {
          quote:
            '“Our ad-hoc request queue dropped by 70% in a quarter. Product managers answer their own questions now, and trust the numbers.”',
          avatar: portrait('quote-1', 0),
          name: 'Grace Liu',
          role: 'Head of Data, Meridian',
        },
        {
          quote: '“We replaced three BI tools with Atlas and finally have one definition of revenue.”',
          avatar: portrait('quote-2', 1),
          name: 'Tomás Herrera',
          role: 'CFO, Lattice',
        },
        {
          quote: '“Alerts caught a billing bug within an hour of the deploy. That one paid for the year.”',
          avatar: portrait('quote-3', 2),
          name: 'Aisha Bello',
          role: 'VP Engineering, Helix',
        },
      ]),
    },
  }),
  mobileFirst(teamSection('docs-callout'), { id: `${project}/home/developers` }),
  closingCta('home'),
  footer(''),
]);

const pricing = page(
  project,
  'pricing',
  'Pricing',
  'Plans for teams of every size, from free to enterprise.',
  [
    navbar('pricing'),
    mobileFirst(starterSection('pricing-tiers'), {
      id: `${project}/pricing/plans`,
      remove: ['Plan 3 period'],
      content: {
        // The page's one h1: the sections below it keep their h2 and h3 in order.
        Eyebrow: { text: 'Pricing', tag: 'h1' },
        Heading: 'Start free. Scale when your data does.',
        Subheading: 'Every plan includes unlimited viewers, so the whole company can see the numbers.',
        'Billing option 1': 'Monthly',
        'Billing option 2': 'Annual <strong>−15%</strong>',
        'Plan 1 name': 'Free',
        'Plan 1 description': 'For small teams exploring their first dashboards.',
        'Plan 1 price': '$0',
        'Plan 1 period': '/ editor',
        'Plan 1 button': { text: 'Start free', href: '/signup' },
        ...numbered('Plan 1 feature', [
          { '': 'Up to 3 editors' },
          { '': '1 data source' },
          { '': '10 dashboards' },
          { '': 'Community support' },
        ]),
        'Plan 2 badge': 'Most popular',
        'Plan 2 name': 'Team',
        'Plan 2 description': 'For data teams serving the whole company.',
        'Plan 2 price': '$39',
        'Plan 2 period': '/ editor / month',
        'Plan 2 button': { text: 'Start 14-day trial', href: '/signup?plan=team' },
        'Plan 2 includes label': 'Everything in Free, plus:',
        ...numbered('Plan 2 feature', [
          { '': 'Unlimited dashboards and sources' },
          { '': 'Natural-language questions' },
          { '': 'Slack and email alerts' },
          { '': 'Scheduled reports' },
          { '': 'Priority support' },
        ]),
        'Plan 3 name': 'Enterprise',
        'Plan 3 description': 'For organisations with advanced governance needs.',
        'Plan 3 price': 'Custom',
        'Plan 3 button': { text: 'Talk to sales', href: '/demo' },
        'Plan 3 includes label': 'Everything in Team, plus:',
        ...numbered('Plan 3 feature', [
          { '': 'SSO, SCIM and audit logs' },
          { '': 'Row-level security' },
          { '': 'Private cloud deployment' },
          { '': '99.9% uptime SLA' },
          { '': 'Dedicated solutions engineer' },
        ]),
        'Footnote text': 'Non-profits and universities get 50% off the Team plan.',
        'Footnote link': { text: 'Apply for a discount →', href: '/contact' },
      },
    }),
    mobileFirst(starterSection('features-checklist'), {
      id: `${project}/pricing/included`,
      content: {
        Eyebrow: 'On every plan',
        Heading: 'Enterprise-grade from day one',
        Subheading:
          'Security and reliability are not upsells. Every workspace gets them, including the free plan.',
        'Primary button': { text: 'Read our security overview', href: '/security' },
        ...numbered('Feature', [
          {
            icon: { src: 'lock' },
            title: 'Encryption everywhere',
            text: 'TLS 1.3 in transit and AES-256 at rest, with keys rotated automatically.',
          },
          {
            icon: { src: 'eye' },
            title: 'Unlimited viewers',
            text: 'Share dashboards with the whole company at no extra cost.',
          },
          {
            icon: { src: 'database' },
            title: 'Warehouse native',
            text: 'Queries run in your warehouse; your data never leaves it.',
          },
          {
            icon: { src: 'history' },
            title: 'Version history',
            text: 'Every dashboard and metric change is tracked and reversible.',
          },
          {
            icon: { src: 'plug' },
            title: '40+ connectors',
            text: 'Snowflake, BigQuery, Postgres, Redshift, Databricks and more.',
          },
          {
            icon: { src: 'life-buoy' },
            title: 'Real human support',
            text: 'Answers from data engineers, usually within an hour.',
          },
        ]),
      },
    }),
    mobileFirst(starterSection('faq-accordion'), {
      id: `${project}/pricing/faq`,
      content: {
        Eyebrow: 'Billing',
        Heading: 'Pricing questions',
        Subheading: 'Straight answers about seats, trials and invoices.',
        ...numbered('Question', [
          {
            title: 'Who counts as an editor?',
            answer:
              'Anyone who creates or edits dashboards, metrics or alerts. People who only view and filter are free and unlimited.',
          },
          {
            title: 'What happens when my trial ends?',
            answer:
              'You choose a plan or drop to Free. Nothing is deleted; dashboards over the Free limit become read-only.',
          },
          {
            title: 'Can I pay by invoice?',
            answer: 'Yes. Annual Team and Enterprise plans can be paid by invoice with 30-day terms.',
          },
          {
            title: 'Do you charge for data volume?',
            answer: 'No. Queries run in your own warehouse, so you only pay Atlas per editor.',
          },
          {
            title: 'Can I change plans at any time?',
            answer:
              'Upgrades apply immediately and are prorated; downgrades take effect at the end of the billing period.',
          },
          {
            title: 'Is there a discount for startups?',
            answer:
              'Startups under two years old and $5M in funding get the Team plan at 50% off for the first year.',
          },
        ]),
        'Footnote text': 'Need a custom quote or security review?',
        'Footnote link': { text: 'Talk to sales →', href: '/demo' },
      },
    }),
    closingCta('pricing'),
    footer('pricing'),
  ],
);

const changelog = page(project, 'changelog', 'Changelog', 'New features, improvements and fixes in Atlas.', [
  navbar('changelog'),
  mobileFirst(starterSection('hero-centered'), {
    id: `${project}/changelog/hero`,
    remove: ['Social proof'],
    content: {
      'Badge label': 'v3.4',
      'Badge text': 'Scheduled reports are here',
      Headline: 'Shipping every two weeks',
      Subheadline:
        'Follow along as we build Atlas: new features, performance work and the small fixes you asked for.',
      'Primary button': { text: 'Subscribe to updates', href: '#subscribe' },
      'Secondary button': { text: 'View the roadmap', href: '/roadmap' },
    },
  }),
  mobileFirst(teamSection('changelog'), {
    id: `${project}/changelog/releases`,
    content: { Heading: 'Recent releases', Subheading: 'The last six weeks of improvements, newest first.' },
  }),
  mobileFirst(teamSection('docs-callout'), {
    id: `${project}/changelog/developers`,
    content: {
      Heading: 'Every release, in the API too',
      Text: 'New features land in the SDKs on the same day. Check the API changelog for endpoints, fields and deprecations.',
      'Primary button': { text: 'API changelog', href: '/docs/changelog' },
      'Secondary link': { text: 'Migration guides →', href: '/docs/migrations' },
    },
  }),
  footer('changelog'),
]);

export const atlasProject: ProjectSeed = {
  key: k('project/atlas'),
  title: 'Atlas Analytics',
  description:
    'Product site for Atlas, a self-serve analytics platform for B2B data teams: home, pricing and a public changelog. Mobile-first.',
  tags: ['saas', 'analytics', 'b2b'],
  preset: 'mobile',
  theme: atlasTheme,
  breakpoints: defaultBreakpoints,
  swatches: [
    { name: 'Atlas blue', value: '#3B5BFD' },
    { name: 'Signal teal', value: '#0F766E' },
    { name: 'Violet', value: '#A78BFA' },
    { name: 'Midnight', value: '#0A1022' },
    { name: 'Ink', value: '#0B1324' },
    { name: 'Slate', value: '#56627A' },
    { name: 'Mist', value: '#F2F5FB' },
    { name: 'White', value: '#FFFFFF' },
  ],
  workspace: 'team',
  published: false,
  pages: [home, pricing, changelog],
};
