export interface UploadedFile {
  field: string;
  filename: string;
  contentType: string;
  content: Buffer;
}
