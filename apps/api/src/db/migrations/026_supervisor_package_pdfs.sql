-- The PDF of a sent package (issue 32), built by the send job on the server in each language its
-- supervisors read, and written in the same transaction as the package's row and mails: the link
-- serves it as stored. A language nobody asked for is built when first opened and not kept.
CREATE TABLE supervisor_package_pdfs (
  package_id uuid NOT NULL REFERENCES supervisor_packages (id) ON DELETE CASCADE,
  language text NOT NULL,
  pdf bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (package_id, language)
);
