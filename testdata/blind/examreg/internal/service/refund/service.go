// Package refund returns exam fees through Stripe.
package refund

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"
	"gorm.io/gorm"

	"github.com/lexicaassess/examreg/internal/model"
	"github.com/lexicaassess/examreg/internal/platform/dbx"
	"github.com/lexicaassess/examreg/internal/platform/events"
	"github.com/lexicaassess/examreg/internal/provider/stripepay"
)

// Gateway is the Stripe refund call.
type Gateway interface {
	Refund(ctx context.Context, req stripepay.RefundRequest) (*stripepay.RefundResult, error)
}

// Store is the part of the payments repository used here.
type Store interface {
	ByRegistration(ctx context.Context, registrationID string) (*model.Payment, error)
	InsertRefund(ctx context.Context, ref *model.Refund) error
	MarkRefunded(ctx context.Context, registrationID string) error
	PendingRefunds(ctx context.Context, limit int) ([]model.RefundRequest, error)
	CompleteRefund(ctx context.Context, id, stripeRefundID string) error
	FailRefundAttempt(ctx context.Context, id, msg string) error
}

// Service issues refunds.
type Service struct {
	db      *gorm.DB
	gateway Gateway
	store   Store
	log     *slog.Logger
}

// New builds a Service.
func New(db *gorm.DB, gw Gateway, store Store, log *slog.Logger) *Service {
	return &Service{db: db, gateway: gw, store: store, log: log}
}

// RefundWithdrawal returns the policy amount of the fee after a withdrawal.
func (s *Service) RefundWithdrawal(ctx context.Context, evt events.WithdrawalAccepted) error {
	pay, err := s.store.ByRegistration(ctx, evt.RegistrationID)
	if err != nil {
		return err
	}
	if pay.Status == model.PayRefunded {
		return nil
	}
	if pay.Status != model.PaySucceeded {
		s.log.WarnContext(ctx, "withdrawal refund for unpaid registration", "registration_id", evt.RegistrationID, "status", pay.Status)
		return nil
	}

	res, err := s.gateway.Refund(ctx, stripepay.RefundRequest{
		IntentID:       pay.IntentID,
		AmountMinor:    evt.RefundMinor,
		Reason:         stripe.RefundReasonRequestedByCustomer,
		RegistrationID: evt.RegistrationID,
	})
	if err != nil {
		return err
	}

	return dbx.InTx(ctx, s.db, func(ctx context.Context) error {
		if err := s.store.InsertRefund(ctx, &model.Refund{
			ID:             uuid.NewString(),
			RegistrationID: evt.RegistrationID,
			StripeRefundID: res.ID,
			AmountMinor:    evt.RefundMinor,
			Reason:         "withdrawal",
		}); err != nil {
			return err
		}
		return s.store.MarkRefunded(ctx, evt.RegistrationID)
	})
}

// DrainQueued processes up to limit queued refund requests (session
// cancellations). Each request carries its own idempotency key, so a request
// interrupted after Stripe accepted it is collapsed on the next run.
func (s *Service) DrainQueued(ctx context.Context, limit int) (int, error) {
	done := 0
	err := dbx.InTx(ctx, s.db, func(ctx context.Context) error {
		reqs, err := s.store.PendingRefunds(ctx, limit)
		if err != nil {
			return err
		}
		for _, rr := range reqs {
			if err := s.refundOne(ctx, rr); err != nil {
				s.log.WarnContext(ctx, "queued refund failed", "request_id", rr.ID, "err", err)
				if ferr := s.store.FailRefundAttempt(ctx, rr.ID, err.Error()); ferr != nil {
					return ferr
				}
				continue
			}
			done++
		}
		return nil
	})
	return done, err
}

func (s *Service) refundOne(ctx context.Context, rr model.RefundRequest) error {
	pay, err := s.store.ByRegistration(ctx, rr.RegistrationID)
	if err != nil {
		return fmt.Errorf("load payment: %w", err)
	}
	res, err := s.gateway.Refund(ctx, stripepay.RefundRequest{
		IntentID:       pay.IntentID,
		AmountMinor:    rr.AmountMinor,
		Reason:         stripe.RefundReasonRequestedByCustomer,
		RegistrationID: rr.RegistrationID,
		IdempotencyKey: "refund-request-" + rr.ID,
	})
	if err != nil {
		return err
	}
	if err := s.store.CompleteRefund(ctx, rr.ID, res.ID); err != nil && !errors.Is(err, dbx.ErrNoRows) {
		return err
	}
	return s.store.MarkRefunded(ctx, rr.RegistrationID)
}
