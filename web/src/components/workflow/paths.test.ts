import { decodeProcessParams } from '@park/catalog/workflow';
import { describe, expect, it } from 'vitest';
import { detailPath, PROCESS_PATHS, readDetailParams, readStartParams, startPath } from './paths.ts';

const paramsOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

describe('the runtime’s route params', () => {
  it('name a deployment to start, and the draft to go on with when there is one', () => {
    const fresh = startPath('1900000000000000001');
    expect(fresh.startsWith(`${PROCESS_PATHS.start}/`)).toBe(true);
    expect(paramsOf(fresh)).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeProcessParams(paramsOf(fresh))).toEqual({ processDefinitionId: '1900000000000000001' });
    expect(readStartParams(paramsOf(fresh))).toEqual({ processDefinitionId: '1900000000000000001' });

    const draft = startPath('1900000000000000001', '42');
    expect(readStartParams(paramsOf(draft))).toEqual({ processDefinitionId: '1900000000000000001', draftId: '42' });
  });

  it('name a process, at a task when given, below the detail screen asked for', () => {
    const plain = detailPath('7');
    expect(plain.startsWith(`${PROCESS_PATHS.detail}/`)).toBe(true);
    expect(readDetailParams(paramsOf(plain))).toEqual({ processInstanceId: '7' });
    expect(readDetailParams(paramsOf(detailPath('7', null)))).toEqual({ processInstanceId: '7' });

    const atTask = detailPath('7', '9', PROCESS_PATHS.oaDetail);
    expect(atTask.startsWith(`${PROCESS_PATHS.oaDetail}/`)).toBe(true);
    expect(readDetailParams(paramsOf(atTask))).toEqual({ processInstanceId: '7', taskId: '9' });
  });

  it('read nothing from a missing, malformed or foreign params', () => {
    expect(readStartParams(undefined)).toBeUndefined();
    expect(readStartParams('')).toBeUndefined();
    expect(readStartParams('not base64 at all!')).toBeUndefined();
    // A detail's params name no deployment, and a start's no instance.
    expect(readStartParams(paramsOf(detailPath('7')))).toBeUndefined();
    expect(readDetailParams(paramsOf(startPath('1')))).toBeUndefined();
    // JSON, but not an object of strings.
    expect(readDetailParams(btoa('[1,2]'))).toBeUndefined();
    expect(readDetailParams(btoa('{"processInstanceId":7}'))).toBeUndefined();
  });
});
