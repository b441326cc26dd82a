"""A colour envelope for comparing two drawings of a chart whose anti-aliased edges may sit a
pixel or two apart (test_static_renderers.py, test_render_frames.py)."""

from PIL import Image, ImageChops


def envelope(img, reach):
    """(lo, hi): each pixel's per-channel minimum and maximum over the (2 reach + 1)^2 square
    about it, the square cut at the image's edges: what ImageFilter.MinFilter/MaxFilter give,
    computed as a minimum over rows then over columns (2 x 2 reach darker/lighter passes of
    shifted copies, instead of a rank filter per pixel)."""
    w, h = img.size
    # the image grown by `reach` px on every side, edge pixels repeated (a repeated pixel is
    # already in every window it enters, so the cut window's extremum is unchanged)
    big = Image.new(img.mode, (w + 2 * reach, h + 2 * reach))
    big.paste(img, (reach, reach))
    big.paste(img.crop((0, 0, 1, h)).resize((reach, h), Image.NEAREST), (0, reach))
    big.paste(img.crop((w - 1, 0, w, h)).resize((reach, h), Image.NEAREST), (w + reach, reach))
    big.paste(big.crop((0, reach, w + 2 * reach, reach + 1)).resize((w + 2 * reach, reach), Image.NEAREST), (0, 0))
    big.paste(big.crop((0, h + reach - 1, w + 2 * reach, h + reach)).resize((w + 2 * reach, reach), Image.NEAREST), (0, h + reach))
    out = []
    for pick in (ImageChops.darker, ImageChops.lighter):
        rows = big.crop((0, 0, w, h + 2 * reach))
        for dx in range(1, 2 * reach + 1):
            rows = pick(rows, big.crop((dx, 0, dx + w, h + 2 * reach)))
        cols = rows.crop((0, 0, w, h))
        for dy in range(1, 2 * reach + 1):
            cols = pick(cols, rows.crop((0, dy, w, dy + h)))
        out.append(cols)
    return out
