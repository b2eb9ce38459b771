package consumers

import (
	"context"
	"strings"

	"github.com/oklog/ulid/v2"

	"github.com/hammerline/auctions/internal/domain"
	"github.com/hammerline/auctions/internal/events"
	"github.com/hammerline/auctions/internal/natsx"
	"github.com/hammerline/auctions/internal/platform/logx"
	"github.com/hammerline/auctions/internal/platform/pgdb"
	"github.com/hammerline/auctions/internal/store"
)

// InvoiceStore issues invoices.
type InvoiceStore interface {
	Get(ctx context.Context, q pgdb.Querier, id string) (domain.Order, error)
	InsertInvoice(ctx context.Context, q pgdb.Querier, id string, o domain.Order) (int64, error)
}

// InvoiceWriter issues the buyer's invoice once payment is captured.
type InvoiceWriter struct {
	db     pgdb.Querier
	orders InvoiceStore
}

// NewInvoiceWriter wires an InvoiceWriter.
func NewInvoiceWriter(db pgdb.Querier, o InvoiceStore) *InvoiceWriter {
	return &InvoiceWriter{db: db, orders: o}
}

// Handle writes the invoice for a paid order.
func (w *InvoiceWriter) Handle(ctx context.Context, _ natsx.Delivery, ev events.PaymentCaptured) error {
	order, err := w.orders.Get(ctx, w.db, ev.OrderID)
	if err != nil {
		return err
	}
	invoiceID := "inv_" + strings.ToLower(ulid.Make().String())
	number, err := w.orders.InsertInvoice(ctx, w.db, invoiceID, order)
	if err != nil {
		return err
	}
	logx.From(ctx).Info("invoice issued", "order", order.ID, "invoice", invoiceID, "number", number)
	return nil
}

// EscrowLedger moves escrowed funds.
type EscrowLedger interface {
	Append(ctx context.Context, q pgdb.Querier, entries ...domain.LedgerEntry) error
	SetSettlementStatus(ctx context.Context, q pgdb.Querier, orderID, status string) error
}

// OrderReader loads orders.
type OrderReader interface {
	Get(ctx context.Context, q pgdb.Querier, id string) (domain.Order, error)
}

// DeliverySignaler wakes the settlement workflow.
type DeliverySignaler interface {
	SignalDelivered(ctx context.Context, orderID string) error
}

// EscrowReleaser makes the seller's net available once the buyer has the
// item, then lets the settlement workflow pay out.
type EscrowReleaser struct {
	db     pgdb.DB
	inbox  Inbox
	orders OrderReader
	ledger EscrowLedger
	signal DeliverySignaler
	fees   domain.Fees
}

// NewEscrowReleaser wires an EscrowReleaser.
func NewEscrowReleaser(db pgdb.DB, inbox Inbox, o OrderReader, l EscrowLedger, s DeliverySignaler, fees domain.Fees) *EscrowReleaser {
	return &EscrowReleaser{db: db, inbox: inbox, orders: o, ledger: l, signal: s, fees: fees}
}

const escrowConsumer = "escrow-release"

// Handle releases escrow for a delivered shipment.
func (e *EscrowReleaser) Handle(ctx context.Context, d natsx.Delivery, ev events.ShipmentDelivered) error {
	key := d.Key()
	done, err := e.inbox.Seen(ctx, e.db, escrowConsumer, key)
	if err != nil {
		return err
	}
	if done {
		return nil
	}
	order, err := e.orders.Get(ctx, e.db, ev.OrderID)
	if err != nil {
		return err
	}
	amount := e.fees.SellerNet(order.HammerCents) + order.ShippingCents
	escrow := domain.AcctSellerEscrow + ":" + order.SellerID
	available := domain.AcctSellerAvailable + ":" + order.SellerID
	err = pgdb.Tx(ctx, e.db, func(q pgdb.Querier) error {
		if err := e.ledger.Append(ctx, q, store.Move(order.ID, escrow, available, amount, "released on delivery")...); err != nil {
			return err
		}
		return e.ledger.SetSettlementStatus(ctx, q, order.ID, "released")
	})
	if err != nil {
		return err
	}
	if err := e.signal.SignalDelivered(ctx, order.ID); err != nil {
		return err
	}
	return e.inbox.Record(ctx, e.db, escrowConsumer, key)
}
