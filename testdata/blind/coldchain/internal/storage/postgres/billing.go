package postgres

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/frostline/coldchain/internal/db"
	"github.com/frostline/coldchain/internal/platform"
)

// BillingRepo backs the billing services.
type BillingRepo struct {
	*ShipmentRepo
	pool     *pgxpool.Pool
	q        *db.Queries
	invoices *platform.Store[db.Invoice]
}

func NewBillingRepo(pool *pgxpool.Pool, shipments *ShipmentRepo) *BillingRepo {
	return &BillingRepo{
		ShipmentRepo: shipments,
		pool:         pool,
		q:            db.New(pool),
		invoices:     platform.NewStore(pool, "invoices", "id", db.InvoiceColumns, db.ScanInvoice),
	}
}

func (r *BillingRepo) GetInvoice(ctx context.Context, id string) (db.Invoice, error) {
	return r.invoices.Get(ctx, id)
}

// CreateInvoiceWithLines stores the invoice and its lines in one transaction.
func (r *BillingRepo) CreateInvoiceWithLines(ctx context.Context, inv db.CreateInvoiceParams, lines []db.InvoiceLine) (db.Invoice, error) {
	var out db.Invoice
	err := pgx.BeginFunc(ctx, r.pool, func(tx pgx.Tx) error {
		q := r.q.WithTx(tx)
		created, err := q.CreateInvoice(ctx, inv)
		if err != nil {
			return err
		}
		for _, l := range lines {
			if err := q.InsertInvoiceLine(ctx, l); err != nil {
				return err
			}
		}
		out = created
		return nil
	})
	return out, err
}

func (r *BillingRepo) ShippersWithUninvoicedShipments(ctx context.Context) ([]string, error) {
	return r.q.ListShippersWithUninvoiced(ctx)
}

var errEmptyInvoice = errors.New("no shipments to invoice")

// InvoiceDeliveredShipments creates a freight invoice and claims every
// delivered, uninvoiced shipment of the shipper for it. If no shipment
// was left to claim the transaction is rolled back and ok is false. after
// runs inside the transaction once the invoice is complete.
func (r *BillingRepo) InvoiceDeliveredShipments(ctx context.Context, inv db.CreateInvoiceParams, lineID func() string, after func(pgx.Tx, db.Invoice) error) (db.Invoice, bool, error) {
	var out db.Invoice
	err := pgx.BeginFunc(ctx, r.pool, func(tx pgx.Tx) error {
		q := r.q.WithTx(tx)
		inv.TotalCents = 0
		created, err := q.CreateInvoice(ctx, inv)
		if err != nil {
			return err
		}
		attached, err := q.AttachUninvoicedShipments(ctx, created.ID, inv.ShipperID)
		if err != nil {
			return err
		}
		if len(attached) == 0 {
			return errEmptyInvoice
		}
		var total int64
		for _, a := range attached {
			shipmentID := a.ID
			if err := q.InsertInvoiceLine(ctx, db.InvoiceLine{
				ID:          lineID(),
				InvoiceID:   created.ID,
				ShipmentID:  &shipmentID,
				Description: "Refrigerated freight " + a.ShipperReference,
				AmountCents: a.PriceCents,
			}); err != nil {
				return err
			}
			total += a.PriceCents
		}
		if err := q.SetInvoiceTotal(ctx, created.ID, total); err != nil {
			return err
		}
		created.TotalCents = total
		if after != nil {
			if err := after(tx, created); err != nil {
				return err
			}
		}
		out = created
		return nil
	})
	if errors.Is(err, errEmptyInvoice) {
		return db.Invoice{}, false, nil
	}
	if err != nil {
		return db.Invoice{}, false, err
	}
	return out, true, nil
}

func (r *BillingRepo) MarkInvoiceEmailed(ctx context.Context, id string) error {
	return r.q.MarkInvoiceEmailed(ctx, id)
}

func (r *BillingRepo) InsertPayment(ctx context.Context, p db.Payment) error {
	return r.q.InsertPayment(ctx, p)
}

func (r *BillingRepo) SetPaymentStatus(ctx context.Context, paymentIntentID, status string) error {
	return r.q.SetPaymentStatus(ctx, paymentIntentID, status)
}

func (r *BillingRepo) MarkInvoicePaid(ctx context.Context, id, paymentIntentID string, at time.Time) (int64, error) {
	return r.q.MarkInvoicePaid(ctx, id, paymentIntentID, at)
}

func (r *BillingRepo) InsertLedgerEntry(ctx context.Context, e db.LedgerEntry) error {
	return r.q.InsertLedgerEntry(ctx, e)
}

func (r *BillingRepo) SetShipperStripeCustomer(ctx context.Context, shipperID, customerID string) error {
	return r.q.SetShipperStripeCustomer(ctx, shipperID, customerID)
}

func (r *BillingRepo) SetShipperPaymentMethod(ctx context.Context, shipperID, paymentMethodID string, autopay bool) error {
	return r.q.SetShipperPaymentMethod(ctx, shipperID, paymentMethodID, autopay)
}

// IdempotencyRepo maps client idempotency keys to the resources they
// created.
type IdempotencyRepo struct {
	q *db.Queries
}

func NewIdempotencyRepo(pool *pgxpool.Pool) *IdempotencyRepo {
	return &IdempotencyRepo{q: db.New(pool)}
}

func (r *IdempotencyRepo) Lookup(ctx context.Context, scope, key string) (string, bool, error) {
	k, err := r.q.GetIdempotencyKey(ctx, scope, key)
	if db.IsNotFound(err) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	if k.ResourceID == nil {
		return "", false, nil
	}
	return *k.ResourceID, true, nil
}

func (r *IdempotencyRepo) Save(ctx context.Context, scope, key, resourceID string) error {
	return r.q.SaveIdempotencyKey(ctx, scope, key, resourceID)
}
