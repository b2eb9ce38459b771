// Package payments runs the money movements around a booking: the deposit
// hold, its capture or release, cancellation refunds and tips.
package payments

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/pawtrail-labs/pawtrail/internal/apperr"
	"github.com/pawtrail-labs/pawtrail/internal/idgen"
	"github.com/pawtrail-labs/pawtrail/internal/store"
	"github.com/pawtrail-labs/pawtrail/internal/stripegw"
)

// Gateway is the Stripe surface the service uses.
type Gateway interface {
	HoldDeposit(ctx context.Context, r stripegw.HoldRequest) (stripegw.Intent, error)
	Capture(ctx context.Context, r stripegw.CaptureRequest) (stripegw.Intent, error)
	ReleaseHold(ctx context.Context, paymentIntentID string) error
	Refund(ctx context.Context, r stripegw.RefundRequest) (string, error)
	ChargeOffSession(ctx context.Context, r stripegw.ChargeRequest) (stripegw.Intent, error)
}

type Bookings interface {
	Get(ctx context.Context, id uuid.UUID) (store.Booking, error)
	Owner(ctx context.Context, id uuid.UUID) (store.Owner, error)
}

type Deposits interface {
	Get(ctx context.Context, bookingID uuid.UUID) (store.Deposit, error)
	Save(ctx context.Context, p store.UpsertDepositParams) (store.Deposit, error)
	MarkCaptured(ctx context.Context, bookingID uuid.UUID) (bool, error)
	MarkReleased(ctx context.Context, bookingID uuid.UUID) (bool, error)
}

type Refunds interface {
	Get(ctx context.Context, id uuid.UUID) (store.Refund, error)
	Complete(ctx context.Context, id uuid.UUID, stripeRefundID *string) (bool, error)
}

type Tips interface {
	Claim(ctx context.Context, bookingID uuid.UUID, requestKey string, amount int64) (store.Tip, bool, error)
	MarkSucceeded(ctx context.Context, id uuid.UUID, piID string) (bool, error)
}

type Ledger interface {
	AddEarning(ctx context.Context, e store.Earning) error
}

type Transactor interface {
	Do(ctx context.Context, fn func(ctx context.Context) error) error
}

type Service struct {
	gw       Gateway
	bookings Bookings
	deposits Deposits
	refunds  Refunds
	tips     Tips
	ledger   Ledger
	tx       Transactor
	fees     FeeSchedule
	log      *slog.Logger
}

type Options struct {
	Gateway  Gateway
	Bookings Bookings
	Deposits Deposits
	Refunds  Refunds
	Tips     Tips
	Ledger   Ledger
	Tx       Transactor
	Fees     FeeSchedule
	Logger   *slog.Logger
}

func NewService(o Options) *Service {
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return &Service{
		gw: o.Gateway, bookings: o.Bookings, deposits: o.Deposits, refunds: o.Refunds,
		tips: o.Tips, ledger: o.Ledger, tx: o.Tx, fees: o.Fees, log: o.Logger,
	}
}

// HoldDeposit authorises the full booking price on the owner's card.
func (s *Service) HoldDeposit(ctx context.Context, ownerID, bookingID uuid.UUID, paymentMethodID string) (store.Deposit, error) {
	b, err := s.bookings.Get(ctx, bookingID)
	if err != nil {
		return store.Deposit{}, mapNotFound(err)
	}
	if b.OwnerID != ownerID {
		return store.Deposit{}, apperr.ErrForbidden
	}
	if b.Status != store.BookingRequested {
		return store.Deposit{}, apperr.Conflict("booking is " + b.Status)
	}
	if dep, err := s.deposits.Get(ctx, b.ID); err == nil && dep.Status != store.DepositPending {
		return dep, nil
	} else if err != nil && !errors.Is(err, store.ErrNotFound) {
		return store.Deposit{}, err
	}

	owner, err := s.bookings.Owner(ctx, b.OwnerID)
	if err != nil {
		return store.Deposit{}, err
	}
	if paymentMethodID == "" && owner.DefaultPaymentMethod != nil {
		paymentMethodID = *owner.DefaultPaymentMethod
	}
	if paymentMethodID == "" {
		return store.Deposit{}, apperr.Invalid("no payment method on file")
	}

	key := idgen.New("dephold")
	intent, err := s.gw.HoldDeposit(ctx, stripegw.HoldRequest{
		CustomerID:      owner.StripeCustomerID,
		PaymentMethodID: paymentMethodID,
		Amount:          b.PriceCents,
		Currency:        b.Currency,
		BookingID:       b.ID,
		IdempotencyKey:  key,
	})
	if err != nil {
		if errors.Is(err, stripegw.ErrCardDeclined) {
			return store.Deposit{}, fmt.Errorf("%w: %v", apperr.ErrPaymentFailed, err)
		}
		return store.Deposit{}, err
	}
	status := store.DepositPending
	if intent.Status == "requires_capture" {
		status = store.DepositHeld
	}
	return s.deposits.Save(ctx, store.UpsertDepositParams{
		BookingID:       b.ID,
		PaymentIntentID: intent.ID,
		AmountCents:     b.PriceCents,
		Currency:        b.Currency,
		Status:          status,
	})
}

// CaptureDeposit runs from the capture_deposit job a day before the start.
func (s *Service) CaptureDeposit(ctx context.Context, bookingID uuid.UUID) error {
	b, err := s.bookings.Get(ctx, bookingID)
	if err != nil {
		return err
	}
	if b.Status == store.BookingCancelled {
		return nil
	}
	dep, err := s.deposits.Get(ctx, bookingID)
	if err != nil {
		return err
	}
	switch dep.Status {
	case store.DepositCaptured, store.DepositReleased:
		return nil
	case store.DepositHeld:
	default:
		return fmt.Errorf("capture: deposit for %s is %s", bookingID, dep.Status)
	}

	if _, err := s.gw.Capture(ctx, stripegw.CaptureRequest{
		PaymentIntentID: dep.PaymentIntentID,
		IdempotencyKey:  idgen.Derive("deposit-capture", bookingID.String()),
	}); err != nil {
		return err
	}
	_, err = s.deposits.MarkCaptured(ctx, bookingID)
	return err
}

// ExecuteRefund pays a refund row created by a cancellation.
func (s *Service) ExecuteRefund(ctx context.Context, refundID uuid.UUID) error {
	ref, err := s.refunds.Get(ctx, refundID)
	if err != nil {
		return err
	}
	if ref.Status != "pending" {
		return nil
	}
	dep, err := s.deposits.Get(ctx, ref.BookingID)
	if err != nil {
		return err
	}
	b, err := s.bookings.Get(ctx, ref.BookingID)
	if err != nil {
		return err
	}

	var stripeRefundID *string
	captured := dep.Status == store.DepositCaptured
	if captured {
		id, err := s.gw.Refund(ctx, stripegw.RefundRequest{
			PaymentIntentID: dep.PaymentIntentID,
			Amount:          ref.AmountCents,
			Reason:          ref.Reason,
			BookingID:       ref.BookingID,
		})
		if err != nil {
			return err
		}
		stripeRefundID = &id
	} else {
		if err := s.gw.ReleaseHold(ctx, dep.PaymentIntentID); err != nil {
			return err
		}
		if _, err := s.deposits.MarkReleased(ctx, dep.BookingID); err != nil {
			return err
		}
	}

	return s.tx.Do(ctx, func(ctx context.Context) error {
		ok, err := s.refunds.Complete(ctx, ref.ID, stripeRefundID)
		if err != nil || !ok || !captured {
			return err
		}
		// Claw back the sitter's share of what was refunded.
		return s.ledger.AddEarning(ctx, store.Earning{
			SitterID:    b.SitterID,
			BookingID:   b.ID,
			Kind:        "refund_adjustment",
			AmountCents: -s.fees.SitterShare(ref.AmountCents),
		})
	})
}

// Tip charges the owner a tip that goes in full to the sitter. requestKey is
// the client's Idempotency-Key header.
func (s *Service) Tip(ctx context.Context, ownerID, bookingID uuid.UUID, requestKey string, amount int64) (store.Tip, error) {
	if requestKey == "" {
		return store.Tip{}, apperr.Invalid("Idempotency-Key header is required")
	}
	if amount < 100 || amount > 50000 {
		return store.Tip{}, apperr.Invalid("tip must be between $1 and $500")
	}
	b, err := s.bookings.Get(ctx, bookingID)
	if err != nil {
		return store.Tip{}, mapNotFound(err)
	}
	if b.OwnerID != ownerID {
		return store.Tip{}, apperr.ErrForbidden
	}
	if b.Status != store.BookingCompleted {
		return store.Tip{}, apperr.Conflict("tips are only possible after the booking")
	}

	tip, _, err := s.tips.Claim(ctx, b.ID, requestKey, amount)
	if err != nil {
		return store.Tip{}, err
	}
	if tip.Status == "succeeded" {
		return tip, nil
	}

	owner, err := s.bookings.Owner(ctx, b.OwnerID)
	if err != nil {
		return store.Tip{}, err
	}
	if owner.DefaultPaymentMethod == nil {
		return store.Tip{}, apperr.Invalid("no payment method on file")
	}
	intent, err := s.gw.ChargeOffSession(ctx, stripegw.ChargeRequest{
		CustomerID:      owner.StripeCustomerID,
		PaymentMethodID: *owner.DefaultPaymentMethod,
		Amount:          tip.AmountCents,
		Currency:        b.Currency,
		Description:     "Tip for your Pawtrail sitter",
		Metadata:        map[string]string{"booking_id": b.ID.String(), "purpose": "tip", "tip_id": tip.ID.String()},
		IdempotencyKey:  idgen.Derive("tip", tip.ID.String()),
	})
	if err != nil {
		return store.Tip{}, err
	}

	err = s.tx.Do(ctx, func(ctx context.Context) error {
		ok, err := s.tips.MarkSucceeded(ctx, tip.ID, intent.ID)
		if err != nil || !ok {
			return err
		}
		return s.ledger.AddEarning(ctx, store.Earning{
			SitterID: b.SitterID, BookingID: b.ID, Kind: "tip", AmountCents: tip.AmountCents,
		})
	})
	if err != nil {
		return store.Tip{}, err
	}
	tip.Status, tip.PaymentIntentID = "succeeded", &intent.ID
	return tip, nil
}

func mapNotFound(err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return apperr.ErrNotFound
	}
	return err
}
