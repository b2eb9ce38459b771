package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// BankAccounts persists freelancers' payout destinations. The bank details
// themselves live at the payouts provider; we keep the recipient id.
type BankAccounts struct{}

const bankCols = `id, freelancer_id, provider_recipient_id, holder_name, last4, country, currency, is_default, created_at`

func scanBank(row pgx.Row) (BankAccount, error) {
	var b BankAccount
	err := row.Scan(&b.ID, &b.FreelancerID, &b.ProviderRecipientID, &b.HolderName, &b.Last4, &b.Country, &b.Currency, &b.IsDefault, &b.CreatedAt)
	return b, err
}

func (BankAccounts) Insert(ctx context.Context, q Querier, b BankAccount) error {
	_, err := q.Exec(ctx, `
		INSERT INTO bank_accounts (id, freelancer_id, provider_recipient_id, holder_name, last4, country, currency, is_default)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		b.ID, b.FreelancerID, b.ProviderRecipientID, b.HolderName, b.Last4, b.Country, b.Currency, b.IsDefault)
	return wrap("bank_accounts.insert", err)
}

func (BankAccounts) Get(ctx context.Context, q Querier, id string) (BankAccount, error) {
	b, err := scanBank(q.QueryRow(ctx, `SELECT `+bankCols+` FROM bank_accounts WHERE id = $1`, id))
	return b, one("bank_accounts.get", err)
}

// Default returns the freelancer's default account.
func (BankAccounts) Default(ctx context.Context, q Querier, freelancerID string) (BankAccount, error) {
	b, err := scanBank(q.QueryRow(ctx, `SELECT `+bankCols+` FROM bank_accounts WHERE freelancer_id = $1 AND is_default`, freelancerID))
	return b, one("bank_accounts.default", err)
}

// HasAny reports whether the freelancer has any bank account yet.
func (BankAccounts) HasAny(ctx context.Context, q Querier, freelancerID string) (bool, error) {
	var ok bool
	err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM bank_accounts WHERE freelancer_id = $1)`, freelancerID).Scan(&ok)
	return ok, wrap("bank_accounts.has_any", err)
}

// ClearDefault unsets the default flag on all of a freelancer's accounts.
func (BankAccounts) ClearDefault(ctx context.Context, q Querier, freelancerID string) error {
	_, err := q.Exec(ctx, `UPDATE bank_accounts SET is_default = false WHERE freelancer_id = $1 AND is_default`, freelancerID)
	return wrap("bank_accounts.clear_default", err)
}

// MarkDefault sets the default flag on one account.
func (BankAccounts) MarkDefault(ctx context.Context, q Querier, freelancerID, id string) (bool, error) {
	tag, err := q.Exec(ctx, `UPDATE bank_accounts SET is_default = true WHERE id = $1 AND freelancer_id = $2`, id, freelancerID)
	if err != nil {
		return false, wrap("bank_accounts.mark_default", err)
	}
	return tag.RowsAffected() == 1, nil
}

// Payouts persists withdrawals to bank accounts.
type Payouts struct{}

const payoutCols = `id, freelancer_id, bank_account_id, request_key, amount_minor, currency, status, idempotency_key,
	COALESCE(provider_payout_id, ''), COALESCE(failure_reason, ''), submitted_at, created_at`

func scanPayout(row pgx.Row) (Payout, error) {
	var p Payout
	err := row.Scan(&p.ID, &p.FreelancerID, &p.BankAccountID, &p.RequestKey, &p.AmountMinor, &p.Currency, &p.Status,
		&p.IdempotencyKey, &p.ProviderPayoutID, &p.FailureReason, &p.SubmittedAt, &p.CreatedAt)
	return p, err
}

// InsertIfAbsent stores the payout unless the freelancer already made a
// request with the same key; it returns the stored payout either way.
func (Payouts) InsertIfAbsent(ctx context.Context, q Querier, p Payout) (Payout, bool, error) {
	got, err := scanPayout(q.QueryRow(ctx, `
		INSERT INTO payouts (id, freelancer_id, bank_account_id, request_key, amount_minor, currency, status, idempotency_key)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (freelancer_id, request_key) DO NOTHING
		RETURNING `+payoutCols,
		p.ID, p.FreelancerID, p.BankAccountID, p.RequestKey, p.AmountMinor, p.Currency, p.Status, p.IdempotencyKey))
	if err == nil {
		return got, true, nil
	}
	if err != pgx.ErrNoRows {
		return Payout{}, false, wrap("payouts.insert", err)
	}
	got, err = scanPayout(q.QueryRow(ctx, `
		SELECT `+payoutCols+` FROM payouts WHERE freelancer_id = $1 AND request_key = $2`, p.FreelancerID, p.RequestKey))
	return got, false, one("payouts.get_existing", err)
}

func (Payouts) Get(ctx context.Context, q Querier, id string) (Payout, error) {
	p, err := scanPayout(q.QueryRow(ctx, `SELECT `+payoutCols+` FROM payouts WHERE id = $1`, id))
	return p, one("payouts.get", err)
}

func (Payouts) GetForUpdate(ctx context.Context, q Querier, id string) (Payout, error) {
	p, err := scanPayout(q.QueryRow(ctx, `SELECT `+payoutCols+` FROM payouts WHERE id = $1 FOR UPDATE`, id))
	return p, one("payouts.get_for_update", err)
}

func (Payouts) GetByProviderID(ctx context.Context, q Querier, providerPayoutID string) (Payout, error) {
	p, err := scanPayout(q.QueryRow(ctx, `SELECT `+payoutCols+` FROM payouts WHERE provider_payout_id = $1 FOR UPDATE`, providerPayoutID))
	return p, one("payouts.get_by_provider_id", err)
}

// MarkSubmitted records the provider payout id after a successful create.
func (Payouts) MarkSubmitted(ctx context.Context, q Querier, id, providerPayoutID string) (bool, error) {
	tag, err := q.Exec(ctx, `
		UPDATE payouts SET status = 'submitted', provider_payout_id = $2, submitted_at = now(), updated_at = now()
		WHERE id = $1 AND status IN ('queued', 'retrying')`, id, providerPayoutID)
	if err != nil {
		return false, wrap("payouts.mark_submitted", err)
	}
	return tag.RowsAffected() == 1, nil
}

// MarkPaid moves a submitted payout to paid.
func (Payouts) MarkPaid(ctx context.Context, q Querier, id string) (bool, error) {
	tag, err := q.Exec(ctx, `
		UPDATE payouts SET status = 'paid', updated_at = now()
		WHERE id = $1 AND status = 'submitted'`, id)
	if err != nil {
		return false, wrap("payouts.mark_paid", err)
	}
	return tag.RowsAffected() == 1, nil
}

// MarkFailed moves a queued or submitted payout to failed.
func (Payouts) MarkFailed(ctx context.Context, q Querier, id, reason string) (bool, error) {
	tag, err := q.Exec(ctx, `
		UPDATE payouts SET status = 'failed', failure_reason = $2, updated_at = now()
		WHERE id = $1 AND status IN ('queued', 'retrying', 'submitted')`, id, reason)
	if err != nil {
		return false, wrap("payouts.mark_failed", err)
	}
	return tag.RowsAffected() == 1, nil
}

// MarkReturned records that the bank sent a paid payout back.
func (Payouts) MarkReturned(ctx context.Context, q Querier, id, reason string) (bool, error) {
	tag, err := q.Exec(ctx, `
		UPDATE payouts SET status = 'returned', failure_reason = $2, updated_at = now()
		WHERE id = $1 AND status = 'paid'`, id, reason)
	if err != nil {
		return false, wrap("payouts.mark_returned", err)
	}
	return tag.RowsAffected() == 1, nil
}

// PrepareRetry points a failed (or stuck retrying) payout at a bank account
// and records the idempotency key for the new provider attempt.
func (Payouts) PrepareRetry(ctx context.Context, q Querier, id, bankAccountID, idempotencyKey string) (bool, error) {
	tag, err := q.Exec(ctx, `
		UPDATE payouts
		SET status = 'retrying', bank_account_id = $2, idempotency_key = $3, failure_reason = NULL, updated_at = now()
		WHERE id = $1 AND status IN ('failed', 'retrying')`, id, bankAccountID, idempotencyKey)
	if err != nil {
		return false, wrap("payouts.prepare_retry", err)
	}
	return tag.RowsAffected() == 1, nil
}

// ListSubmittedBefore returns submitted payouts we have not heard about since cutoff.
func (Payouts) ListSubmittedBefore(ctx context.Context, q Querier, cutoff time.Time, limit int) ([]Payout, error) {
	rows, err := q.Query(ctx, `
		SELECT `+payoutCols+` FROM payouts
		WHERE status = 'submitted' AND submitted_at < $1
		ORDER BY submitted_at LIMIT $2`, cutoff, limit)
	if err != nil {
		return nil, wrap("payouts.list_submitted_before", err)
	}
	return collect(rows, scanPayout)
}

// ReleaseTaxHolds queues every payout that was waiting on a tax form and
// returns their ids.
func (Payouts) ReleaseTaxHolds(ctx context.Context, q Querier, freelancerID string) ([]string, error) {
	rows, err := q.Query(ctx, `
		UPDATE payouts SET status = 'queued', updated_at = now()
		WHERE freelancer_id = $1 AND status = 'blocked_tax'
		RETURNING id`, freelancerID)
	if err != nil {
		return nil, wrap("payouts.release_tax_holds", err)
	}
	return collect(rows, func(row pgx.Row) (string, error) {
		var id string
		err := row.Scan(&id)
		return id, err
	})
}

// AppendAttempt logs one provider interaction for a payout. The log is
// append-only; every call gets its own row.
func (Payouts) AppendAttempt(ctx context.Context, q Querier, a PayoutAttempt) error {
	if a.ID == "" {
		a.ID = uuid.NewString()
	}
	_, err := q.Exec(ctx, `
		INSERT INTO payout_attempts (id, payout_id, kind, provider_status, error)
		VALUES ($1, $2, $3, NULLIF($4, ''), NULLIF($5, ''))`, a.ID, a.PayoutID, a.Kind, a.ProviderStatus, a.Error)
	return wrap("payouts.append_attempt", err)
}
