-- Accounts, companies and the email delivery log.
-- Emails are unique case-insensitively through an index on lower(email) (no citext extension needed).

CREATE TABLE companies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  industry_id text NOT NULL,
  size_id text NOT NULL,
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  display_name text NOT NULL,
  role text NOT NULL CHECK (role IN ('Admin', 'PartnerAdmin', 'SuperUser', 'User')),
  language text NOT NULL DEFAULT 'en-US',
  password_hash text,
  email_confirmed boolean NOT NULL DEFAULT false,
  two_factor_enabled boolean NOT NULL DEFAULT false,
  localized_reports boolean NOT NULL DEFAULT false,
  company_id uuid REFERENCES companies (id) ON DELETE SET NULL,
  failed_logins integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  -- Part of every token; bumping it (password change) invalidates the tokens issued before.
  token_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_company_id_idx ON users (company_id);

-- Companies a PartnerAdmin works with.
CREATE TABLE user_companies (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, company_id)
);

-- Units a user is limited to; the units table and its foreign key come with the companies feature.
CREATE TABLE user_units (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  unit_id uuid NOT NULL,
  PRIMARY KEY (user_id, unit_id)
);

-- Reset and confirmation codes and two-factor sessions; only hashes are stored.
CREATE TABLE account_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('reset', 'confirm', 'two_factor')),
  code_hash text NOT NULL,
  session_hash text,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_codes_user_idx ON account_codes (user_id, purpose);
CREATE UNIQUE INDEX account_codes_session_key ON account_codes (session_hash);

-- One row per delivery event (spec administration.md section 9 lists the events).
CREATE TABLE email_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  event text NOT NULL CHECK (event IN ('request', 'delivered', 'unique_opened', 'opened',
    'proxy_open', 'error', 'click', 'soft_bounce', 'hard_bounce', 'invalid_email', 'deferred',
    'unsubscribed', 'spam')),
  email text NOT NULL,
  subject text NOT NULL DEFAULT '',
  reason text,
  message_id text
);
CREATE INDEX email_log_created_at_idx ON email_log (created_at DESC);
CREATE INDEX email_log_message_id_idx ON email_log (message_id);
