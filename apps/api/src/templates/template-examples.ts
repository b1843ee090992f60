// Request and response examples of the template API, on the demo template "Launch Kit" (tplLaunchKit01).
import { type TemplateCallResult } from '#folio/templates';

export const createFromTemplateExample = {
  id: 'acme-coffee',
  title: 'Acme Coffee',
  tags: ['coffee'],
  pinned: { announcement: { message: 'Free shipping this week', linkLabel: 'Shop now', linkUrl: '/shop' } },
  pages: [
    {
      id: 'home',
      title: 'Home',
      pinned: ['announcement'],
      data: [
        {
          _type: 'hero',
          id: 'hero',
          title: 'Fresh coffee, roasted weekly',
          subtitle: 'Small-batch beans delivered to your door.',
          image: 'https://images.example.com/beans.jpg',
          '--accent': '#E4572E',
          ctaLabel: 'Order now',
          ctaUrl: '/shop',
        },
        { _type: 'quote', id: 'review', quote: '“The best beans in town.”', author: 'Sam, regular' },
      ],
    },
    {
      id: 'story',
      title: 'Our story',
      path: 'story',
      data: [{ _type: 'body', heading: 'Since 2009', content: '<p>We started with one roaster.</p>' }],
    },
  ],
};

export const createFromTemplateResultExample: TemplateCallResult = {
  projectKey: 'pQ4mZ8rT2vXa',
  url: 'https://folio.example.com/editor/pQ4mZ8rT2vXa',
  createdOrUpdatedPages: { home: 'gH7kL2mN4pQr', story: 'sT9uV1wX3yZa' },
  response: {
    id: 'acme-coffee',
    key: 'pQ4mZ8rT2vXa',
    created: true,
    pages: [
      {
        id: 'home',
        key: 'gH7kL2mN4pQr',
        created: true,
        sections: [
          { id: 'hero', key: 'hB2cD4eF6gHi', _type: 'hero', created: true },
          { id: 'review', key: 'rJ8kL0mN2oPq', _type: 'quote', created: true },
        ],
      },
      {
        id: 'story',
        key: 'sT9uV1wX3yZa',
        created: true,
        sections: [{ id: null, key: 'bR3sT5uV7wXy', _type: 'body', created: true }],
      },
    ],
  },
};

export const invalidBodyExample = {
  error: 'invalid_input',
  message: 'pages[1].data[3].heading: expected text',
  problems: [{ path: 'pages[1].data[3].heading', message: 'expected text' }],
};

/** A path parameter that is not a key is refused before anything looks it up; its value is not repeated. */
export function malformedKeyExample(parameter: string) {
  const message = 'expected a key: a letter then 5–31 letters or digits';
  return {
    error: 'invalid_input',
    message: `${parameter}: ${message}`,
    problems: [{ path: parameter, message }],
  };
}
