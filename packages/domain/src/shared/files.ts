/** Largest file accepted anywhere, in bytes (spec 1 §5, spec 2 §5 "Images": 2 MB). */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

/** Message for a file above {@link MAX_UPLOAD_BYTES} (spec 1 §8, spec 2 §8). */
export const FILE_TOO_LARGE_MESSAGE = 'O arquivo deve ter no máximo 2MB';
