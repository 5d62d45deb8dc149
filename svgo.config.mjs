// svgo settings for the tile images (build.py minifies web/tiles into dist/site/tiles with these).
// preset-default keeps the viewBox in svgo 4, so the tiles still scale with CSS.
export default {
  multipass: true,
  plugins: ["preset-default", "convertStyleToAttrs"],
};
