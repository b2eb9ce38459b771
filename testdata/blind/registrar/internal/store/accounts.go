// Package store implements the Postgres repositories.
package store

import (
	"context"
	"fmt"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/tldhouse/registrar/internal/db"
	"github.com/tldhouse/registrar/internal/model"
)

type Accounts struct {
	conn *db.Conn
}

func NewAccounts(conn *db.Conn) *Accounts { return &Accounts{conn: conn} }

var accountCols = []string{"id", "email", "display_name", "coalesce(gateway_customer_id, '')", "credit_balance_cents", "currency", "created_at"}

func scanAccount(row pgx.Row) (model.Account, error) {
	var a model.Account
	err := row.Scan(&a.ID, &a.Email, &a.DisplayName, &a.GatewayCustomerID, &a.CreditBalance, &a.Currency, &a.CreatedAt)
	return a, err
}

func (r *Accounts) Get(ctx context.Context, id uuid.UUID) (model.Account, error) {
	q := db.SB.Select(accountCols...).From("accounts").Where(sq.Eq{"id": id})
	return db.Get(ctx, r.conn.Q(ctx), q, scanAccount)
}

// PrincipalForToken resolves an API token hash to its account and role.
func (r *Accounts) PrincipalForToken(ctx context.Context, tokenHash string) (model.Principal, error) {
	q := db.SB.Select("account_id", "role").From("api_tokens").
		Where(sq.Eq{"token_hash": tokenHash, "revoked_at": nil})
	return db.Get(ctx, r.conn.Q(ctx), q, func(row pgx.Row) (model.Principal, error) {
		var p model.Principal
		err := row.Scan(&p.AccountID, &p.Role)
		return p, err
	})
}

// AdjustBalance adds delta (negative to debit) to the account's credit balance
// and returns the new balance.
func (r *Accounts) AdjustBalance(ctx context.Context, id uuid.UUID, delta int64) (int64, error) {
	q := db.SB.Update("accounts").
		Set("credit_balance_cents", sq.Expr("credit_balance_cents + ?", delta)).
		Where(sq.Eq{"id": id}).
		Suffix("RETURNING credit_balance_cents")
	return db.Get(ctx, r.conn.Q(ctx), q, func(row pgx.Row) (int64, error) {
		var b int64
		err := row.Scan(&b)
		return b, err
	})
}

func (r *Accounts) AppendLedger(ctx context.Context, e model.LedgerEntry) error {
	if e.CreatedAt.IsZero() {
		e.CreatedAt = time.Now().UTC()
	}
	q := db.SB.Insert("credit_ledger").
		Columns("id", "account_id", "amount_cents", "reason", "reference", "created_at").
		Values(e.ID, e.AccountID, e.AmountCents, e.Reason, e.Reference, e.CreatedAt)
	if _, err := db.Exec(ctx, r.conn.Q(ctx), q); err != nil {
		return fmt.Errorf("append ledger: %w", err)
	}
	return nil
}
