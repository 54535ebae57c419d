import { carousel } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, mountResource } from '../../resources/engine.ts';
import { FILE_ROUTE } from '../resource/files.ts';

/**
 * 轮播图 (blade-basic/carousel): the generic calls, in their order (catalog defaultSort: sort, smallest
 * first). The picture is a file of the store (or an http(s) address) and the link http(s) or a path of
 * the site, so that the portal never draws or follows a `javascript:` or `data:` address.
 */
const MSG = {
  image: { zh: '图片地址无效，请重新上传图片', en: 'The picture is not valid: upload it again' },
  link: {
    zh: '跳转链接须以 http://、https:// 或 / 开头',
    en: 'The link must start with http://, https:// or /',
  },
} as const;

const WEB_ADDRESS = /^https?:\/\/[^\s/]+\S*$/i;
/** A path of the site: one slash, not two (//host is another site). */
const SITE_PATH = /^\/(?!\/)\S*$/;

export function registerCarousel(app: FastifyInstance, platform: Platform) {
  const resource = createResource(platform, carousel, {
    async beforeSave({ values }) {
      const image = values.imageUrl;
      if (typeof image === 'string' && !image.startsWith(`${FILE_ROUTE}/`) && !WEB_ADDRESS.test(image)) {
        throw badRequest(MSG.image);
      }
      const link = values.linkUrl;
      if (typeof link === 'string' && link !== '' && !WEB_ADDRESS.test(link) && !SITE_PATH.test(link)) {
        throw badRequest(MSG.link);
      }
    },
  });
  mountResource(app, resource);
}
