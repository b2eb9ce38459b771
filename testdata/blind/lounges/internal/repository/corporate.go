package repository

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/aerolounge/loungepass/internal/domain"
)

type CorporateRepo struct {
	db *sqlx.DB
}

func NewCorporateRepo(db *sqlx.DB) *CorporateRepo { return &CorporateRepo{db: db} }

func (r *CorporateRepo) Get(ctx context.Context, id uuid.UUID) (domain.CorporateAccount, error) {
	return getOne[domain.CorporateAccount](ctx, r.db, `SELECT * FROM corporate_accounts WHERE id = $1`, id)
}

// CreateBatch issues a batch of day passes billed to the account. The account
// row is locked so concurrent batches cannot overshoot the credit limit.
func (r *CorporateRepo) CreateBatch(ctx context.Context, b domain.PassBatch, newPassID func() uuid.UUID) (domain.PassBatch, error) {
	return withTx(ctx, r.db, func(tx *sqlx.Tx) (domain.PassBatch, error) {
		acct, err := getOne[domain.CorporateAccount](ctx, tx,
			`SELECT * FROM corporate_accounts WHERE id = $1 FOR UPDATE`, b.AccountID)
		if err != nil {
			return b, err
		}
		charge := int64(b.Quantity) * b.UnitPriceCents
		if acct.CreditLimitCents > 0 && acct.BalanceDueCents+charge > acct.CreditLimitCents {
			return b, fmt.Errorf("batch of %d exceeds credit limit: %w", b.Quantity, domain.ErrInsufficient)
		}
		stored, err := getOne[domain.PassBatch](ctx, tx,
			`INSERT INTO corporate_pass_batches (id, account_id, lounge_id, quantity, unit_price_cents, po_number, valid_until)
			 VALUES ($1, $2, $3, $4, $5, $6, $7)
			 RETURNING *`,
			b.ID, b.AccountID, b.LoungeID, b.Quantity, b.UnitPriceCents, b.PONumber, b.ValidUntil)
		if err != nil {
			return b, err
		}
		for i := 0; i < b.Quantity; i++ {
			id := newPassID()
			if _, err := tx.ExecContext(ctx,
				`INSERT INTO day_passes (id, lounge_id, purchase_ref, status, price_cents, currency,
				                         valid_from, valid_until, corporate_batch_id)
				 VALUES ($1, $2, $3, 'active', $4, $5, now(), $6, $7)`,
				id, b.LoungeID, fmt.Sprintf("%s/%d", stored.ID, i+1), b.UnitPriceCents, acct.Currency,
				b.ValidUntil, stored.ID); err != nil {
				return b, err
			}
			stored.PassIDs = append(stored.PassIDs, id)
		}
		if _, err := tx.ExecContext(ctx,
			`UPDATE corporate_accounts SET balance_due_cents = balance_due_cents + $2 WHERE id = $1`,
			b.AccountID, charge); err != nil {
			return b, err
		}
		return stored, nil
	})
}
