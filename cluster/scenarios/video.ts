import { mediaUrl } from '@shared/domain/media';
import type { TUploadedFile } from '@shared/schemas/media';
import { expect, it } from 'vitest';
import { expectStatus, staffSignIn } from '../../src/server/test/http-flows';
import { mp4 } from '../../src/server/test/media-fixtures';
import { type Cluster, STAFF } from '../harness';

/** Files live in S3, not on a process's disk. */
export function videoScenario(cluster: () => Cluster) {
  it('serves a video uploaded through one process from the others', async () => {
    const staff = cluster().client();
    await staffSignIn(staff, STAFF);
    const video = mp4(300_000);
    const uploaded = await staff.request('POST', '/api/admin/videos/files', {
      body: video,
      headers: { 'content-type': 'video/mp4', 'x-cluster-backend': '0' },
    });
    const file = expectStatus(uploaded, 201, 'uploading').json<TUploadedFile>();
    expectStatus(
      await staff.request('POST', '/api/admin/videos', {
        json: {
          title: 'Cluster clip',
          description: null,
          fileName: file.name,
          thumbnailName: null,
          durationSeconds: null,
          isFeatured: false,
          isPublished: true,
        },
        headers: { 'x-cluster-backend': '1' },
      }),
      201,
      'creating the video',
    );

    // The upload answers staff's preview address; visitors fetch the published file at its public one.
    const publicUrl = mediaUrl('videos', file.name);
    const viewer = cluster().client();
    for (const process of ['1', '2']) {
      const whole = await viewer.request('GET', publicUrl, { headers: { 'x-cluster-backend': process } });
      expect(whole.status).toBe(200);
      expect(whole.body.equals(video)).toBe(true);
      const part = await viewer.request('GET', publicUrl, {
        headers: { 'x-cluster-backend': process, range: 'bytes=1000-1999' },
      });
      expect(part.status).toBe(206);
      expect(part.body.equals(video.subarray(1000, 2000))).toBe(true);
      const list = await viewer.request('GET', '/api/videos', { headers: { 'x-cluster-backend': process } });
      expect(list.text).toContain('Cluster clip');
    }
  });
}
