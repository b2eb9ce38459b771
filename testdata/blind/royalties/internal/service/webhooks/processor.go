// Package webhooks applies Stripe Connect events to payouts and the
// ledger.
package webhooks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v76"

	"github.com/soundledger/royalties/internal/domain"
	"github.com/soundledger/royalties/internal/platform/ids"
	"github.com/soundledger/royalties/internal/platform/logging"
	"github.com/soundledger/royalties/internal/platform/txm"
	"github.com/soundledger/royalties/internal/provider/mailer"
	"github.com/soundledger/royalties/internal/provider/stripex"
	"github.com/soundledger/royalties/internal/queue"
	"github.com/soundledger/royalties/internal/service/notify"
	"github.com/soundledger/royalties/internal/store"
)

// Processor handles verified Stripe events.
type Processor interface {
	Process(ctx context.Context, evt stripe.Event, raw []byte) error
}

type handlerFunc func(ctx context.Context, evt stripe.Event) error

// Deps are the collaborators of the processor.
type Deps struct {
	Tx                   txm.Manager
	Events               store.Events
	Payouts              store.Payouts
	Statements           store.Statements
	Artists              store.Artists
	Ledger               store.Ledger
	Queue                queue.Enqueuer
	Notifier             notify.Notifier
	FailedPayoutFeeCents int64
}

type processor struct {
	d        Deps
	handlers map[string]handlerFunc
}

// New returns a Processor.
func New(d Deps) Processor {
	p := &processor{d: d}
	p.handlers = map[string]handlerFunc{
		stripex.EventTransferPaid:     p.once(p.transferPaid),
		stripex.EventPayoutPaid:       p.once(p.payoutPaid),
		stripex.EventPayoutFailed:     p.payoutFailed,
		stripex.EventTransferReversed: p.transferReversed,
	}
	return p
}

// Process implements Processor. Every delivery is kept in the raw
// delivery log before it is dispatched; unknown event types are
// acknowledged.
func (p *processor) Process(ctx context.Context, evt stripe.Event, raw []byte) error {
	if err := p.d.Events.LogDelivery(ctx, store.WebhookDelivery{
		ID:        ids.NewULID(),
		Provider:  "stripe",
		EventID:   evt.ID,
		EventType: string(evt.Type),
		Payload:   json.RawMessage(raw),
	}); err != nil {
		logging.FromContext(ctx).Warn("log webhook delivery", slog.Any("err", err))
	}
	h, ok := p.handlers[string(evt.Type)]
	if !ok {
		return nil
	}
	return h(logging.With(ctx, slog.String("event_id", evt.ID), slog.String("event_type", string(evt.Type))), evt)
}

// once runs h in a transaction that first claims the event ID, so a
// redelivered event is acknowledged without being applied again.
func (p *processor) once(h handlerFunc) handlerFunc {
	return func(ctx context.Context, evt stripe.Event) error {
		return p.d.Tx.WithinTx(ctx, func(ctx context.Context) error {
			first, err := p.d.Events.Claim(ctx, evt.ID, string(evt.Type))
			if err != nil {
				return err
			}
			if !first {
				logging.FromContext(ctx).Info("duplicate stripe event")
				return nil
			}
			return h(ctx, evt)
		})
	}
}

func (p *processor) transferPaid(ctx context.Context, evt stripe.Event) error {
	obj, err := stripex.DecodeObject[stripex.TransferObject](evt)
	if err != nil {
		return err
	}
	payout, err := p.payoutForTransfer(ctx, obj)
	if errors.Is(err, domain.ErrNotFound) {
		logging.FromContext(ctx).Warn("transfer not created by royalties", slog.String("transfer", obj.ID))
		return nil
	}
	if err != nil {
		return err
	}
	moved, err := p.d.Payouts.Transition(ctx, payout.ID,
		[]string{domain.PayoutPending, domain.PayoutSubmitted}, domain.PayoutPaid, "")
	if err != nil || !moved {
		return err
	}
	if payout.StatementID != "" {
		if _, err := p.d.Statements.Transition(ctx, payout.StatementID,
			[]string{domain.StatementApproved}, domain.StatementPaid); err != nil {
			return err
		}
	}
	artist, err := p.d.Artists.Get(ctx, payout.ArtistID)
	if err != nil {
		return err
	}
	if artist.PayoutSchedule == "manual" {
		return nil
	}
	_, err = p.d.Queue.Enqueue(ctx, queue.PayoutBankArgs{TransferPayoutID: payout.ID}, nil)
	return err
}

// payoutForTransfer finds our payout for a Stripe transfer. The transfer's
// metadata carries the payout ID; the webhook can arrive before the
// transfer ID has been written back to the payout row.
func (p *processor) payoutForTransfer(ctx context.Context, obj stripex.TransferObject) (domain.Payout, error) {
	if id := obj.Metadata["payout_id"]; id != "" {
		return p.d.Payouts.Get(ctx, id)
	}
	return p.d.Payouts.GetByStripeTransfer(ctx, obj.ID)
}

func (p *processor) payoutPaid(ctx context.Context, evt stripe.Event) error {
	obj, err := stripex.DecodeObject[stripex.PayoutObject](evt)
	if err != nil {
		return err
	}
	payout, err := p.d.Payouts.GetByStripePayout(ctx, obj.ID)
	if errors.Is(err, domain.ErrNotFound) {
		logging.FromContext(ctx).Warn("payout not created by royalties", slog.String("payout", obj.ID))
		return nil
	}
	if err != nil {
		return err
	}
	moved, err := p.d.Payouts.Transition(ctx, payout.ID, []string{domain.PayoutSubmitted}, domain.PayoutPaid, "")
	if err != nil || !moved {
		return err
	}
	_, err = p.d.Queue.Enqueue(ctx, queue.PayoutNoticeArgs{PayoutID: payout.ID}, nil)
	return err
}

// payoutFailed marks the bank payout failed and passes Stripe's failed
// payout fee on to the artist.
func (p *processor) payoutFailed(ctx context.Context, evt stripe.Event) error {
	seen, err := p.d.Events.Seen(ctx, evt.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	obj, err := stripex.DecodeObject[stripex.PayoutObject](evt)
	if err != nil {
		return err
	}
	payout, err := p.d.Payouts.GetByStripePayout(ctx, obj.ID)
	if err != nil {
		return err
	}

	err = p.d.Tx.WithinTx(ctx, func(ctx context.Context) error {
		if _, err := p.d.Payouts.Transition(ctx, payout.ID,
			[]string{domain.PayoutSubmitted, domain.PayoutPaid}, domain.PayoutFailed, obj.FailureCode); err != nil {
			return err
		}
		if p.d.FailedPayoutFeeCents == 0 {
			return nil
		}
		return p.d.Ledger.Append(ctx, domain.LedgerEntry{
			ID:          ids.NewULID(),
			ArtistID:    payout.ArtistID,
			EntryType:   domain.EntryAdjustment,
			AmountCents: -p.d.FailedPayoutFeeCents,
			Currency:    payout.Currency,
			RefType:     "stripe_payout",
			RefID:       obj.ID,
			Memo:        "failed payout fee: " + obj.FailureCode,
		})
	})
	if err != nil {
		return fmt.Errorf("apply payout.failed: %w", err)
	}

	artist, err := p.d.Artists.Get(ctx, payout.ArtistID)
	if err != nil {
		return err
	}
	if _, err := p.d.Notifier.PayoutFailed(ctx, artist, payout, obj.FailureMessage,
		mailer.WithIdempotencyKey(uuid.NewString())); err != nil {
		return fmt.Errorf("notify payout failure: %w", err)
	}
	return p.d.Events.MarkSeen(ctx, evt.ID, string(evt.Type))
}

// transferReversed credits the artist when finance reverses a transfer back
// to the platform balance (for example when a connected account is closed
// before its balance was paid out). Finance only issues full reversals.
func (p *processor) transferReversed(ctx context.Context, evt stripe.Event) error {
	obj, err := stripex.DecodeObject[stripex.TransferObject](evt)
	if err != nil {
		return err
	}
	payout, err := p.payoutForTransfer(ctx, obj)
	if err != nil {
		return err
	}
	entry := domain.LedgerEntry{
		ID:          ids.NewULID(),
		ArtistID:    payout.ArtistID,
		EntryType:   domain.EntryTransferReversal,
		AmountCents: obj.AmountReversed,
		Currency:    obj.Currency,
		RefType:     "stripe_transfer",
		RefID:       obj.ID,
		Memo:        "transfer reversed",
	}
	return p.d.Ledger.Append(ctx, entry)
}
