package store

import (
	"context"
	"time"
)

// Invoice kinds.
const (
	InvoiceRental  = "rental"
	InvoiceTonnage = "tonnage"
	InvoiceHaul    = "haul"
)

// Invoice is a customer bill.
type Invoice struct {
	ID           string     `db:"id"`
	CustomerID   string     `db:"customer_id"`
	RentalID     *string    `db:"rental_id"`
	Kind         string     `db:"kind"`
	PeriodStart  *time.Time `db:"period_start"`
	PeriodEnd    *time.Time `db:"period_end"`
	TotalCents   int64      `db:"total_cents"`
	BalanceCents int64      `db:"balance_cents"`
	Status       string     `db:"status"`
	DueOn        *time.Time `db:"due_on"`
	CreatedAt    time.Time  `db:"created_at"`
}

// InvoiceLine is a charge, attached to an invoice or pending the next one.
type InvoiceLine struct {
	ID          string
	InvoiceID   *string
	CustomerID  string
	TicketID    *string
	PickupID    *string
	Description string
	Quantity    float64
	AmountCents int64
}

// Invoices is the invoice aggregate.
type Invoices interface {
	Insert(ctx context.Context, q Querier, inv Invoice) (Invoice, error)
	Get(ctx context.Context, q Querier, id string) (Invoice, error)
	GetForUpdate(ctx context.Context, q Querier, id string) (Invoice, error)
	InsertLine(ctx context.Context, q Querier, l InvoiceLine) error
	InsertTicketLine(ctx context.Context, q Querier, l InvoiceLine) (bool, error)
	ReverseTicketLine(ctx context.Context, q Querier, ticketID string) (int64, error)
	OpenInvoiceOfKind(ctx context.Context, q Querier, customerID, kind string) (Invoice, error)
	AddCharge(ctx context.Context, q Querier, id string, cents int64) error
	ApplyPayment(ctx context.Context, q Querier, id string, cents int64) error
	Reopen(ctx context.Context, q Querier, id string, cents int64) error
}

type invoiceRepo struct{}

// NewInvoices returns the Postgres invoice repository.
func NewInvoices() Invoices { return invoiceRepo{} }

const invoiceCols = `id, customer_id, rental_id, kind, period_start, period_end, total_cents, balance_cents,
	status, due_on, created_at`

func (invoiceRepo) Insert(ctx context.Context, q Querier, inv Invoice) (Invoice, error) {
	return one[Invoice](q.Query(ctx, `
		INSERT INTO invoices (id, customer_id, rental_id, kind, period_start, period_end,
		                      total_cents, balance_cents, due_on)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8)
		RETURNING `+invoiceCols,
		inv.ID, inv.CustomerID, inv.RentalID, inv.Kind, inv.PeriodStart, inv.PeriodEnd,
		inv.TotalCents, inv.DueOn))
}

func (invoiceRepo) Get(ctx context.Context, q Querier, id string) (Invoice, error) {
	return one[Invoice](q.Query(ctx, `SELECT `+invoiceCols+` FROM invoices WHERE id = $1`, id))
}

func (invoiceRepo) GetForUpdate(ctx context.Context, q Querier, id string) (Invoice, error) {
	return one[Invoice](q.Query(ctx, `SELECT `+invoiceCols+` FROM invoices WHERE id = $1 FOR UPDATE`, id))
}

func (invoiceRepo) InsertLine(ctx context.Context, q Querier, l InvoiceLine) error {
	_, err := q.Exec(ctx, `
		INSERT INTO invoice_lines (id, invoice_id, customer_id, ticket_id, pickup_id, description, quantity, amount_cents)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		l.ID, l.InvoiceID, l.CustomerID, l.TicketID, l.PickupID, l.Description, l.Quantity, l.AmountCents)
	return err
}

func (invoiceRepo) InsertTicketLine(ctx context.Context, q Querier, l InvoiceLine) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO invoice_lines (id, invoice_id, customer_id, ticket_id, description, quantity, amount_cents)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT ON CONSTRAINT invoice_lines_ticket_uq DO NOTHING`,
		l.ID, l.InvoiceID, l.CustomerID, l.TicketID, l.Description, l.Quantity, l.AmountCents)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// ReverseTicketLine returns the amount billed for a ticket, or 0 if none.
func (invoiceRepo) ReverseTicketLine(ctx context.Context, q Querier, ticketID string) (int64, error) {
	var amount int64
	err := q.QueryRow(ctx,
		`SELECT COALESCE(SUM(amount_cents), 0) FROM invoice_lines WHERE ticket_id = $1`, ticketID).Scan(&amount)
	return amount, err
}

func (invoiceRepo) OpenInvoiceOfKind(ctx context.Context, q Querier, customerID, kind string) (Invoice, error) {
	return one[Invoice](q.Query(ctx, `
		SELECT `+invoiceCols+` FROM invoices
		 WHERE customer_id = $1 AND kind = $2 AND status = 'open'
		 ORDER BY created_at DESC LIMIT 1
		 FOR UPDATE`, customerID, kind))
}

func (invoiceRepo) AddCharge(ctx context.Context, q Querier, id string, cents int64) error {
	_, err := q.Exec(ctx, `
		UPDATE invoices SET total_cents = total_cents + $2, balance_cents = balance_cents + $2
		 WHERE id = $1`, id, cents)
	return err
}

func (invoiceRepo) ApplyPayment(ctx context.Context, q Querier, id string, cents int64) error {
	_, err := q.Exec(ctx, `
		UPDATE invoices
		   SET balance_cents = balance_cents - $2,
		       status = CASE WHEN balance_cents - $2 <= 0 THEN 'paid' ELSE status END
		 WHERE id = $1`, id, cents)
	return err
}

func (invoiceRepo) Reopen(ctx context.Context, q Querier, id string, cents int64) error {
	_, err := q.Exec(ctx, `
		UPDATE invoices SET balance_cents = balance_cents + $2, status = 'open'
		 WHERE id = $1`, id, cents)
	return err
}
