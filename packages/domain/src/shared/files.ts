/** Largest file accepted anywhere, in bytes (docs/accounts.md "File size": 2 MB). */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

/** Message for a file above {@link MAX_UPLOAD_BYTES} (docs/accounts.md "File size"). */
export const FILE_TOO_LARGE_MESSAGE = 'O arquivo deve ter no máximo 2MB';

/** Largest PDF attached to a timeline record, in bytes (issue 5: images keep {@link MAX_UPLOAD_BYTES}). */
export const MAX_PDF_BYTES = 10 * 1024 * 1024;

/** Message for a PDF above {@link MAX_PDF_BYTES}. */
export const PDF_TOO_LARGE_MESSAGE = 'O arquivo deve ter no máximo 10MB';

/** Largest body of a request that is not a file upload (JSON, form fields), in bytes: 1 MB. */
export const MAX_BODY_BYTES = 1024 * 1024;
