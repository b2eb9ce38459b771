package pgxrepo

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/acme/payroll/internal/domain"
)

type ExpenseRepo struct {
	pool *pgxpool.Pool
}

func NewExpenseRepo(pool *pgxpool.Pool) *ExpenseRepo { return &ExpenseRepo{pool: pool} }

const claimCols = `id, company_id, employee_id, amount_cents, currency, category, description, receipt_url, status, created_at, approved_at, approved_by`

func scanClaim(row pgx.Row) (*domain.ExpenseClaim, error) {
	var (
		c          domain.ExpenseClaim
		status     string
		approvedBy *string
	)
	if err := row.Scan(&c.ID, &c.CompanyID, &c.EmployeeID, &c.AmountCents, &c.Currency, &c.Category,
		&c.Description, &c.ReceiptURL, &status, &c.CreatedAt, &c.ApprovedAt, &approvedBy); err != nil {
		return nil, mapErr(err)
	}
	c.Status = domain.ClaimStatus(status)
	if approvedBy != nil {
		c.ApprovedBy = *approvedBy
	}
	return &c, nil
}

// CreateWithKey stores a new claim under the caller's idempotency key. When the
// key was used before with the same request hash, the original claim is
// returned with replayed=true.
func (r *ExpenseRepo) CreateWithKey(ctx context.Context, key, requestHash string, claim *domain.ExpenseClaim) (stored *domain.ExpenseClaim, replayed bool, err error) {
	err = pgx.BeginFunc(ctx, r.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `
			INSERT INTO idempotency_keys (company_id, key, request_hash)
			VALUES ($1, $2, $3)
			ON CONFLICT (company_id, key) DO NOTHING`, claim.CompanyID, key, requestHash)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			var (
				prevHash   string
				resourceID *uuid.UUID
			)
			if err := tx.QueryRow(ctx, `
				SELECT request_hash, resource_id FROM idempotency_keys
				 WHERE company_id = $1 AND key = $2`, claim.CompanyID, key).Scan(&prevHash, &resourceID); err != nil {
				return err
			}
			if prevHash != requestHash {
				return domain.ErrKeyMismatch
			}
			if resourceID == nil {
				return domain.ErrConflict
			}
			stored, err = scanClaim(tx.QueryRow(ctx, `SELECT `+claimCols+` FROM expense_claims WHERE id = $1`, *resourceID))
			replayed = true
			return err
		}

		stored, err = scanClaim(tx.QueryRow(ctx, `
			INSERT INTO expense_claims (id, company_id, employee_id, amount_cents, currency, category, description, receipt_url, status)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
			RETURNING `+claimCols,
			claim.ID, claim.CompanyID, claim.EmployeeID, claim.AmountCents, claim.Currency, claim.Category,
			claim.Description, claim.ReceiptURL, string(domain.ClaimSubmitted)))
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `
			UPDATE idempotency_keys SET resource_id = $3, response_code = 201
			 WHERE company_id = $1 AND key = $2`, claim.CompanyID, key, stored.ID)
		return err
	})
	return stored, replayed, err
}

func (r *ExpenseRepo) Get(ctx context.Context, id uuid.UUID) (*domain.ExpenseClaim, error) {
	return scanClaim(r.pool.QueryRow(ctx, `SELECT `+claimCols+` FROM expense_claims WHERE id = $1`, id))
}

// SetApproved records the approval on the claim.
func (r *ExpenseRepo) SetApproved(ctx context.Context, id uuid.UUID, approver string, at time.Time) error {
	tag, err := r.pool.Exec(ctx, `
		UPDATE expense_claims SET status = $2, approved_by = $3, approved_at = $4 WHERE id = $1`,
		id, string(domain.ClaimApproved), approver, at)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return domain.ErrNotFound
	}
	return nil
}

// Transition moves a claim from one status to another and reports whether the
// row was in the expected state.
func (r *ExpenseRepo) Transition(ctx context.Context, id uuid.UUID, from, to domain.ClaimStatus) (bool, error) {
	tag, err := r.pool.Exec(ctx,
		`UPDATE expense_claims SET status = $3 WHERE id = $1 AND status = $2`, id, string(from), string(to))
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

var errStop = errors.New("stop")
