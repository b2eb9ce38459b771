package payments

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"

	"github.com/harbourline/hotels/internal/domain"
	"github.com/harbourline/hotels/internal/platform/logx"
	"github.com/harbourline/hotels/internal/platform/sqldb"
	"github.com/harbourline/hotels/internal/providers/stripepay"
	"github.com/harbourline/hotels/internal/reservations"
)

// PreauthCommand places a hold for a reservation's total (or an explicit amount).
type PreauthCommand struct {
	ReservationID   string
	CustomerID      string
	PaymentMethodID string
	AmountMinor     int64
}

// CaptureCommand captures the hold at check-out.
type CaptureCommand struct {
	ReservationID string
	AmountMinor   int64
}

// RefundCommand refunds part of a captured payment.
type RefundCommand struct {
	ReservationID string
	AmountMinor   int64
	Reason        string
}

// Service is the payments use-case API.
type Service interface {
	Preauthorise(ctx context.Context, cmd PreauthCommand) (*Payment, error)
	Capture(ctx context.Context, cmd CaptureCommand) (*Operation, error)
	Refund(ctx context.Context, cmd RefundCommand) (*RefundRecord, error)
	HandleEvent(ctx context.Context, evt stripe.Event) error
}

type service struct {
	repo         Repository
	reservations reservations.Reader
	gateway      stripepay.Gateway
	uow          sqldb.UnitOfWork
	newKey       KeyFunc
	newID        func() string
}

// NewService wires the payments service.
func NewService(repo Repository, res reservations.Reader, gw stripepay.Gateway, uow sqldb.UnitOfWork, opts ...Option) Service {
	s := &service{repo: repo, reservations: res, gateway: gw, uow: uow, newKey: NewOperationKey, newID: uuid.NewString}
	for _, o := range opts {
		o(s)
	}
	return s
}

func (s *service) Preauthorise(ctx context.Context, cmd PreauthCommand) (*Payment, error) {
	res, err := s.reservations.Get(ctx, cmd.ReservationID)
	if err != nil {
		return nil, err
	}
	amount := cmd.AmountMinor
	if amount == 0 {
		amount = res.Total.Minor
	}
	auth, err := s.gateway.Authorize(ctx, stripepay.AuthorizeRequest{
		ReservationID:  res.ID,
		CustomerID:     cmd.CustomerID,
		PaymentMethod:  cmd.PaymentMethodID,
		AmountMinor:    amount,
		Currency:       res.Total.Currency,
		Description:    fmt.Sprintf("Guarantee for reservation %s (%s)", res.ChannelRef, res.Channel),
		IdempotencyKey: s.newKey(),
	})
	if err != nil {
		return nil, err
	}
	p := &Payment{
		ID:            s.newID(),
		ReservationID: res.ID,
		ProviderRef:   auth.PaymentIntentID,
		Kind:          "preauth",
		Amount:        domain.Money{Minor: auth.AmountMinor, Currency: res.Total.Currency},
		Status:        auth.Status,
	}
	if err := s.repo.InsertPayment(ctx, p); err != nil {
		return nil, err
	}
	return p, nil
}

func (s *service) Capture(ctx context.Context, cmd CaptureCommand) (*Operation, error) {
	auth, err := s.repo.LatestAuthorization(ctx, cmd.ReservationID)
	if err != nil {
		return nil, err
	}
	amount := cmd.AmountMinor
	if amount == 0 {
		amount = auth.Amount.Minor
	}
	var op *Operation
	err = s.uow.Do(ctx, func(ctx context.Context) error {
		var err error
		op, err = s.repo.ClaimOperation(ctx, &Operation{
			ID:            s.newID(),
			OpKey:         OperationKey("capture", cmd.ReservationID),
			ReservationID: cmd.ReservationID,
			Kind:          "capture",
			Amount:        domain.Money{Minor: amount, Currency: auth.Amount.Currency},
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	if op.Status == "succeeded" {
		return op, nil
	}
	captured, err := s.gateway.Capture(ctx, stripepay.CaptureRequest{
		PaymentIntentID: auth.ProviderRef,
		AmountMinor:     op.Amount.Minor,
		IdempotencyKey:  op.ID,
	})
	if err != nil {
		return nil, err
	}
	err = s.uow.Do(ctx, func(ctx context.Context) error {
		if err := s.repo.CompleteOperation(ctx, op.ID, "succeeded", captured.PaymentIntentID); err != nil {
			return err
		}
		_, err := s.repo.SetPaymentStatus(ctx, auth.ProviderRef, "captured")
		return err
	})
	if err != nil {
		return nil, err
	}
	op.Status, op.ProviderRef = "succeeded", captured.PaymentIntentID
	return op, nil
}

func (s *service) Refund(ctx context.Context, cmd RefundCommand) (*RefundRecord, error) {
	auth, err := s.repo.LatestAuthorization(ctx, cmd.ReservationID)
	if err != nil {
		return nil, err
	}
	if auth.Status != "captured" {
		return nil, fmt.Errorf("%w: payment %s is %s", domain.ErrConflict, auth.ProviderRef, auth.Status)
	}
	refund, err := s.gateway.Refund(ctx, stripepay.RefundRequest{
		PaymentIntentID: auth.ProviderRef,
		AmountMinor:     cmd.AmountMinor,
		Reason:          cmd.Reason,
	})
	if err != nil {
		return nil, err
	}
	rec := &RefundRecord{
		ProviderRef:   refund.ID,
		ReservationID: cmd.ReservationID,
		Amount:        domain.Money{Minor: refund.AmountMinor, Currency: auth.Amount.Currency},
		Reason:        cmd.Reason,
	}
	if err := s.repo.InsertRefund(ctx, rec); err != nil {
		return nil, err
	}
	return rec, nil
}

// HandleEvent applies a verified Stripe event exactly once.
func (s *service) HandleEvent(ctx context.Context, evt stripe.Event) error {
	return s.uow.Do(ctx, func(ctx context.Context) error {
		fresh, err := s.repo.MarkEventProcessed(ctx, evt.ID, string(evt.Type))
		if err != nil || !fresh {
			return err
		}
		var pi stripe.PaymentIntent
		switch evt.Type {
		case "payment_intent.amount_capturable_updated", "payment_intent.succeeded",
			"payment_intent.canceled", "payment_intent.payment_failed":
			if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
				return fmt.Errorf("decode %s: %w", evt.Type, err)
			}
		default:
			logx.From(ctx).Debug("ignoring stripe event", "type", evt.Type)
			return nil
		}
		status := map[stripe.EventType]string{
			"payment_intent.amount_capturable_updated": "requires_capture",
			"payment_intent.succeeded":                 "captured",
			"payment_intent.canceled":                  "voided",
			"payment_intent.payment_failed":            "failed",
		}[evt.Type]
		_, err = s.repo.SetPaymentStatus(ctx, pi.ID, status)
		return err
	})
}
