// Package webhooks applies notifications from the sponsor bank (ACH transfer
// lifecycle) and from tax-prep partners (IRS acknowledgements and refund
// status).
package webhooks

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/refundbridge/advance/internal/domain"
	"github.com/refundbridge/advance/internal/repository"
	"github.com/refundbridge/advance/internal/service"
)

// Service implements service.Webhooks.
type Service struct {
	Tx            repository.TxManager
	Events        repository.WebhookEvents
	Applications  repository.Applications
	Disbursements repository.Disbursements
	Queue         service.TaskQueue
	Log           *slog.Logger
}

var _ service.Webhooks = (*Service)(nil)

// transferHandlers maps bank event types to their effect on a disbursement.
var transferHandlers = map[string]func(s *Service, ctx context.Context, d domain.Disbursement, evt service.TransferEvent) error{
	"ach_transfer.settled":  (*Service).onSettled,
	"ach_transfer.returned": (*Service).onReturned,
}

// ApplyTransferEvent records the bank event and applies it in one
// transaction; a redelivered event id is acknowledged without effect.
func (s *Service) ApplyTransferEvent(ctx context.Context, evt service.TransferEvent) error {
	apply, ok := transferHandlers[evt.Type]
	if !ok {
		s.Log.DebugContext(ctx, "ignoring bank event", "type", evt.Type, "event_id", evt.EventID)
		return nil
	}
	return s.Tx.InTx(ctx, func(ctx context.Context) error {
		fresh, err := s.Events.ClaimBankEvent(ctx, domain.BankWebhookEvent{
			ID:         evt.EventID,
			Type:       evt.Type,
			TransferID: evt.TransferID,
			ReceivedAt: time.Now().UTC(),
		})
		if err != nil {
			return err
		}
		if !fresh {
			return nil
		}
		d, err := s.Disbursements.ByTransferID(ctx, evt.TransferID)
		if errors.Is(err, domain.ErrNotFound) {
			// Remainder and payout transfers report here too.
			return nil
		}
		if err != nil {
			return err
		}
		return apply(s, ctx, d, evt)
	})
}

func (s *Service) onSettled(ctx context.Context, d domain.Disbursement, evt service.TransferEvent) error {
	if _, err := s.Disbursements.MarkSettled(ctx, d.ID, evt.OccurredAt); err != nil {
		return err
	}
	funded, err := s.Applications.MarkFunded(ctx, d.ApplicationID, evt.OccurredAt)
	if err != nil || !funded {
		return err
	}
	// Enqueued inside the transaction: if the commit fails the bank
	// redelivers, and the accrual task waits until it can see the funding.
	return s.Queue.AccrueCommission(ctx, d.ApplicationID)
}

func (s *Service) onReturned(ctx context.Context, d domain.Disbursement, evt service.TransferEvent) error {
	returned, err := s.Disbursements.MarkReturned(ctx, d.ID, evt.ReturnCode, evt.OccurredAt)
	if err != nil || !returned {
		return err
	}
	_, err = s.Applications.Transition(ctx, d.ApplicationID,
		[]domain.ApplicationStatus{domain.StatusDisbursing, domain.StatusFunded}, domain.StatusDisbursementReturned)
	s.Log.WarnContext(ctx, "advance returned", "application_id", d.ApplicationID, "return_code", evt.ReturnCode)
	return err
}

// ApplyReturnEvent records a partner return-status event and updates the
// application's IRS status.
func (s *Service) ApplyReturnEvent(ctx context.Context, partnerID uuid.UUID, evt service.ReturnEvent) error {
	return s.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.Events.InsertReturnEvent(ctx, &domain.PartnerReturnEvent{
			ID:         uuid.New(),
			PartnerID:  partnerID,
			EventID:    evt.EventID,
			Type:       evt.Type,
			ReturnRef:  evt.ReturnRef,
			Payload:    evt.Raw,
			ReceivedAt: time.Now().UTC(),
		}); err != nil {
			return fmt.Errorf("store return event %s: %w", evt.EventID, err)
		}
		app, err := s.Applications.ByReturnRef(ctx, partnerID, evt.ReturnRef)
		if errors.Is(err, domain.ErrNotFound) {
			s.Log.InfoContext(ctx, "return event for unknown return", "return_ref", evt.ReturnRef)
			return nil
		}
		if err != nil {
			return err
		}
		switch evt.Type {
		case "return.accepted":
			return s.Applications.SetIRSStatus(ctx, app.ID, domain.IRSAccepted)
		case "return.rejected":
			if err := s.Applications.SetIRSStatus(ctx, app.ID, domain.IRSRejected); err != nil {
				return err
			}
			if app.Status == domain.StatusFunded {
				s.Log.WarnContext(ctx, "funded advance on rejected return", "application_id", app.ID)
			}
			return nil
		case "refund.offset_notice":
			s.Log.WarnContext(ctx, "treasury offset expected", "application_id", app.ID, "amount", evt.AmountCents)
			return nil
		default:
			return nil
		}
	})
}
