import { describe, expect, it } from '@jest/globals';
import { PNG } from 'pngjs';
import { LocalImageGenerator } from './local-image-generator.js';

const generator = new LocalImageGenerator();
const draw = (prompt: string, width = 240, height = 160) =>
  generator.generate({ prompt, width, height }, new AbortController().signal);

/** Mean red, green and blue of a drawn image, and its mean lightness (0–255). */
async function averageColour(prompt: string) {
  const { data } = PNG.sync.read(Buffer.from((await draw(prompt)).bytes));
  const sum = [0, 0, 0];
  for (let offset = 0; offset < data.length; offset += 4) {
    for (let channel = 0; channel < 3; channel++) sum[channel] += data[offset + channel];
  }
  const [red, green, blue] = sum.map((total) => total / (data.length / 4));
  return { red, green, blue, lightness: (red + green + blue) / 3 };
}

describe(LocalImageGenerator.name, () => {
  it('draws a PNG of the size asked for, larger ones scaled down to fit', async () => {
    for (const [asked, got] of [
      [
        [1200, 800],
        [1200, 800],
      ],
      [
        [3200, 1000],
        [1600, 500],
      ],
    ]) {
      const image = await draw('A neighbourhood bakery', asked[0], asked[1]);
      const png = PNG.sync.read(Buffer.from(image.bytes));
      expect([image.type, image.width, image.height, png.width, png.height]).toEqual([
        'image/png',
        got[0],
        got[1],
        got[0],
        got[1],
      ]);
    }
  });

  it('draws the same image for the same prompt, and another for another prompt', async () => {
    const first = await draw('A neighbourhood bakery');
    expect(Buffer.from((await draw('A neighbourhood bakery')).bytes)).toEqual(Buffer.from(first.bytes));
    expect(Buffer.from((await draw('A neighbourhood bakery.')).bytes)).not.toEqual(Buffer.from(first.bytes));
  });

  it('takes its colours from the subject: warm for a bakery, cool for software, green for a garden', async () => {
    const bakery = await averageColour('Fresh bread and croissants from our bakery');
    expect(bakery.red - bakery.blue).toBeGreaterThan(40);
    const software = await averageColour('Analytics software for developers in the cloud');
    expect(software.blue - software.red).toBeGreaterThan(40);
    const garden = await averageColour('An organic garden and plant nursery');
    expect(garden.green).toBeGreaterThan(Math.max(garden.red, garden.blue) + 15);
  });

  it('follows the style words that lead the prompt', async () => {
    const plain = await averageColour('A neighbourhood bakery');
    const dark = await averageColour('Dark, moody photography. A neighbourhood bakery');
    const pastel = await averageColour('Soft pastel illustration. A neighbourhood bakery');
    expect(dark.lightness).toBeLessThan(plain.lightness - 40);
    expect(pastel.lightness).toBeGreaterThan(plain.lightness + 20);
    const mono = await averageColour('Monochrome. A neighbourhood bakery');
    expect(
      Math.max(mono.red, mono.green, mono.blue) - Math.min(mono.red, mono.green, mono.blue),
    ).toBeLessThan(12);
  });

  it('paints in the page colours the prompt names', async () => {
    const { data } = PNG.sync.read(
      Buffer.from(
        (await draw('Fresh flowers at the florist. Colours: #E4572E, #3B5BFD, #F2A541, #FFF4D6')).bytes,
      ),
    );
    // The main tone, #E4572E a little deeper, fills a good part of the picture.
    const near = (offset: number) =>
      Math.abs(data[offset] - 201) + Math.abs(data[offset + 1] - 77) + Math.abs(data[offset + 2] - 40) < 30;
    let count = 0;
    for (let offset = 0; offset < data.length; offset += 4) if (near(offset)) count++;
    expect(count / (data.length / 4)).toBeGreaterThan(0.015);
  });

  it('draws crisp shapes that follow the subject, not only a blurred gradient', async () => {
    const colours = 'Colours: #1F3B57, #E8A33D, #F2C14E, #F4F1EA';
    /** Where the picture has an edge: a pixel that differs sharply from its right-hand neighbour. */
    const edgesOf = async (prompt: string) => {
      const { data, width } = PNG.sync.read(Buffer.from((await draw(`${prompt}. ${colours}`)).bytes));
      const edges: boolean[] = [];
      for (let offset = 0; offset < data.length; offset += 4) {
        const right = (offset / 4) % width < width - 1 ? offset + 4 : offset;
        const step = [0, 1, 2].reduce((sum, c) => sum + Math.abs(data[offset + c] - data[right + c]), 0);
        edges.push(step > 90);
      }
      return edges;
    };
    const bicycle = await edgesOf('A bicycle repair shop');
    const laptop = await edgesOf('Our scheduling software on a laptop');
    const share = (edges: boolean[]) => edges.filter(Boolean).length / edges.length;
    expect(share(bicycle)).toBeGreaterThan(0.01);
    expect(share(laptop)).toBeGreaterThan(0.01);
    // Different subjects, different outlines.
    expect(bicycle.filter((edge, i) => edge !== laptop[i]).length / bicycle.length).toBeGreaterThan(0.01);
  });

  it('puts nothing of the prompt into the file', async () => {
    const image = await draw('<script>alert(1)</script> <a href="https://evil.example/x">bakery</a>');
    const text = Buffer.from(image.bytes).toString('latin1');
    for (const fragment of ['script', 'alert', 'href', 'evil.example']) expect(text).not.toContain(fragment);
    expect(PNG.sync.read(Buffer.from(image.bytes)).width).toBe(240);
  });

  it('leaves the process free to answer requests while it draws, and stops when the time is up', async () => {
    const order: string[] = [];
    const drawing = draw('A sourdough bakery in Leeds', 960, 640).then(() => order.push('drawn'));
    setImmediate(() => order.push('other work'));
    await drawing;
    expect(order).toEqual(['other work', 'drawn']);

    const controller = new AbortController();
    const stopped = generator.generate({ prompt: 'A florist', width: 960, height: 640 }, controller.signal);
    setImmediate(() => controller.abort(new Error('deadline')));
    await expect(stopped).rejects.toThrow('deadline');
  });

  it('does not start once the time is up', async () => {
    const signal = AbortSignal.abort(new Error('too late'));
    await expect(generator.generate({ prompt: 'x', width: 10, height: 10 }, signal)).rejects.toThrow(
      'too late',
    );
  });
});
