package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/northsound/ferrydesk/internal/domain"
	"github.com/northsound/ferrydesk/internal/jobs"
	"github.com/northsound/ferrydesk/internal/provider/stripepay"
	"github.com/northsound/ferrydesk/internal/store"
)

// Refunds issues refunds. Requests are queued and carried out by the
// payment.refund worker, which calls Issue.
type Refunds struct {
	store   store.Store
	gateway PaymentGateway
	now     Clock
	log     *slog.Logger
}

// NewRefunds builds the refund service.
func NewRefunds(s store.Store, gw PaymentGateway, log *slog.Logger) *Refunds {
	return &Refunds{store: s, gateway: gw, now: SystemClock, log: log.With("service", "refunds")}
}

// GoodwillInput is an agent-initiated partial refund.
type GoodwillInput struct {
	BookingID   uuid.UUID
	AmountCents int64
	Note        string
	AgentID     string
}

// RequestGoodwill queues a goodwill refund and returns its request key.
func (s *Refunds) RequestGoodwill(ctx context.Context, in GoodwillInput) (string, error) {
	if in.AmountCents <= 0 {
		return "", invalid("amount_cents", "must be positive")
	}
	if in.Note == "" {
		return "", invalid("note", "a reason is required for goodwill refunds")
	}
	b, err := s.store.Bookings().Get(ctx, in.BookingID)
	if err != nil {
		return "", err
	}
	refunded, err := s.store.Refunds().TotalForBooking(ctx, b.ID)
	if err != nil {
		return "", err
	}
	if in.AmountCents > b.AmountPaidCents-refunded {
		return "", ErrNotRefundable
	}

	args := jobs.RefundArgs{
		BookingID:   b.ID,
		AmountCents: in.AmountCents,
		Reason:      string(domain.RefundGoodwill),
		RequestKey:  "goodwill:" + uuid.NewString(),
		Note:        fmt.Sprintf("%s (agent %s)", in.Note, in.AgentID),
	}
	opts := &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
	if err := s.store.Jobs().Enqueue(ctx, args, opts); err != nil {
		return "", err
	}
	s.log.InfoContext(ctx, "goodwill refund queued", "booking", b.Reference, "amount", in.AmountCents)
	return args.RequestKey, nil
}

// Issue carries out a queued refund. The refund row is keyed by the
// request key, which also keys the Stripe request.
func (s *Refunds) Issue(ctx context.Context, args jobs.RefundArgs) error {
	payment, err := s.store.Payments().SucceededForBooking(ctx, args.BookingID)
	if errors.Is(err, store.ErrNotFound) {
		s.log.WarnContext(ctx, "refund for booking without a settled payment", "booking", args.BookingID)
		return nil
	}
	if err != nil {
		return err
	}
	amount := min(args.AmountCents, payment.AmountCents)
	if amount <= 0 || payment.StripePaymentIntentID == nil {
		return nil
	}

	r := domain.Refund{
		ID:          uuid.New(),
		BookingID:   args.BookingID,
		PaymentID:   payment.ID,
		RequestKey:  args.RequestKey,
		AmountCents: amount,
		Reason:      domain.RefundReason(args.Reason),
		Note:        args.Note,
		Status:      domain.RefundPending,
	}
	if _, err := s.store.Refunds().Open(ctx, &r); err != nil {
		return err
	}
	if r.Status != domain.RefundPending || r.StripeRefundID != nil {
		return nil
	}

	res, err := s.gateway.Refund(ctx, stripepay.RefundRequest{
		PaymentIntentID: *payment.StripePaymentIntentID,
		AmountCents:     r.AmountCents,
		Reason:          stripeReason(r.Reason),
		Metadata:        map[string]string{"refund_id": r.ID.String(), "booking_id": r.BookingID.String()},
		IdempotencyKey:  "refund:" + r.RequestKey,
	})
	if err != nil {
		return err
	}

	status := domain.RefundPending
	switch res.Status {
	case "succeeded":
		status = domain.RefundSucceeded
	case "failed", "canceled":
		status = domain.RefundFailed
	}
	return s.store.InTx(ctx, func(tx store.Store) error {
		if err := tx.Refunds().Complete(ctx, r.ID, res.RefundID, status, s.now()); err != nil {
			return err
		}
		if r.Reason == domain.RefundGoodwill {
			return nil
		}
		if err := tx.Bookings().MarkRefunded(ctx, r.BookingID); err != nil {
			return err
		}
		return s.reverseMiles(ctx, tx, r.BookingID)
	})
}

// reverseMiles takes back the miles a refunded booking earned. The ledger
// allows one reversal per booking.
func (s *Refunds) reverseMiles(ctx context.Context, tx store.Store, bookingID uuid.UUID) error {
	b, err := tx.Bookings().Get(ctx, bookingID)
	if err != nil || b.MemberID == nil {
		return err
	}
	earned, err := tx.Loyalty().AccruedForBooking(ctx, bookingID)
	if err != nil || earned == 0 {
		return err
	}
	acct, err := tx.Loyalty().Account(ctx, *b.MemberID)
	if err != nil {
		return err
	}
	take := min(earned, acct.BalanceMiles)
	inserted, err := tx.Loyalty().AppendReversal(ctx, domain.LedgerEntry{
		ID:         uuid.New(),
		MemberID:   *b.MemberID,
		BookingID:  &b.ID,
		DeltaMiles: -take,
	})
	if err != nil || !inserted {
		return err
	}
	return tx.Loyalty().AdjustBalance(ctx, *b.MemberID, -take)
}

func stripeReason(r domain.RefundReason) string {
	if r == domain.RefundGoodwill {
		return "requested_by_customer"
	}
	return ""
}
