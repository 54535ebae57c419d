import { describe, expect, it } from 'vitest';
import { md5 } from './md5.ts';

describe('md5', () => {
  it('matches the RFC 1321 test suite', () => {
    expect(md5('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5('a')).toBe('0cc175b9c0f1b6a831c399e269772661');
    expect(md5('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(md5('message digest')).toBe('f96b697d7cb7938d525a2f31aaf161d0');
    expect(md5('abcdefghijklmnopqrstuvwxyz')).toBe('c3fcd3d76192e4007dfb496cca67e13b');
    expect(md5('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789')).toBe(
      'd174ab98d277d9f5a5611c2c9f419d9f',
    );
    expect(md5('1234567890'.repeat(8))).toBe('57edf4a22be3c955ac49da2e2107b67a');
  });

  it('hashes the seed passwords the way the server expects', () => {
    expect(md5('admin')).toBe('21232f297a57a5a743894a0e4a801fc3');
    expect(md5('123456')).toBe('e10adc3949ba59abbe56e057f20f883e');
  });

  it('hashes the UTF-8 bytes of non-ASCII text', () => {
    expect(md5('园区管理平台')).toBe('5fe1cbccf62f40263baa50a20d2afc4e');
  });

  // Vectors from node:crypto, around the lengths where padding spills into another block.
  it.each([
    [55, '04364420e25c512fd958a70738aa8f72'],
    [56, '668a72d5ba17f08e62dabcafad6db14b'],
    [57, '693037871c4a9d3d8685018905cb530a'],
    [63, '7dc2ca208106a2f703567bdff99d8981'],
    [64, 'c1bb4f81d892b2d57947682aeb252456'],
    [65, '1bc932052302d074bdec39795fe00cf6'],
    [119, 'ab347a5f68c8a443cfcddc633f12c24f'],
    [120, 'fb98667f98096de92620b64f46e1c5b5'],
    [128, 'd69cb61a6ee87200676eb0d4b90edbcb'],
    [1000, '398533d48111e9f664b1f64cb10c4b63'],
  ])('hashes %i bytes across block boundaries', (length, digest) => {
    expect(md5('x'.repeat(length))).toBe(digest);
  });
});
