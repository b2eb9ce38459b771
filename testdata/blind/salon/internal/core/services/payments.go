package services

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/velvetchair/salon/internal/core/domain"
	"github.com/velvetchair/salon/internal/core/ports"
)

const providerTillpoint = "tillpoint"

// paymentEventHandler applies one provider event type inside the
// transaction that records the event; it may return events to publish
// after commit.
type paymentEventHandler func(ctx context.Context, tx *sqlx.Tx, evt domain.PaymentEvent) ([]outgoing, error)

type outgoing struct {
	subject string
	msgID   string
	payload any
}

// PaymentService handles card-provider callbacks, no-show fees and
// reconciliation of payments stuck in pending.
type PaymentService struct {
	tx       ports.TxRunner
	log      *slog.Logger
	appts    ports.AppointmentRepository
	clients  ports.ClientRepository
	payments ports.PaymentRepository
	messages ports.MessageRepository
	inbox    ports.InboxStore
	gateway  ports.PaymentGateway
	events   ports.EventPublisher
	jobs     ports.JobScheduler
	loyalty  *LoyaltyService
	handlers map[string]paymentEventHandler
}

func NewPaymentService(d Deps, loyalty *LoyaltyService) *PaymentService {
	s := &PaymentService{
		tx: d.Tx, log: d.Log.With("service", "payments"),
		appts: d.Appts, clients: d.Clients, payments: d.Payments, messages: d.Messages,
		inbox: d.Inbox, gateway: d.Gateway, events: d.Events, jobs: d.Jobs, loyalty: loyalty,
	}
	s.handlers = map[string]paymentEventHandler{
		domain.EventChargeSucceeded: s.onChargeSucceeded,
		domain.EventChargeFailed:    s.onChargeFailed,
		domain.EventChargeRefunded:  s.onChargeRefunded,
		domain.EventDisputeCreated:  s.onDisputeCreated,
	}
	return s
}

// HandleProviderEvent records a webhook event and applies it.
func (s *PaymentService) HandleProviderEvent(ctx context.Context, evt domain.PaymentEvent) error {
	handler, ok := s.handlers[evt.Type]
	if !ok {
		s.log.DebugContext(ctx, "ignoring payment event", "type", evt.Type, "event_id", evt.EventID)
		return nil
	}
	var out []outgoing
	err := s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		fresh, err := s.inbox.ClaimWebhook(ctx, tx, providerTillpoint, evt.EventID, evt.Type)
		if err != nil || !fresh {
			return err
		}
		out, err = handler(ctx, tx, evt)
		return err
	})
	if err != nil {
		return err
	}
	for _, o := range out {
		if err := s.events.Publish(ctx, o.subject, o.payload, ports.WithMessageID(o.msgID)); err != nil {
			s.log.ErrorContext(ctx, "publish after payment event", "subject", o.subject, "err", err)
		}
	}
	return nil
}

func (s *PaymentService) paymentFor(ctx context.Context, tx *sqlx.Tx, evt domain.PaymentEvent) (*domain.Payment, error) {
	if evt.PaymentID == nil {
		return nil, fmt.Errorf("event %s has no payment_id metadata", evt.EventID)
	}
	return s.payments.Get(ctx, tx, *evt.PaymentID)
}

func (s *PaymentService) onChargeSucceeded(ctx context.Context, tx *sqlx.Tx, evt domain.PaymentEvent) ([]outgoing, error) {
	pay, err := s.paymentFor(ctx, tx, evt)
	if err != nil {
		return nil, err
	}
	if pay.Status == domain.PaymentSucceeded {
		return nil, nil
	}
	return nil, s.payments.SetResult(ctx, tx, pay.ID, domain.ChargeResult{ChargeID: evt.ChargeID, Status: domain.PaymentSucceeded})
}

func (s *PaymentService) onChargeFailed(ctx context.Context, tx *sqlx.Tx, evt domain.PaymentEvent) ([]outgoing, error) {
	pay, err := s.paymentFor(ctx, tx, evt)
	if err != nil {
		return nil, err
	}
	if err := s.payments.SetResult(ctx, tx, pay.ID, domain.ChargeResult{
		ChargeID: evt.ChargeID, Status: domain.PaymentFailed, FailureCode: evt.FailureCode,
	}); err != nil {
		return nil, err
	}
	if pay.ClientID == nil || pay.Purpose == domain.PurposeVoucherPurchase {
		return nil, nil
	}
	client, err := s.clients.Get(ctx, tx, *pay.ClientID)
	if err != nil {
		return nil, err
	}
	msg, err := s.messages.Claim(ctx, tx, &domain.Message{
		ID:        uuid.New(),
		ClientID:  &client.ID,
		Channel:   domain.ChannelSMS,
		Template:  domain.TemplateCardDeclined,
		Ref:       pay.ID.String(),
		Recipient: client.Phone,
		Body:      fmt.Sprintf("Hi %s, your card was declined for %s. Please update your card in the app.", firstName(client.FullName), pay.AmountCents),
		Status:    domain.MessageQueued,
	})
	if err != nil {
		return nil, err
	}
	return nil, s.jobs.ScheduleMessage(ctx, tx, msg.ID)
}

func (s *PaymentService) onChargeRefunded(ctx context.Context, tx *sqlx.Tx, evt domain.PaymentEvent) ([]outgoing, error) {
	pay, err := s.paymentFor(ctx, tx, evt)
	if err != nil {
		return nil, err
	}
	if err := s.payments.SetStatus(ctx, tx, pay.ID, domain.PaymentRefunded); err != nil {
		return nil, err
	}
	if evt.Refund == nil || pay.ClientID == nil {
		return nil, nil
	}
	return []outgoing{{
		subject: domain.SubjectPaymentRefunded,
		msgID:   "payment.refunded." + evt.Refund.ProviderRefundID,
		payload: domain.RefundIssued{
			PaymentID:        pay.ID,
			ProviderRefundID: evt.Refund.ProviderRefundID,
			AmountCents:      evt.Refund.AmountCents,
			ClientID:         *pay.ClientID,
			Reason:           evt.Refund.Reason,
		},
	}}, nil
}

func (s *PaymentService) onDisputeCreated(ctx context.Context, tx *sqlx.Tx, evt domain.PaymentEvent) ([]outgoing, error) {
	if evt.Dispute == nil {
		return nil, nil
	}
	pay, err := s.paymentFor(ctx, tx, evt)
	if evt.PaymentID != nil && err != nil && !errors.Is(err, domain.ErrNotFound) {
		return nil, err
	}
	d := *evt.Dispute
	if pay != nil {
		d.PaymentID = &pay.ID
		if err := s.payments.SetStatus(ctx, tx, pay.ID, domain.PaymentDisputed); err != nil {
			return nil, err
		}
	}
	return nil, s.payments.UpsertDispute(ctx, tx, &d)
}

// RecordRefund stores a refund announced on the stream and takes back the
// loyalty points the payment earned.
func (s *PaymentService) RecordRefund(ctx context.Context, evt domain.RefundIssued) error {
	return s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		err := s.payments.InsertRefund(ctx, tx, &domain.Refund{
			ProviderRefundID: evt.ProviderRefundID,
			PaymentID:        evt.PaymentID,
			AmountCents:      evt.AmountCents,
			Reason:           evt.Reason,
		})
		if err != nil {
			return fmt.Errorf("insert refund %s: %w", evt.ProviderRefundID, err)
		}
		pay, err := s.payments.Get(ctx, tx, evt.PaymentID)
		if err != nil {
			return err
		}
		if pay.Purpose != domain.PurposeBalance {
			return nil
		}
		return s.loyalty.ReverseForRefund(ctx, tx, evt.ClientID, evt.AmountCents, evt.ProviderRefundID)
	})
}

// ChargeNoShowFee charges the card on file after a no-show.
func (s *PaymentService) ChargeNoShowFee(ctx context.Context, appointmentID uuid.UUID) error {
	appt, err := s.appts.Get(ctx, s.tx.Reader(), appointmentID)
	if err != nil {
		return err
	}
	if appt.Status != domain.StatusNoShow || appt.NoShowFeeCents <= 0 || appt.PaymentMethodID == nil {
		return nil
	}
	client, err := s.clients.Get(ctx, s.tx.Reader(), appt.ClientID)
	if err != nil {
		return err
	}
	var pay *domain.Payment
	err = s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		var err error
		pay, err = s.payments.InsertIfAbsent(ctx, tx, &domain.Payment{
			ID:            uuid.New(),
			AppointmentID: &appt.ID,
			ClientID:      &appt.ClientID,
			Purpose:       domain.PurposeNoShowFee,
			AmountCents:   appt.NoShowFeeCents,
			Currency:      domain.Currency,
			Status:        domain.PaymentPending,
		})
		return err
	})
	if err != nil {
		return err
	}
	if pay.Settled() {
		return nil
	}

	res, err := s.gateway.Charge(ctx, ports.ChargeRequest{
		AmountCents:     pay.AmountCents,
		Currency:        pay.Currency,
		PaymentMethodID: *appt.PaymentMethodID,
		CustomerID:      deref(client.CardCustomerID),
		Description:     "Missed appointment fee",
		Metadata:        map[string]string{"payment_id": pay.ID.String(), "reference": pay.ID.String()},
	})
	if err != nil {
		return fmt.Errorf("charge no-show fee: %w", err)
	}
	return s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		return s.payments.SetResult(ctx, tx, pay.ID, res)
	})
}

// Reconcile asks the provider about a payment still pending and records the
// answer.
func (s *PaymentService) Reconcile(ctx context.Context, paymentID uuid.UUID) error {
	pay, err := s.payments.Get(ctx, s.tx.Reader(), paymentID)
	if err != nil {
		return err
	}
	if pay.Settled() {
		return nil
	}
	var res *domain.ChargeResult
	if pay.ProviderChargeID != nil {
		r, err := s.gateway.GetCharge(ctx, *pay.ProviderChargeID)
		if err != nil {
			return err
		}
		res = &r
	} else if res, err = s.gateway.FindChargeByReference(ctx, pay.ID.String()); err != nil {
		return err
	}
	if res == nil {
		if clock().Sub(pay.CreatedAt) > 6*time.Hour {
			res = &domain.ChargeResult{Status: domain.PaymentFailed, FailureCode: "abandoned"}
		} else {
			return nil
		}
	}
	return s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		return s.payments.SetResult(ctx, tx, pay.ID, *res)
	})
}

// PendingPayments lists payments pending for longer than age.
func (s *PaymentService) PendingPayments(ctx context.Context, age time.Duration) ([]domain.Payment, error) {
	return s.payments.PendingOlderThan(ctx, s.tx.Reader(), age, 500)
}
