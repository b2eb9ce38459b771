package repo

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/pooltrack/vanpool/internal/domain"
	"github.com/pooltrack/vanpool/internal/platform/db"
)

// Reimbursements persists driver expense claims, bank accounts, payouts and
// the driver ledger.
type Reimbursements struct {
	newID func() uuid.UUID
}

// NewReimbursements returns a Reimbursements repository.
func NewReimbursements() *Reimbursements {
	return &Reimbursements{newID: uuid.New}
}

const claimCols = `id, driver_member_id, vanpool_id, category, amount_cents, incurred_on,
	coalesce(receipt_url, ''), description, status, coalesce(approved_by, ''), created_at`

func scanClaim(row pgx.Row) (*domain.ReimbursementClaim, error) {
	var c domain.ReimbursementClaim
	err := row.Scan(&c.ID, &c.DriverMemberID, &c.VanpoolID, &c.Category, &c.AmountCents, &c.IncurredOn,
		&c.ReceiptURL, &c.Description, &c.Status, &c.ApprovedBy, &c.CreatedAt)
	if err != nil {
		return nil, db.NotFound(err)
	}
	return &c, nil
}

// CreateClaim files a new claim and returns it with its assigned id.
func (r *Reimbursements) CreateClaim(ctx context.Context, q db.Querier, c domain.ReimbursementClaim) (*domain.ReimbursementClaim, error) {
	c.ID = r.newID()
	out, err := scanClaim(q.QueryRow(ctx, `
		INSERT INTO reimbursement_claims (id, driver_member_id, vanpool_id, category, amount_cents, incurred_on,
			receipt_url, description)
		VALUES ($1, $2, $3, $4, $5, $6, nullif($7, ''), $8)
		RETURNING `+claimCols,
		c.ID, c.DriverMemberID, c.VanpoolID, c.Category, c.AmountCents, c.IncurredOn, c.ReceiptURL, c.Description))
	if err != nil {
		return nil, fmt.Errorf("reimbursements: create claim: %w", err)
	}
	return out, nil
}

// GetClaim loads a claim.
func (r *Reimbursements) GetClaim(ctx context.Context, q db.Querier, id uuid.UUID) (*domain.ReimbursementClaim, error) {
	out, err := scanClaim(q.QueryRow(ctx, `SELECT `+claimCols+` FROM reimbursement_claims WHERE id = $1`, id))
	if err != nil {
		return nil, fmt.Errorf("reimbursements: get claim %s: %w", id, err)
	}
	return out, nil
}

// ApproveClaim moves a submitted claim to approved. ok=false means the claim
// was not in the submitted state.
func (r *Reimbursements) ApproveClaim(ctx context.Context, q db.Querier, id uuid.UUID, approver string) (bool, error) {
	tag, err := q.Exec(ctx, `
		UPDATE reimbursement_claims SET status = 'approved', approved_by = $2, updated_at = now()
		WHERE id = $1 AND status = 'submitted'`, id, approver)
	if err != nil {
		return false, fmt.Errorf("reimbursements: approve: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// MarkClaimPaid moves an approved claim to paid.
func (r *Reimbursements) MarkClaimPaid(ctx context.Context, q db.Querier, id uuid.UUID) error {
	_, err := q.Exec(ctx, `
		UPDATE reimbursement_claims SET status = 'paid', updated_at = now()
		WHERE id = $1 AND status = 'approved'`, id)
	if err != nil {
		return fmt.Errorf("reimbursements: mark claim paid: %w", err)
	}
	return nil
}

// UpsertBankAccount stores or replaces a driver's payout account.
func (r *Reimbursements) UpsertBankAccount(ctx context.Context, q db.Querier, a domain.BankAccount) error {
	_, err := q.Exec(ctx, `
		INSERT INTO driver_bank_accounts (driver_member_id, account_holder, routing_number, account_last4, account_token)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (driver_member_id) DO UPDATE
		SET account_holder = EXCLUDED.account_holder,
		    routing_number = EXCLUDED.routing_number,
		    account_last4 = EXCLUDED.account_last4,
		    account_token = EXCLUDED.account_token,
		    updated_at = now()`,
		a.DriverMemberID, a.AccountHolder, a.RoutingNumber, a.AccountLast4, a.AccountToken)
	if err != nil {
		return fmt.Errorf("reimbursements: upsert bank account: %w", err)
	}
	return nil
}

// BankAccount loads a driver's payout account.
func (r *Reimbursements) BankAccount(ctx context.Context, q db.Querier, driverID uuid.UUID) (*domain.BankAccount, error) {
	var a domain.BankAccount
	err := q.QueryRow(ctx, `
		SELECT driver_member_id, account_holder, routing_number, account_last4, account_token
		FROM driver_bank_accounts WHERE driver_member_id = $1`, driverID).
		Scan(&a.DriverMemberID, &a.AccountHolder, &a.RoutingNumber, &a.AccountLast4, &a.AccountToken)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, domain.ErrNoBankAccount
	}
	if err != nil {
		return nil, fmt.Errorf("reimbursements: bank account: %w", err)
	}
	return &a, nil
}

const payoutCols = `id, claim_id, amount_cents, status, coalesce(provider_transfer_id, '')`

// EnsurePayout creates the payout row for a claim if it does not exist yet and
// returns the row as stored.
func (r *Reimbursements) EnsurePayout(ctx context.Context, q db.Querier, p domain.Payout) (*domain.Payout, error) {
	_, err := q.Exec(ctx, `
		INSERT INTO reimbursement_payouts (id, claim_id, amount_cents)
		VALUES ($1, $2, $3)
		ON CONFLICT (claim_id) DO NOTHING`, p.ID, p.ClaimID, p.AmountCents)
	if err != nil {
		return nil, fmt.Errorf("reimbursements: ensure payout: %w", err)
	}
	var out domain.Payout
	err = q.QueryRow(ctx, `SELECT `+payoutCols+` FROM reimbursement_payouts WHERE claim_id = $1`, p.ClaimID).
		Scan(&out.ID, &out.ClaimID, &out.AmountCents, &out.Status, &out.ProviderTransferID)
	if err != nil {
		return nil, fmt.Errorf("reimbursements: load payout: %w", err)
	}
	return &out, nil
}

// AppendAttempt writes one row to the payout attempt log.
func (r *Reimbursements) AppendAttempt(ctx context.Context, q db.Querier, payoutID uuid.UUID, attempt int, outcome, detail string) error {
	_, err := q.Exec(ctx, `
		INSERT INTO payout_attempts (id, payout_id, attempt, outcome, detail)
		VALUES ($1, $2, $3, $4, nullif($5, ''))`, uuid.New(), payoutID, attempt, outcome, detail)
	if err != nil {
		return fmt.Errorf("reimbursements: append attempt: %w", err)
	}
	return nil
}

// MarkPayoutSent records the provider's transfer id.
func (r *Reimbursements) MarkPayoutSent(ctx context.Context, q db.Querier, id uuid.UUID, transferID string) error {
	_, err := q.Exec(ctx, `
		UPDATE reimbursement_payouts SET status = 'sent', provider_transfer_id = $2, sent_at = now()
		WHERE id = $1 AND status = 'pending'`, id, transferID)
	if err != nil {
		return fmt.Errorf("reimbursements: mark payout sent: %w", err)
	}
	return nil
}

// CreditLedger posts a payout to the driver's ledger once.
func (r *Reimbursements) CreditLedger(ctx context.Context, q db.Querier, driverID, payoutID uuid.UUID, amount int64, memo string) error {
	_, err := q.Exec(ctx, `
		INSERT INTO driver_ledger (id, driver_member_id, payout_id, amount_cents, memo)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (payout_id) DO NOTHING`, uuid.New(), driverID, payoutID, amount, memo)
	if err != nil {
		return fmt.Errorf("reimbursements: credit ledger: %w", err)
	}
	return nil
}
