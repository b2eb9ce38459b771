package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/scriptline/refills/internal/domain"
	"github.com/scriptline/refills/internal/ids"
	"github.com/scriptline/refills/internal/notify"
	"github.com/scriptline/refills/internal/queue"
	"github.com/scriptline/refills/internal/store"
	"github.com/scriptline/refills/internal/tasks"
)

// Stripe webhook payloads, reduced to what the pipeline needs. The HTTP
// layer decodes the Stripe objects into these.

type PaymentIntentEvent struct {
	EventID     string
	Type        string
	IntentID    string
	AmountCents int64
	FailureCode string
}

type ChargeRefundedEvent struct {
	EventID     string
	Type        string
	IntentID    string
	RefundID    string
	AmountCents int64
}

type DisputeEvent struct {
	EventID     string
	Type        string
	DisputeID   string
	IntentID    string
	AmountCents int64
	Reason      string
}

type StripeEventService interface {
	PaymentSucceeded(ctx context.Context, e PaymentIntentEvent) error
	PaymentFailed(ctx context.Context, e PaymentIntentEvent) error
	ChargeRefunded(ctx context.Context, e ChargeRefundedEvent) error
	DisputeCreated(ctx context.Context, e DisputeEvent) error
}

type StripeEventServiceImpl struct {
	events   StripeEventRepository
	patients PatientRepository
	refills  RefillRepository
	payments PaymentRepository
	refunds  RefundRepository
	ledger   LedgerRepository
	disputes DisputeRepository
	mailer   notify.Sender
	queue    queue.Enqueuer
	uow      store.UnitOfWork
	settings Settings
	newID    ids.UUIDFunc
	now      Clock
	log      *slog.Logger
}

func NewStripeEventService(
	events StripeEventRepository,
	patients PatientRepository,
	refills RefillRepository,
	paymentRepo PaymentRepository,
	refunds RefundRepository,
	ledger LedgerRepository,
	disputes DisputeRepository,
	mailer notify.Sender,
	q queue.Enqueuer,
	uow store.UnitOfWork,
	settings Settings,
	log *slog.Logger,
) *StripeEventServiceImpl {
	return &StripeEventServiceImpl{
		events:   events,
		patients: patients,
		refills:  refills,
		payments: paymentRepo,
		refunds:  refunds,
		ledger:   ledger,
		disputes: disputes,
		mailer:   mailer,
		queue:    q,
		uow:      uow,
		settings: settings,
		newID:    ids.NewUUID,
		now:      time.Now,
		log:      log.With("service", "stripe_events"),
	}
}

func (s *StripeEventServiceImpl) paymentFor(ctx context.Context, intentID string) (*domain.Payment, bool, error) {
	p, err := s.payments.FindByIntent(ctx, intentID)
	if store.IsNotFound(err) {
		// Intents from the patient-retry flow are attached to the payment
		// when the retry call returns; an early webhook is picked up by the
		// retry response instead.
		s.log.InfoContext(ctx, "no payment for intent", "payment_intent", intentID)
		return nil, false, nil
	}
	return p, err == nil, err
}

// PaymentSucceeded completes a copay that Stripe confirmed asynchronously
// (3DS, bank debits) and releases the refill to fulfilment.
func (s *StripeEventServiceImpl) PaymentSucceeded(ctx context.Context, e PaymentIntentEvent) error {
	pay, ok, err := s.paymentFor(ctx, e.IntentID)
	if err != nil || !ok {
		return err
	}
	err = s.uow.Do(ctx, func(ctx context.Context, _ *gorm.DB) error {
		fresh, err := s.events.Record(ctx, e.EventID, e.Type)
		if err != nil || !fresh {
			return err
		}
		if _, err := s.payments.SetStatus(ctx, pay.ID, domain.PaymentSucceeded, "",
			domain.PaymentPending, domain.PaymentProcessing, domain.PaymentFailed); err != nil {
			return err
		}
		_, err = s.refills.Transition(ctx, pay.RefillID, domain.RefillReadyToShip,
			domain.RefillAwaitingPayment, domain.RefillPaymentFailed)
		return err
	})
	if err != nil {
		return err
	}
	// Queue the label even when this delivery was a duplicate: the first
	// delivery may have committed and then failed to enqueue. The task id is
	// derived from the refill.
	return queue.Submit(ctx, s.queue, func() (*asynqTask, []asynqOption, error) {
		return tasks.CreateLabel(pay.RefillID)
	})
}

// PaymentFailed tells the patient their card was declined and parks the
// refill until they update it.
func (s *StripeEventServiceImpl) PaymentFailed(ctx context.Context, e PaymentIntentEvent) error {
	seen, err := s.events.Seen(ctx, e.EventID)
	if err != nil || seen {
		return err
	}
	pay, ok, err := s.paymentFor(ctx, e.IntentID)
	if err != nil || !ok {
		return err
	}
	patient, err := s.patients.Get(ctx, pay.PatientID)
	if err != nil {
		return err
	}
	if _, err := notify.Deliver(ctx, s.mailer, notify.Email{
		Template: notify.TmplPaymentDeclined,
		To:       patient.Email,
		Data: map[string]any{
			"FirstName":  patient.FirstName,
			"Amount":     notify.Cents(pay.AmountCents),
			"PaymentURL": fmt.Sprintf("%s/refills/%s/payment", s.settings.PortalURL, pay.RefillID),
		},
		Tags: map[string]string{"payment_id": pay.ID.String()},
	}); err != nil {
		return err
	}
	return s.uow.Do(ctx, func(ctx context.Context, _ *gorm.DB) error {
		fresh, err := s.events.Record(ctx, e.EventID, e.Type)
		if err != nil || !fresh {
			return err
		}
		if _, err := s.payments.SetStatus(ctx, pay.ID, domain.PaymentFailed, e.FailureCode,
			domain.PaymentPending, domain.PaymentProcessing); err != nil {
			return err
		}
		_, err = s.refills.Transition(ctx, pay.RefillID, domain.RefillPaymentFailed, domain.RefillAwaitingPayment)
		return err
	})
}

// ChargeRefunded books refunds made outside the cancel flow (support staff
// refunding from the Stripe dashboard) into the patient ledger. Refunds we
// issued ourselves are already booked.
func (s *StripeEventServiceImpl) ChargeRefunded(ctx context.Context, e ChargeRefundedEvent) error {
	seen, err := s.events.Seen(ctx, e.EventID)
	if err != nil || seen {
		return err
	}
	ours, err := s.refunds.Exists(ctx, "stripe_refund_id = ?", e.RefundID)
	if err != nil {
		return err
	}
	pay, ok, err := s.paymentFor(ctx, e.IntentID)
	if err != nil {
		return err
	}
	if ok && !ours {
		err = s.uow.Do(ctx, func(ctx context.Context, _ *gorm.DB) error {
			if err := s.ledger.Create(ctx, &domain.LedgerEntry{
				ID:          s.newID(),
				PatientID:   pay.PatientID,
				PaymentID:   &pay.ID,
				Kind:        "refund",
				AmountCents: -e.AmountCents,
				ExternalRef: e.RefundID,
				CreatedAt:   s.now().UTC(),
			}); err != nil {
				return err
			}
			return s.payments.AddRefunded(ctx, pay.ID, e.AmountCents)
		})
		if err != nil {
			return err
		}
	}
	return s.events.MarkProcessed(ctx, e.EventID, e.Type)
}

// DisputeCreated opens a case for the billing team and flags the payment.
func (s *StripeEventServiceImpl) DisputeCreated(ctx context.Context, e DisputeEvent) error {
	pay, ok, err := s.paymentFor(ctx, e.IntentID)
	if err != nil {
		return err
	}
	var paymentID *uuid.UUID
	if ok {
		paymentID = &pay.ID
	}
	return s.uow.Do(ctx, func(ctx context.Context, _ *gorm.DB) error {
		d := &domain.Dispute{
			ID:              s.newID(),
			PaymentID:       paymentID,
			StripeDisputeID: e.DisputeID,
			AmountCents:     e.AmountCents,
			Reason:          e.Reason,
			Status:          "needs_response",
			OpenedAt:        s.now().UTC(),
		}
		if err := s.disputes.Create(ctx, d); err != nil {
			return err
		}
		if !ok {
			return nil
		}
		_, err := s.payments.SetStatus(ctx, pay.ID, domain.PaymentDisputed, "",
			domain.PaymentSucceeded, domain.PaymentRefunded)
		return err
	})
}
