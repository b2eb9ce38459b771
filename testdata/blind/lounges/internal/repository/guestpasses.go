package repository

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/aerolounge/loungepass/internal/domain"
)

type GuestPassRepo struct {
	db *sqlx.DB
}

func NewGuestPassRepo(db *sqlx.DB) *GuestPassRepo { return &GuestPassRepo{db: db} }

// debit takes n passes from the membership's balance, failing with
// ErrInsufficient when the balance is too low.
func debit(ctx context.Context, q sqlx.ExecerContext, membershipID uuid.UUID, n int) error {
	affected, err := execAffected(ctx, q,
		`UPDATE memberships SET guest_pass_balance = guest_pass_balance - $2, updated_at = now()
		  WHERE id = $1 AND guest_pass_balance >= $2`, membershipID, n)
	if err != nil {
		return err
	}
	if affected == 0 {
		return domain.ErrInsufficient
	}
	return nil
}

func credit(ctx context.Context, q sqlx.ExecerContext, membershipID uuid.UUID, n int) error {
	_, err := q.ExecContext(ctx,
		`UPDATE memberships SET guest_pass_balance = guest_pass_balance + $2, updated_at = now()
		  WHERE id = $1`, membershipID, n)
	return err
}

// Admit spends one guest pass and records the guest on the visit.
func (r *GuestPassRepo) Admit(ctx context.Context, a domain.GuestAdmission) (domain.GuestAdmission, error) {
	return withTx(ctx, r.db, func(tx *sqlx.Tx) (domain.GuestAdmission, error) {
		if err := debit(ctx, tx, a.MembershipID, 1); err != nil {
			return domain.GuestAdmission{}, err
		}
		row, err := getOne[domain.GuestAdmission](ctx, tx,
			`INSERT INTO guest_admissions (id, visit_id, membership_id, guest_name, admitted_at)
			 VALUES ($1, $2, $3, $4, $5) RETURNING *`,
			a.ID, a.VisitID, a.MembershipID, a.GuestName, a.AdmittedAt)
		if err != nil {
			return domain.GuestAdmission{}, err
		}
		if _, err := tx.ExecContext(ctx,
			`UPDATE visits SET guest_count = guest_count + 1 WHERE id = $1`, a.VisitID); err != nil {
			return domain.GuestAdmission{}, err
		}
		return row, nil
	})
}

// GrantAllowance records the period's allowance and credits the balance.
func (r *GuestPassRepo) GrantAllowance(ctx context.Context, g domain.GuestPassGrant) error {
	return inTx(ctx, r.db, func(tx *sqlx.Tx) error {
		if _, err := tx.ExecContext(ctx,
			`INSERT INTO guest_pass_grants (id, membership_id, period, quantity) VALUES ($1, $2, $3, $4)`,
			g.ID, g.MembershipID, g.Period, g.Quantity); err != nil {
			return err
		}
		return credit(ctx, tx, g.MembershipID, g.Quantity)
	})
}

// RecordPurchase stores a paid bundle and credits the passes.
func (r *GuestPassRepo) RecordPurchase(ctx context.Context, p domain.GuestPassPurchase) (domain.GuestPassPurchase, error) {
	return withTx(ctx, r.db, func(tx *sqlx.Tx) (domain.GuestPassPurchase, error) {
		row, err := getOne[domain.GuestPassPurchase](ctx, tx,
			`INSERT INTO guest_pass_purchases (id, membership_id, quantity, amount_cents, currency, stripe_payment_intent_id)
			 VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
			p.ID, p.MembershipID, p.Quantity, p.AmountCents, p.Currency, p.StripePaymentIntentID)
		if err != nil {
			return row, err
		}
		return row, credit(ctx, tx, p.MembershipID, p.Quantity)
	})
}

// Debit takes n passes from the balance in its own statement.
func (r *GuestPassRepo) Debit(ctx context.Context, membershipID uuid.UUID, n int) error {
	return debit(ctx, r.db, membershipID, n)
}

type TransferRepo struct {
	db *sqlx.DB
}

func NewTransferRepo(db *sqlx.DB) *TransferRepo { return &TransferRepo{db: db} }

func (r *TransferRepo) GetByRequestKey(ctx context.Context, membershipID uuid.UUID, key string) (domain.GuestPassTransfer, error) {
	return getOne[domain.GuestPassTransfer](ctx, r.db,
		`SELECT * FROM guest_pass_transfers WHERE from_membership_id = $1 AND request_key = $2`, membershipID, key)
}

func (r *TransferRepo) Get(ctx context.Context, id uuid.UUID) (domain.GuestPassTransfer, error) {
	return getOne[domain.GuestPassTransfer](ctx, r.db, `SELECT * FROM guest_pass_transfers WHERE id = $1`, id)
}

func (r *TransferRepo) Create(ctx context.Context, t domain.GuestPassTransfer) (domain.GuestPassTransfer, error) {
	row, _, err := insertOrGet[domain.GuestPassTransfer](ctx, r.db,
		`INSERT INTO guest_pass_transfers (id, from_membership_id, request_key, recipient_email, claim_code, status)
		 VALUES ($1, $2, $3, $4, $5, 'pending')
		 ON CONFLICT ON CONSTRAINT guest_pass_transfers_request_key DO NOTHING
		 RETURNING *`,
		[]any{t.ID, t.FromMembershipID, t.RequestKey, t.RecipientEmail, t.ClaimCode},
		`SELECT * FROM guest_pass_transfers WHERE from_membership_id = $1 AND request_key = $2`,
		t.FromMembershipID, t.RequestKey)
	return row, err
}

// Claim hands a pending transfer to the claimant and credits their balance.
// Claiming a transfer already claimed by the same membership returns it.
func (r *TransferRepo) Claim(ctx context.Context, code string, claimant uuid.UUID, at time.Time) (domain.GuestPassTransfer, error) {
	return withTx(ctx, r.db, func(tx *sqlx.Tx) (domain.GuestPassTransfer, error) {
		t, err := getOne[domain.GuestPassTransfer](ctx, tx,
			`UPDATE guest_pass_transfers
			    SET status = 'claimed', claimed_by = $2, claimed_at = $3
			  WHERE claim_code = $1 AND status = 'pending'
			RETURNING *`, code, claimant, at)
		if errors.Is(err, domain.ErrNotFound) {
			existing, err := getOne[domain.GuestPassTransfer](ctx, tx,
				`SELECT * FROM guest_pass_transfers WHERE claim_code = $1`, code)
			if err != nil {
				return existing, err
			}
			if existing.ClaimedBy != nil && *existing.ClaimedBy == claimant {
				return existing, nil
			}
			return existing, domain.ErrInvalidState
		}
		if err != nil {
			return t, err
		}
		if t.FromMembershipID == claimant {
			return t, domain.ErrValidation
		}
		return t, credit(ctx, tx, claimant, 1)
	})
}
