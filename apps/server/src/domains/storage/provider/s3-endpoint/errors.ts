/** A refusal in S3's own terms: the HTTP status, S3's error code and its message. */
export class S3Error extends Error {
  override readonly name = 'S3Error';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const accessDenied = () => new S3Error(403, 'AccessDenied', 'Access Denied');
export const noSuchBucket = () => new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
export const noSuchKey = () => new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
export const noSuchUpload = () =>
  new S3Error(
    404,
    'NoSuchUpload',
    'The specified multipart upload does not exist. The upload ID might not be valid, or the multipart upload might have been aborted or completed.',
  );
/** S3's words when object lock keeps an object. */
export const protectedByLock = () => new S3Error(403, 'AccessDenied', 'Access Denied because object protected by object lock.');
export const notImplemented = () =>
  new S3Error(501, 'NotImplemented', 'A header or query you provided implies functionality that is not implemented.');
