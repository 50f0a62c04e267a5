// A QR code drawn by the page itself, for the join link a class scans (issue 38): the network
// of a classroom may have no internet, so no outside service draws it. The same file in every
// chapter. It writes text as bytes (UTF-8, byte mode), with error correction level M (15 % of
// the code may be lost), in the smallest version from 1 to 10 that holds it: 213 bytes at most,
// several times a board's address. The steps are the standard's (ISO/IEC 18004): the bits, the
// Reed-Solomon codewords, the fixed patterns, the data in its zigzag, the best of eight masks.
'use strict';

// Per version 1..10 at level M: error correction codewords per block, and how many blocks.
const QR_EC_PER_BLOCK = [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26];
const QR_BLOCKS = [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5];

// Codewords a version holds in all: its modules less the fixed patterns, over 8.
function qrCodewords(version) {
  let modules = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2;
    modules -= (25 * align - 10) * align - 55;
    if (version >= 7) {
      modules -= 36;                             // the two version blocks
    }
  }
  return Math.floor(modules / 8);
}

function qrDataCodewords(version) {
  return qrCodewords(version) - QR_EC_PER_BLOCK[version] * QR_BLOCKS[version];
}

// Multiplication in GF(256) modulo x^8 + x^4 + x^3 + x^2 + 1, the field of QR's codewords.
function qrMultiply(a, b) {
  let product = 0;
  for (let bit = 7; bit >= 0; bit--) {
    product = (product << 1) ^ ((product >>> 7) * 0x11d);
    product ^= ((b >>> bit) & 1) * a;
  }
  return product;
}

// The generator polynomial of degree n (its coefficients after the leading 1): (x - 2^0)...(x - 2^(n-1)).
function qrGenerator(degree) {
  const result = new Array(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      result[j] = qrMultiply(result[j], root);
      if (j + 1 < degree) {
        result[j] ^= result[j + 1];
      }
    }
    root = qrMultiply(root, 2);
  }
  return result;
}

// The remainder of data times x^n divided by the generator: the block's error correction.
function qrRemainder(data, generator) {
  const result = new Array(generator.length).fill(0);
  for (const byte of data) {
    const factor = byte ^ result.shift();
    result.push(0);
    generator.forEach((coefficient, i) => { result[i] ^= qrMultiply(coefficient, factor); });
  }
  return result;
}

// The codewords of text at the smallest version that holds it: data, then error correction,
// the blocks interleaved as the standard lays them.
function qrCodewordsFor(bytes) {
  let version = 1;
  while (version <= 10 && 4 + (version < 10 ? 8 : 16) + 8 * bytes.length > 8 * qrDataCodewords(version)) {
    version++;
  }
  if (version > 10) {
    throw new RangeError('too long for a QR code of version 10: ' + bytes.length + ' bytes');
  }
  const bits = [];
  const put = (value, length) => {
    for (let i = length - 1; i >= 0; i--) {
      bits.push((value >>> i) & 1);
    }
  };
  put(0b0100, 4);                                // byte mode
  put(bytes.length, version < 10 ? 8 : 16);
  bytes.forEach(byte => put(byte, 8));
  const capacity = 8 * qrDataCodewords(version);
  put(0, Math.min(4, capacity - bits.length));   // the terminator
  put(0, (8 - bits.length % 8) % 8);
  for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) {
    put(pad, 8);
  }
  const data = [];
  for (let i = 0; i < bits.length; i += 8) {
    data.push(bits.slice(i, i + 8).reduce((byte, bit) => (byte << 1) | bit, 0));
  }
  // Blocks: the first ones short by one data codeword when the count does not divide evenly.
  const blocks = QR_BLOCKS[version];
  const ecLength = QR_EC_PER_BLOCK[version];
  const total = qrCodewords(version);
  const shortBlocks = blocks - total % blocks;
  const shortData = Math.floor(total / blocks) - ecLength;
  const generator = qrGenerator(ecLength);
  const dataBlocks = [];
  const ecBlocks = [];
  for (let b = 0, at = 0; b < blocks; b++) {
    const length = shortData + (b < shortBlocks ? 0 : 1);
    const block = data.slice(at, at + length);
    at += length;
    dataBlocks.push(block);
    ecBlocks.push(qrRemainder(block, generator));
  }
  const result = [];
  for (let i = 0; i <= shortData; i++) {
    dataBlocks.forEach(block => { if (i < block.length) result.push(block[i]); });
  }
  for (let i = 0; i < ecLength; i++) {
    ecBlocks.forEach(block => result.push(block[i]));
  }
  return {version, codewords: result};
}

// Where alignment patterns are centred, along each axis.
function qrAlignment(version) {
  if (version === 1) {
    return [];
  }
  const count = Math.floor(version / 7) + 2;
  const step = Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
  const result = [6];
  for (let position = version * 4 + 10; result.length < count; position -= step) {
    result.splice(1, 0, position);
  }
  return result;
}

// Whether mask m darkens the module at column x, row y.
function qrMask(m, x, y) {
  switch (m) {
    case 0: return (x + y) % 2 === 0;
    case 1: return y % 2 === 0;
    case 2: return x % 3 === 0;
    case 3: return (x + y) % 3 === 0;
    case 4: return (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0;
    case 5: return x * y % 2 + x * y % 3 === 0;
    case 6: return (x * y % 2 + x * y % 3) % 2 === 0;
    default: return ((x + y) % 2 + x * y % 3) % 2 === 0;
  }
}

// How bad a symbol looks to a scanner, as the standard scores it: runs, blocks, finder-like
// stretches, and too much dark or light. The mask with the lowest score is used.
function qrPenalty(modules) {
  const size = modules.length;
  let penalty = 0;
  const lines = [];
  for (let i = 0; i < size; i++) {
    lines.push(modules[i], modules.map(row => row[i]));
  }
  const finder = [true, false, true, true, true, false, true];
  for (const line of lines) {
    for (let i = 0, run = 1; i < size; i++) {
      run = i > 0 && line[i] === line[i - 1] ? run + 1 : 1;
      penalty += run === 5 ? 3 : run > 5 ? 1 : 0;
    }
    for (let i = 0; i + 7 <= size; i++) {
      if (finder.every((dark, k) => line[i + k] === dark)) {
        const lightBefore = [1, 2, 3, 4].every(k => i - k < 0 || !line[i - k]);
        const lightAfter = [0, 1, 2, 3].every(k => i + 7 + k >= size || !line[i + 7 + k]);
        penalty += (lightBefore ? 40 : 0) + (lightAfter ? 40 : 0);
      }
    }
  }
  let dark = 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      dark += modules[y][x] ? 1 : 0;
      if (x + 1 < size && y + 1 < size && modules[y][x] === modules[y][x + 1]
          && modules[y][x] === modules[y + 1][x] && modules[y][x] === modules[y + 1][x + 1]) {
        penalty += 3;
      }
    }
  }
  return penalty + 10 * Math.floor(Math.abs(dark * 20 - size * size * 10) / (size * size));
}

// The QR code of text: rows of booleans, true for a dark module (no quiet zone: draw one).
function qrModules(text) {
  const {version, codewords} = qrCodewordsFor(Array.from(new TextEncoder().encode(text)));
  const size = version * 4 + 17;
  const modules = Array.from({length: size}, () => new Array(size).fill(false));
  const fixed = Array.from({length: size}, () => new Array(size).fill(false));
  const set = (x, y, dark) => {
    modules[y][x] = dark;
    fixed[y][x] = true;
  };
  for (let i = 0; i < size; i++) {                // timing patterns
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [[3, 3], [size - 4, 3], [3, size - 4]]) {   // finders, with their light border
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        if (x >= 0 && x < size && y >= 0 && y < size) {
          const ring = Math.max(Math.abs(dx), Math.abs(dy));
          set(x, y, ring !== 2 && ring !== 4);
        }
      }
    }
  }
  const centres = qrAlignment(version);
  for (const cx of centres) {
    for (const cy of centres) {
      const onFinder = (cx === 6 && cy === 6) || (cx === 6 && cy === size - 7) || (cx === size - 7 && cy === 6);
      if (!onFinder) {
        for (let dy = -2; dy <= 2; dy++) {
          for (let dx = -2; dx <= 2; dx++) {
            set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
          }
        }
      }
    }
  }
  const format = mask => {                       // level M (00) and the mask, BCH-protected
    const data = mask;
    let remainder = data;
    for (let i = 0; i < 10; i++) {
      remainder = (remainder << 1) ^ ((remainder >>> 9) * 0x537);
    }
    const bits = ((data << 10) | remainder) ^ 0x5412;
    const bit = i => ((bits >>> i) & 1) === 1;
    for (let i = 0; i <= 5; i++) {
      set(8, i, bit(i));
    }
    set(8, 7, bit(6));
    set(8, 8, bit(7));
    set(7, 8, bit(8));
    for (let i = 9; i < 15; i++) {
      set(14 - i, 8, bit(i));
    }
    for (let i = 0; i < 8; i++) {
      set(size - 1 - i, 8, bit(i));
    }
    for (let i = 8; i < 15; i++) {
      set(8, size - 15 + i, bit(i));
    }
    set(8, size - 8, true);                      // the dark module
  };
  format(0);                                     // reserves the format areas
  if (version >= 7) {
    let remainder = version;
    for (let i = 0; i < 12; i++) {
      remainder = (remainder << 1) ^ ((remainder >>> 11) * 0x1f25);
    }
    const bits = (version << 12) | remainder;
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >>> i) & 1) === 1;
      const a = size - 11 + i % 3;
      const b = Math.floor(i / 3);
      set(a, b, dark);
      set(b, a, dark);
    }
  }
  // The data, two columns at a time from the right, up and down by turns (column 6 is timing).
  let bit = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) {
      right = 5;
    }
    for (let vertical = 0; vertical < size; vertical++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const upward = ((right + 1) & 2) === 0;
        const y = upward ? size - 1 - vertical : vertical;
        if (!fixed[y][x] && bit < codewords.length * 8) {
          modules[y][x] = ((codewords[bit >>> 3] >>> (7 - (bit & 7))) & 1) === 1;
          bit++;
        }
      }
    }
  }
  const unmasked = modules.map(row => row.slice());
  let best = null;
  for (let mask = 0; mask < 8; mask++) {
    unmasked.forEach((row, y) => row.forEach((dark, x) => {
      modules[y][x] = fixed[y][x] ? dark : dark !== qrMask(mask, x, y);
    }));
    format(mask);
    const penalty = qrPenalty(modules);
    if (best === null || penalty < best.penalty) {
      best = {penalty, modules: modules.map(row => row.slice())};
    }
  }
  return best.modules;
}

// The QR code of text as an SVG element: one path of dark squares, four modules of light around.
function qrSvg(text) {
  const modules = qrModules(text);
  const size = modules.length + 8;
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 ' + size + ' ' + size);
  svg.setAttribute('shape-rendering', 'crispEdges');
  const light = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  light.setAttribute('width', String(size));
  light.setAttribute('height', String(size));
  light.setAttribute('fill', '#fff');
  svg.appendChild(light);
  let path = '';
  modules.forEach((row, y) => row.forEach((dark, x) => {
    if (dark) {
      path += 'M' + (x + 4) + ',' + (y + 4) + 'h1v1h-1z';
    }
  }));
  const dark = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  dark.setAttribute('d', path);
  dark.setAttribute('fill', '#000');
  svg.appendChild(dark);
  return svg;
}

if (typeof module !== 'undefined') {
  module.exports = {qrModules};                  // for a check outside the browser (node)
}
