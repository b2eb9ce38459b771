-- Indexes and uniqueness guarantees.

CREATE UNIQUE INDEX IF NOT EXISTS employees_company_number_uq ON employees (company_id, employee_number);
CREATE UNIQUE INDEX IF NOT EXISTS pay_runs_reference_uq ON pay_runs (reference);
CREATE INDEX IF NOT EXISTS pay_runs_company_period_idx ON pay_runs (company_id, period_start, period_end);
CREATE UNIQUE INDEX IF NOT EXISTS payslips_run_employee_uq ON payslips (pay_run_id, employee_id);
CREATE UNIQUE INDEX IF NOT EXISTS payouts_payslip_uq ON payouts (payslip_id);
CREATE INDEX IF NOT EXISTS payouts_run_status_idx ON payouts (pay_run_id, status);
CREATE INDEX IF NOT EXISTS payouts_transfer_idx ON payouts (provider_transfer_id);
CREATE INDEX IF NOT EXISTS expense_claims_company_status_idx ON expense_claims (company_id, status);
CREATE INDEX IF NOT EXISTS reimbursements_claim_idx ON reimbursements (claim_id);
CREATE INDEX IF NOT EXISTS reimbursement_reversals_transfer_idx ON reimbursement_reversals (stripe_transfer_id);
CREATE UNIQUE INDEX IF NOT EXISTS idempotency_keys_company_key_uq ON idempotency_keys (company_id, key);
CREATE UNIQUE INDEX IF NOT EXISTS webhook_events_provider_event_uq ON webhook_events (provider, event_id);
CREATE UNIQUE INDEX IF NOT EXISTS email_events_provider_event_uq ON email_events (provider_event_id);
CREATE INDEX IF NOT EXISTS final_pay_requests_termination_idx ON final_pay_requests (termination_id);
CREATE UNIQUE INDEX IF NOT EXISTS ledger_accounts_company_code_uq ON ledger_accounts (company_id, code);
CREATE UNIQUE INDEX IF NOT EXISTS journal_entries_company_key_uq ON journal_entries (company_id, idempotency_key);
CREATE INDEX IF NOT EXISTS journal_lines_entry_idx ON journal_lines (entry_id);
