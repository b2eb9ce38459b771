package service

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/shopspring/decimal"

	"github.com/prairiegold/graincoop/internal/ach"
	"github.com/prairiegold/graincoop/internal/domain"
	"github.com/prairiegold/graincoop/internal/store"
)

// ACHEventService applies Clearwire payment lifecycle webhooks.
type ACHEventService struct {
	uow UnitOfWork
	log *slog.Logger
	now Clock
}

func NewACHEventService(uow UnitOfWork, log *slog.Logger, now Clock) *ACHEventService {
	return &ACHEventService{uow: uow, log: log, now: now}
}

// PaymentEvent handles payment.settled and payment.failed.
func (s *ACHEventService) PaymentEvent(ctx context.Context, evt ach.WebhookEvent, raw []byte) error {
	var data ach.PaymentEventData
	if err := json.Unmarshal(evt.Data, &data); err != nil {
		return fmt.Errorf("%w: payment data: %v", ErrInvalid, err)
	}
	return s.uow.InTx(ctx, func(r *store.Repos) error {
		fresh, err := r.ACH.RecordEvent(ctx, &domain.ACHEvent{
			ProviderEventID: evt.ID, EventType: evt.Type, PaymentID: data.PaymentID, Payload: raw, ReceivedAt: s.now(),
		})
		if err != nil || !fresh {
			return err
		}
		switch evt.Type {
		case "payment.settled":
			n, err := r.Payouts.SetStatusByPayment(ctx, data.PaymentID, domain.PayoutSettled, evt.CreatedAt)
			if err != nil {
				return err
			}
			if n > 0 {
				p, err := r.Payouts.ByProviderPayment(ctx, data.PaymentID)
				if err != nil {
					return err
				}
				return r.Settlements.MarkPaid(ctx, p.SettlementID)
			}
		case "payment.failed":
			if _, err := r.Payouts.SetStatusByPayment(ctx, data.PaymentID, domain.PayoutFailed, evt.CreatedAt); err != nil {
				return err
			}
			s.log.Warn("ach payment failed", "payment", data.PaymentID, "code", data.FailureCode)
		default:
			s.log.Info("ignoring ach event", "type", evt.Type)
		}
		return nil
	})
}

// ReturnEvent handles payment.returned: the receiving bank sent the entry
// back (closed account, NSF, etc.).
func (s *ACHEventService) ReturnEvent(ctx context.Context, evt ach.WebhookEvent) error {
	var data ach.ReturnEventData
	if err := json.Unmarshal(evt.Data, &data); err != nil {
		return fmt.Errorf("%w: return data: %v", ErrInvalid, err)
	}
	return s.uow.InTx(ctx, func(r *store.Repos) error {
		if err := r.ACH.CreateReturn(ctx, &domain.ACHReturn{
			ProviderReturnID: data.ReturnID,
			PaymentID:        data.PaymentID,
			ReturnCode:       data.ReturnCode,
			Description:      data.Description,
			Amount:           decimal.New(data.AmountCents, -2),
			ReceivedAt:       s.now(),
		}); err != nil {
			return err
		}
		n, err := r.Payouts.SetStatusByPayment(ctx, data.PaymentID, domain.PayoutReturn, evt.CreatedAt)
		if err != nil {
			return err
		}
		if n == 0 {
			if _, err := r.Advances.MarkReturnedByPayment(ctx, data.PaymentID); err != nil {
				return err
			}
		}
		s.log.Warn("ach return", "payment", data.PaymentID, "code", data.ReturnCode)
		return nil
	})
}
