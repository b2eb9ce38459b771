package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/scriptline/refills/internal/domain"
	"github.com/scriptline/refills/internal/ids"
	"github.com/scriptline/refills/internal/payments"
	"github.com/scriptline/refills/internal/queue"
	"github.com/scriptline/refills/internal/store"
	"github.com/scriptline/refills/internal/tasks"
)

type PaymentService interface {
	ChargeCopay(ctx context.Context, refillID uuid.UUID) error
	RetryCopay(ctx context.Context, in RetryCopayInput) (*domain.PaymentAttempt, error)
}

type RetryCopayInput struct {
	PatientID       uuid.UUID
	RefillID        uuid.UUID
	PaymentMethodID string
	ClientKey       string
}

type PaymentServiceImpl struct {
	patients PatientRepository
	refills  RefillRepository
	claims   ClaimRepository
	payments PaymentRepository
	attempts PaymentAttemptRepository
	gateway  PaymentGateway
	queue    queue.Enqueuer
	uow      store.UnitOfWork
	newID    ids.UUIDFunc
	now      Clock
	log      *slog.Logger
}

func NewPaymentService(
	patients PatientRepository,
	refills RefillRepository,
	claims ClaimRepository,
	paymentRepo PaymentRepository,
	attempts PaymentAttemptRepository,
	gateway PaymentGateway,
	q queue.Enqueuer,
	uow store.UnitOfWork,
	log *slog.Logger,
) *PaymentServiceImpl {
	return &PaymentServiceImpl{
		patients: patients,
		refills:  refills,
		claims:   claims,
		payments: paymentRepo,
		attempts: attempts,
		gateway:  gateway,
		queue:    q,
		uow:      uow,
		newID:    ids.NewUUID,
		now:      time.Now,
		log:      log.With("service", "payments"),
	}
}

// ChargeCopay collects the patient's share of an adjudicated claim from the
// card on file. The payment row is written before Stripe is called and its
// id is the Stripe idempotency key, so a redelivered task finds the same
// PaymentIntent.
func (s *PaymentServiceImpl) ChargeCopay(ctx context.Context, refillID uuid.UUID) error {
	r, err := s.refills.Get(ctx, refillID)
	if err != nil {
		return err
	}
	if r.Status != domain.RefillAwaitingPayment {
		s.log.InfoContext(ctx, "copay not due", "refill_id", r.ID, "status", r.Status)
		return nil
	}
	claim, err := s.claims.FindByRefill(ctx, r.ID)
	if err != nil {
		return err
	}
	if claim.Status != domain.ClaimPaid || claim.CopayCents <= 0 {
		return nil
	}
	patient, err := s.patients.Get(ctx, r.PatientID)
	if err != nil {
		return err
	}

	pay, err := s.copayFor(ctx, r, claim)
	if err != nil {
		return err
	}
	if pay.Status != domain.PaymentPending {
		// Already charged, or Stripe answered processing and the webhook
		// finishes the job, or declined and waiting on the patient.
		return nil
	}

	if patient.StripeCustomerID == nil || patient.DefaultPaymentMethodID == nil {
		return s.markDeclined(ctx, r.ID, pay.ID, nil, "no_payment_method")
	}
	res, err := s.gateway.ChargeOffSession(ctx, payments.ChargeInput{
		CustomerID:      *patient.StripeCustomerID,
		PaymentMethodID: *patient.DefaultPaymentMethodID,
		AmountCents:     pay.AmountCents,
		Currency:        pay.Currency,
		Description:     "Prescription copay",
		Metadata:        map[string]string{"payment_id": pay.ID.String(), "refill_id": r.ID.String()},
		IdempotencyKey:  ids.Derived("copay", pay.ID.String()),
	})
	if errors.Is(err, payments.ErrDeclined) {
		return s.markDeclined(ctx, r.ID, pay.ID, res, res.FailureCode)
	}
	if err != nil {
		return err
	}
	return s.applyCharge(ctx, r.ID, pay.ID, res)
}

func (s *PaymentServiceImpl) copayFor(ctx context.Context, r *domain.RefillRequest, claim *domain.Claim) (*domain.Payment, error) {
	now := s.now().UTC()
	pay := &domain.Payment{
		ID:          s.newID(),
		RefillID:    r.ID,
		PatientID:   r.PatientID,
		Purpose:     domain.PurposeCopay,
		AmountCents: claim.CopayCents,
		Currency:    "usd",
		Status:      domain.PaymentPending,
		CreatedAt:   now,
		UpdatedAt:   now,
	}
	inserted, err := s.payments.CreateIgnoreConflict(ctx, pay, "refill_id", "purpose")
	if err != nil {
		return nil, err
	}
	if !inserted {
		return s.payments.FindCopay(ctx, r.ID)
	}
	return pay, nil
}

func (s *PaymentServiceImpl) applyCharge(ctx context.Context, refillID, paymentID uuid.UUID, res *payments.ChargeResult) error {
	status := domain.PaymentProcessing
	if res.Succeeded() {
		status = domain.PaymentSucceeded
	}
	err := s.uow.Do(ctx, func(ctx context.Context, _ *gorm.DB) error {
		if err := s.payments.AttachIntent(ctx, paymentID, res.PaymentIntentID, status); err != nil {
			return err
		}
		if status != domain.PaymentSucceeded {
			return nil
		}
		_, err := s.refills.Transition(ctx, refillID, domain.RefillReadyToShip,
			domain.RefillAwaitingPayment, domain.RefillPaymentFailed)
		return err
	})
	if err != nil || status != domain.PaymentSucceeded {
		return err
	}
	return queue.Submit(ctx, s.queue, func() (*asynqTask, []asynqOption, error) {
		return tasks.CreateLabel(refillID)
	})
}

func (s *PaymentServiceImpl) markDeclined(ctx context.Context, refillID, paymentID uuid.UUID, res *payments.ChargeResult, code string) error {
	return s.uow.Do(ctx, func(ctx context.Context, _ *gorm.DB) error {
		if res != nil && res.PaymentIntentID != "" {
			if err := s.payments.AttachIntent(ctx, paymentID, res.PaymentIntentID, domain.PaymentFailed); err != nil {
				return err
			}
		}
		if _, err := s.payments.SetStatus(ctx, paymentID, domain.PaymentFailed, code,
			domain.PaymentPending, domain.PaymentProcessing, domain.PaymentFailed); err != nil {
			return err
		}
		_, err := s.refills.Transition(ctx, refillID, domain.RefillPaymentFailed, domain.RefillAwaitingPayment)
		return err
	})
}

// RetryCopay charges a declined copay to a card the patient just entered.
// The app sends an Idempotency-Key per attempt; the attempt row is keyed on
// it and committed before Stripe is called, and the attempt id is the
// Stripe idempotency key.
func (s *PaymentServiceImpl) RetryCopay(ctx context.Context, in RetryCopayInput) (*domain.PaymentAttempt, error) {
	if in.ClientKey == "" {
		return nil, fmt.Errorf("%w: Idempotency-Key is required", domain.ErrInvalid)
	}
	pay, err := s.payments.FindCopay(ctx, in.RefillID)
	if err != nil {
		return nil, err
	}
	if pay.PatientID != in.PatientID {
		return nil, domain.ErrNotFound
	}

	attempt, err := s.attempts.FindByClientKey(ctx, pay.ID, in.ClientKey)
	switch {
	case err == nil:
		if attempt.PaymentMethodID != in.PaymentMethodID {
			return nil, domain.ErrIdempotencyMismatch
		}
		if attempt.Status != domain.PaymentPending {
			return attempt, nil
		}
	case store.IsNotFound(err):
		if pay.Status != domain.PaymentFailed {
			return nil, domain.ErrWrongState
		}
		attempt, err = s.newAttempt(ctx, pay.ID, in)
		if err != nil {
			return nil, err
		}
	default:
		return nil, err
	}

	patient, err := s.patients.Get(ctx, pay.PatientID)
	if err != nil {
		return nil, err
	}
	if patient.StripeCustomerID == nil {
		return nil, domain.ErrNoPaymentMethod
	}
	if err := s.gateway.AttachPaymentMethod(ctx, attempt.PaymentMethodID, *patient.StripeCustomerID); err != nil {
		return nil, err
	}
	res, err := s.gateway.ChargeOffSession(ctx, payments.ChargeInput{
		CustomerID:      *patient.StripeCustomerID,
		PaymentMethodID: attempt.PaymentMethodID,
		AmountCents:     pay.AmountCents,
		Currency:        pay.Currency,
		Description:     "Prescription copay",
		Metadata:        map[string]string{"payment_id": pay.ID.String(), "attempt_id": attempt.ID.String()},
		IdempotencyKey:  ids.Derived("copay-attempt", attempt.ID.String()),
	})
	declined := errors.Is(err, payments.ErrDeclined)
	if err != nil && !declined {
		return nil, err
	}

	attempt.StripePaymentIntentID = &res.PaymentIntentID
	attempt.FailureCode = res.FailureCode
	switch {
	case declined:
		attempt.Status = domain.PaymentFailed
	case res.Succeeded():
		attempt.Status = domain.PaymentSucceeded
	default:
		attempt.Status = domain.PaymentProcessing
	}
	err = s.uow.Do(ctx, func(ctx context.Context, _ *gorm.DB) error {
		if err := s.attempts.UpdateFields(ctx, attempt.ID, map[string]any{
			"stripe_payment_intent_id": res.PaymentIntentID,
			"status":                   attempt.Status,
			"failure_code":             attempt.FailureCode,
			"updated_at":               s.now().UTC(),
		}); err != nil {
			return err
		}
		if declined {
			return nil
		}
		if err := s.payments.AttachIntent(ctx, pay.ID, res.PaymentIntentID, attempt.Status); err != nil {
			return err
		}
		if attempt.Status != domain.PaymentSucceeded {
			return nil
		}
		_, err := s.refills.Transition(ctx, pay.RefillID, domain.RefillReadyToShip, domain.RefillPaymentFailed)
		return err
	})
	if err != nil {
		return nil, err
	}
	if attempt.Status == domain.PaymentSucceeded {
		if err := queue.Submit(ctx, s.queue, func() (*asynqTask, []asynqOption, error) {
			return tasks.CreateLabel(pay.RefillID)
		}); err != nil {
			return nil, err
		}
	}
	return attempt, nil
}

func (s *PaymentServiceImpl) newAttempt(ctx context.Context, paymentID uuid.UUID, in RetryCopayInput) (*domain.PaymentAttempt, error) {
	now := s.now().UTC()
	a := &domain.PaymentAttempt{
		ID:              s.newID(),
		PaymentID:       paymentID,
		ClientKey:       in.ClientKey,
		PaymentMethodID: in.PaymentMethodID,
		Status:          domain.PaymentPending,
		CreatedAt:       now,
		UpdatedAt:       now,
	}
	inserted, err := s.attempts.CreateIgnoreConflict(ctx, a, "payment_id", "client_key")
	if err != nil {
		return nil, err
	}
	if !inserted {
		return s.attempts.FindByClientKey(ctx, paymentID, in.ClientKey)
	}
	return a, nil
}
