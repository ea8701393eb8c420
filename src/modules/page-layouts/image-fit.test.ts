import { describe, expect, it } from "vitest";
import { fitImage } from "./image-fit";

const box = { width: 200, height: 100 };
const square = { width: 100, height: 100 };

describe("fitImage", () => {
  it("covers the box by default, cutting the picture's excess evenly", () => {
    expect(fitImage(undefined, box, square)).toEqual({
      x: 0,
      y: 0,
      width: 200,
      height: 100,
      crop: { x: 0, y: 25, width: 100, height: 50 },
    });
    expect(fitImage("cover", box, square)).toEqual(fitImage(undefined, box, square));
  });

  it("fits the whole picture inside with contain, centred", () => {
    expect(fitImage("contain", box, square)).toEqual({
      x: 50,
      y: 0,
      width: 100,
      height: 100,
      crop: { x: 0, y: 0, width: 100, height: 100 },
    });
  });

  it("stretches with fill", () => {
    expect(fitImage("fill", box, square)).toMatchObject({ x: 0, y: 0, width: 200, height: 100 });
  });

  it("keeps the picture's own size with none, cut to the box", () => {
    expect(fitImage("none", box, { width: 400, height: 50 })).toEqual({
      x: 0,
      y: 25,
      width: 200,
      height: 50,
      crop: { x: 100, y: 0, width: 200, height: 50 },
    });
  });

  it("scales down only a picture larger than the box", () => {
    expect(fitImage("scale-down", box, { width: 20, height: 10 })).toMatchObject({ x: 90, y: 45, width: 20 });
    const large = { width: 400, height: 400 };
    expect(fitImage("scale-down", box, large)).toEqual(fitImage("contain", box, large));
  });

  it("fills the box while the picture's size is unknown", () => {
    expect(fitImage("contain", box, { width: 0, height: 0 })).toMatchObject({ x: 0, y: 0, width: 200, height: 100 });
  });
});
