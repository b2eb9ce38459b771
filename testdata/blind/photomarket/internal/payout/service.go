// Package payout releases photographers' earnings through Stripe Connect
// transfers once the gallery has been delivered.
package payout

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"

	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/lenslane/photomarket/db"
	"github.com/lenslane/photomarket/internal/events"
	"github.com/lenslane/photomarket/internal/ids"
	"github.com/lenslane/photomarket/internal/ledger"
	"github.com/lenslane/photomarket/internal/store"
	"github.com/lenslane/photomarket/internal/stripepay"
)

// ErrPayoutsDisabled means the photographer has not finished Connect
// onboarding; the message is retried until they do.
var ErrPayoutsDisabled = errors.New("photographer payouts are not enabled")

type transferer interface {
	Transfer(ctx context.Context, in stripepay.TransferInput, opts ...stripepay.CallOption) (*stripepay.TransferResult, error)
}

type txRunner interface {
	WithTx(ctx context.Context, fn func(tx store.Tx) error) error
}

// Releaser pays photographers for delivered bookings.
type Releaser struct {
	q         db.Querier
	store     txRunner
	transfers transferer
	logger    *slog.Logger
}

// NewReleaser builds a Releaser.
func NewReleaser(q db.Querier, st txRunner, t transferer, logger *slog.Logger) *Releaser {
	return &Releaser{q: q, store: st, transfers: t, logger: logger}
}

// Handle is the watermill handler for gallery.delivered.
func (r *Releaser) Handle(msg *message.Message) error {
	ev, err := events.Decode[events.GalleryDelivered](msg)
	if err != nil {
		return err
	}
	return r.Release(msg.Context(), ev.BookingID)
}

// Release transfers the photographer's share of a booking.
func (r *Releaser) Release(ctx context.Context, bookingID string) error {
	b, err := r.q.GetBooking(ctx, bookingID)
	if err != nil {
		return err
	}
	p, err := r.q.GetPhotographer(ctx, b.PhotographerID)
	if err != nil {
		return err
	}
	if !p.PayoutsEnabled || !p.StripeAccountID.Valid {
		return ErrPayoutsDisabled
	}
	share, _ := ledger.Earnings(b.TotalCents, p.CommissionBps)

	if err := r.q.EnsurePayout(ctx, db.EnsurePayoutParams{
		ID:             ids.New("po"),
		BookingID:      b.ID,
		PhotographerID: p.ID,
		AmountCents:    share,
		Currency:       b.Currency,
	}); err != nil {
		return err
	}
	po, err := r.q.GetPayoutByBooking(ctx, b.ID)
	if err != nil {
		return err
	}
	if po.ProviderTransferID.Valid {
		return nil
	}

	tr, err := r.transfers.Transfer(ctx, stripepay.TransferInput{
		AmountCents:   po.AmountCents,
		Currency:      po.Currency,
		Destination:   p.StripeAccountID.String,
		TransferGroup: "booking_" + b.ID,
		Description:   fmt.Sprintf("Photomarket payout for booking %s", b.ID),
		Metadata:      map[string]string{"payout_id": po.ID, "booking_id": b.ID},
	})
	if err != nil {
		return err
	}

	return r.store.WithTx(ctx, func(tx store.Tx) error {
		if err := tx.Q.SetPayoutTransfer(ctx, db.SetPayoutTransferParams{
			ID:                 po.ID,
			ProviderTransferID: sql.NullString{String: tr.ID, Valid: true},
		}); err != nil {
			return err
		}
		return ledger.PostWith(ctx, tx.Q,
			ledger.Entry{BookingID: b.ID, PhotographerID: p.ID, Account: ledger.AccountPhotographerOwed,
				AmountCents: -po.AmountCents, Currency: po.Currency, Memo: "payout", SourceRef: tr.ID},
			ledger.Entry{BookingID: b.ID, PhotographerID: p.ID, Account: ledger.AccountPhotographerPaid,
				AmountCents: po.AmountCents, Currency: po.Currency, Memo: "payout", SourceRef: tr.ID},
		)
	})
}
