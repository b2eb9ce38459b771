// Package worker wires stream handlers and scheduled jobs for remit-worker.
package worker

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/sendhome/remit/ent"
	"github.com/sendhome/remit/internal/compliance"
	"github.com/sendhome/remit/internal/disburse"
	"github.com/sendhome/remit/internal/events"
	"github.com/sendhome/remit/internal/notices"
	"github.com/sendhome/remit/internal/platform/ids"
	"github.com/sendhome/remit/internal/settlement"
	"github.com/sendhome/remit/internal/store"
	"github.com/sendhome/remit/internal/stream"
)

// Handlers holds the dependencies of the stream handlers.
type Handlers struct {
	client     *ent.Client
	compliance compliance.Service
	disburse   disburse.Service
	notices    notices.Service
	importer   *settlement.Importer
	log        *slog.Logger
}

func NewHandlers(client *ent.Client, c compliance.Service, d disburse.Service, n notices.Service, im *settlement.Importer, log *slog.Logger) *Handlers {
	return &Handlers{client: client, compliance: c, disburse: d, notices: n, importer: im, log: log}
}

// Table returns the event-type dispatch table.
func (h *Handlers) Table() stream.Table {
	return stream.Table{
		events.TransferFunded:  withTransfer(h.onTransferFunded),
		events.TransferCleared: withTransfer(func(ctx context.Context, _ stream.Message, id uuid.UUID) error { return h.disburse.Plan(ctx, id) }),
		events.PayoutDispatch:  h.onPayoutDispatch,
		events.PayoutCompleted: withTransfer(func(ctx context.Context, _ stream.Message, id uuid.UUID) error {
			return h.notices.PayoutCompleted(ctx, id)
		}),
		events.PickupReady:      withTransfer(func(ctx context.Context, _ stream.Message, id uuid.UUID) error { return h.notices.PickupReady(ctx, id) }),
		events.TransferRefunded: h.onTransferRefunded,
		events.SettlementFileReceived: func(ctx context.Context, m stream.Message) error {
			return h.importer.Import(ctx, m.Get("partner"), m.Get("file_id"), m.Get("business_date"), m.Get("currency"))
		},
	}
}

// withTransfer adapts a handler that needs the transfer_id field.
func withTransfer(fn func(context.Context, stream.Message, uuid.UUID) error) stream.Handler {
	return func(ctx context.Context, m stream.Message) error {
		id, err := uuid.Parse(m.Get("transfer_id"))
		if err != nil {
			// Malformed entries can never succeed; acknowledge them.
			return nil
		}
		return fn(ctx, m, id)
	}
}

func (h *Handlers) onTransferFunded(ctx context.Context, m stream.Message, id uuid.UUID) error {
	return h.compliance.Screen(ctx, m.ID, id)
}

func (h *Handlers) onPayoutDispatch(ctx context.Context, m stream.Message) error {
	id, err := uuid.Parse(m.Get("payout_id"))
	if err != nil {
		h.log.Warn("payout.dispatch without payout_id", "msg_id", m.ID)
		return nil
	}
	return h.disburse.Dispatch(ctx, id)
}

// onTransferRefunded books the refund against the customer's refundable
// balance. Entry IDs derive from the refund, so a redelivery is a no-op.
func (h *Handlers) onTransferRefunded(ctx context.Context, m stream.Message) error {
	refundID, err := uuid.Parse(m.Get("refund_id"))
	if err != nil {
		return nil
	}
	r, err := h.client.Refund.Get(ctx, refundID)
	if err != nil {
		return fmt.Errorf("load refund %s: %w", refundID, err)
	}
	t, err := h.client.Transfer.Get(ctx, r.TransferID)
	if err != nil {
		return err
	}
	entries := store.Pair(r.TransferID, "customer_refundable:"+t.CustomerID, "stripe_clearing", r.Amount, r.Currency, "refund")
	entries[0].ID = ids.Derive(ids.LedgerNS, "refund", refundID.String(), "debit")
	entries[1].ID = ids.Derive(ids.LedgerNS, "refund", refundID.String(), "credit")
	return store.NewLedgerRepo(h.client).PostOnce(ctx, entries...)
}
