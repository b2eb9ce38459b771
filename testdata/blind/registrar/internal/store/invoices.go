package store

import (
	"context"
	"fmt"

	sq "github.com/Masterminds/squirrel"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/tldhouse/registrar/internal/db"
	"github.com/tldhouse/registrar/internal/model"
)

type Invoices struct {
	conn *db.Conn
}

func NewInvoices(conn *db.Conn) *Invoices { return &Invoices{conn: conn} }

var invoiceCols = []string{"id", "account_id", "domain_id", "payment_id", "description", "amount_cents", "currency", "issued_at"}

func scanInvoice(row pgx.Row) (model.Invoice, error) {
	var i model.Invoice
	err := row.Scan(&i.ID, &i.AccountID, &i.DomainID, &i.PaymentID, &i.Description, &i.AmountCents, &i.Currency, &i.IssuedAt)
	return i, err
}

func (r *Invoices) Insert(ctx context.Context, inv model.Invoice) error {
	q := db.SB.Insert("invoices").
		Columns(invoiceCols...).
		Values(inv.ID, inv.AccountID, inv.DomainID, inv.PaymentID, inv.Description, inv.AmountCents, inv.Currency, inv.IssuedAt)
	if _, err := db.Exec(ctx, r.conn.Q(ctx), q); err != nil {
		return fmt.Errorf("insert invoice: %w", err)
	}
	return nil
}

func (r *Invoices) ListForAccount(ctx context.Context, accountID uuid.UUID, limit uint64) ([]model.Invoice, error) {
	q := db.SB.Select(invoiceCols...).From("invoices").Where(sq.Eq{"account_id": accountID}).
		OrderBy("issued_at DESC").Limit(limit)
	return db.Select(ctx, r.conn.Q(ctx), q, scanInvoice)
}
