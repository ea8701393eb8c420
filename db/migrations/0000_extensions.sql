-- Trigram matching for typo-tolerant search; the table migration indexes titles with it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
