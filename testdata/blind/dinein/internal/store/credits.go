package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// CreditRepository persists customer credit: wallets, grants and promos.
type CreditRepository interface {
	AddToWallet(ctx context.Context, q Querier, customerID uuid.UUID, cents int64) (balance int64, err error)
	WalletBalance(ctx context.Context, q Querier, customerID uuid.UUID) (int64, error)
	InsertGrant(ctx context.Context, q Querier, g *CreditGrant) error
	// InsertGrantOnce inserts a grant whose ID is derived from its cause and
	// reports whether it was new.
	InsertGrantOnce(ctx context.Context, q Querier, g *CreditGrant) (bool, error)
	ListGrants(ctx context.Context, q Querier, customerID uuid.UUID, limit int) ([]CreditGrant, error)

	PromoByCodeForUpdate(ctx context.Context, tx pgx.Tx, code string) (*Promo, error)
	InsertRedemption(ctx context.Context, q Querier, promoID, customerID uuid.UUID) (bool, error)
	IncrementRedeemed(ctx context.Context, q Querier, promoID uuid.UUID) error
}

type pgCredits struct{}

// NewCreditRepository returns the Postgres credit repository.
func NewCreditRepository() *pgCredits { return &pgCredits{} }

func (r *pgCredits) AddToWallet(ctx context.Context, q Querier, customerID uuid.UUID, cents int64) (int64, error) {
	var bal int64
	err := q.QueryRow(ctx, `
		INSERT INTO customer_wallets (customer_id, balance_cents) VALUES ($1, $2)
		ON CONFLICT (customer_id) DO UPDATE
		SET balance_cents = customer_wallets.balance_cents + EXCLUDED.balance_cents, updated_at = now()
		RETURNING balance_cents`, customerID, cents).Scan(&bal)
	return bal, mapErr(err)
}

func (r *pgCredits) WalletBalance(ctx context.Context, q Querier, customerID uuid.UUID) (int64, error) {
	var bal int64
	err := q.QueryRow(ctx,
		`SELECT balance_cents FROM customer_wallets WHERE customer_id = $1`, customerID).Scan(&bal)
	if err == pgx.ErrNoRows {
		return 0, nil
	}
	return bal, err
}

func (r *pgCredits) InsertGrant(ctx context.Context, q Querier, g *CreditGrant) error {
	_, err := q.Exec(ctx, `
		INSERT INTO credit_grants (id, customer_id, source, amount_cents, note, granted_by, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		g.ID, g.CustomerID, g.Source, g.AmountCents, g.Note, g.GrantedBy, g.ExpiresAt)
	return mapErr(err)
}

func (r *pgCredits) InsertGrantOnce(ctx context.Context, q Querier, g *CreditGrant) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO credit_grants (id, customer_id, source, amount_cents, note, granted_by, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (id) DO NOTHING`,
		g.ID, g.CustomerID, g.Source, g.AmountCents, g.Note, g.GrantedBy, g.ExpiresAt)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *pgCredits) ListGrants(ctx context.Context, q Querier, customerID uuid.UUID, limit int) ([]CreditGrant, error) {
	rows, err := q.Query(ctx, `
		SELECT id, customer_id, source, amount_cents, note, granted_by, expires_at, created_at
		FROM credit_grants WHERE customer_id = $1 ORDER BY created_at DESC LIMIT $2`, customerID, limit)
	if err != nil {
		return nil, err
	}
	return collect(rows, func(row pgx.Row) (CreditGrant, error) {
		var g CreditGrant
		err := row.Scan(&g.ID, &g.CustomerID, &g.Source, &g.AmountCents, &g.Note, &g.GrantedBy,
			&g.ExpiresAt, &g.CreatedAt)
		return g, err
	})
}

func (r *pgCredits) PromoByCodeForUpdate(ctx context.Context, tx pgx.Tx, code string) (*Promo, error) {
	var p Promo
	err := tx.QueryRow(ctx, `
		SELECT id, code, amount_cents, max_redemptions, redeemed_count, starts_at, expires_at, active
		FROM promos WHERE code = $1 FOR UPDATE`, code).
		Scan(&p.ID, &p.Code, &p.AmountCents, &p.MaxRedemptions, &p.RedeemedCount,
			&p.StartsAt, &p.ExpiresAt, &p.Active)
	if err != nil {
		return nil, mapErr(err)
	}
	return &p, nil
}

func (r *pgCredits) InsertRedemption(ctx context.Context, q Querier, promoID, customerID uuid.UUID) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO promo_redemptions (promo_id, customer_id) VALUES ($1, $2)
		ON CONFLICT (promo_id, customer_id) DO NOTHING`, promoID, customerID)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *pgCredits) IncrementRedeemed(ctx context.Context, q Querier, promoID uuid.UUID) error {
	_, err := q.Exec(ctx,
		`UPDATE promos SET redeemed_count = redeemed_count + 1 WHERE id = $1`, promoID)
	return err
}

// PromoUsable reports whether p can be redeemed at now.
func PromoUsable(p *Promo, now time.Time) bool {
	return p.Active && !now.Before(p.StartsAt) && now.Before(p.ExpiresAt) && p.RedeemedCount < p.MaxRedemptions
}
