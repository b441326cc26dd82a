"""Screenshots as pixel grids: loading (Pillow) and sampling with bilinear interpolation."""

import math

from PIL import Image


class Raster:
    """An RGB image with sub-pixel sampling. Pixel (i, j) covers [i, i+1) x [j, j+1)."""

    def __init__(self, path, background=(255, 255, 255)):
        img = Image.open(path)
        img.load()
        if img.mode in ("RGBA", "LA", "P"):
            img = img.convert("RGBA")
            flat = Image.new("RGBA", img.size, tuple(background) + (255,))
            flat.alpha_composite(img)
            img = flat
        self.image = img.convert("RGB")
        self.width, self.height = self.image.size
        self._px = self.image.load()

    def pixel(self, i, j):
        i = min(max(i, 0), self.width - 1)
        j = min(max(j, 0), self.height - 1)
        return self._px[i, j]

    def sample(self, x, y):
        """Colour at continuous position (x, y), bilinear between pixel centres."""
        fx, fy = x - 0.5, y - 0.5
        i, j = math.floor(fx), math.floor(fy)
        u, v = fx - i, fy - j
        if 0 <= i < self.width - 1 and 0 <= j < self.height - 1:
            px = self._px
            p00, p10, p01, p11 = px[i, j], px[i + 1, j], px[i, j + 1], px[i + 1, j + 1]
        else:
            p00, p10 = self.pixel(i, j), self.pixel(i + 1, j)
            p01, p11 = self.pixel(i, j + 1), self.pixel(i + 1, j + 1)
        a, b, c, d = (1 - u) * (1 - v), u * (1 - v), (1 - u) * v, u * v
        return (p00[0] * a + p10[0] * b + p01[0] * c + p11[0] * d,
                p00[1] * a + p10[1] * b + p01[1] * c + p11[1] * d,
                p00[2] * a + p10[2] * b + p01[2] * c + p11[2] * d)


class Viewport:
    """Maps SVG user space to screenshot pixels for an SVG drawn in a CSS box.

    The box is at (left, top) with size (width, height) in pixels; the SVG's viewBox maps into
    it with the default preserveAspectRatio (xMidYMid meet)."""

    def __init__(self, view_box, left, top, width, height):
        vx, vy, vw, vh = view_box
        self.scale = min(width / vw, height / vh)
        self.x0 = left + (width - vw * self.scale) / 2 - vx * self.scale
        self.y0 = top + (height - vh * self.scale) / 2 - vy * self.scale

    def to_pixels(self, x, y):
        return self.x0 + x * self.scale, self.y0 + y * self.scale
