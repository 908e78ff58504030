/** A multipart body of one file; text fields go before the file: the server reads the stream in order. */
export const fileForm = (file: File, fields: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file);
  return form;
};
