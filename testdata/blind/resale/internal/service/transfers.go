package service

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/encorelane/resale/internal/domain"
	"github.com/encorelane/resale/internal/jobs"
	"github.com/encorelane/resale/internal/provider/beacon"
	"github.com/encorelane/resale/internal/provider/promoter"
	"github.com/encorelane/resale/internal/repository"
)

// TransferService moves purchased tickets to the buyer through the
// promoter and reacts to the promoter's reports on those transfers.
type TransferService interface {
	Deliver(ctx context.Context, orderID string) error
	OnTransferred(ctx context.Context, msg domain.TicketTransferred) error
	OnTransferFailed(ctx context.Context, msg domain.TicketTransferFailed) error
}

type TransferDeps struct {
	UoW       repository.UnitOfWork
	Orders    repository.OrderRepository
	Listings  repository.ListingRepository
	Users     repository.UserRepository
	Events    repository.EventRepository
	Transfers repository.TransferRepository
	Promoter  promoter.Client
	Notifier  beacon.Notifier
	Jobs      jobs.Enqueuer
}

type transferService struct {
	TransferDeps
	maxFailures int
	backoff     func(failures int) time.Duration
}

func NewTransferService(deps TransferDeps) TransferService {
	return &transferService{
		TransferDeps: deps,
		maxFailures:  5,
		backoff: func(n int) time.Duration {
			return time.Duration(n*n) * time.Minute
		},
	}
}

func (s *transferService) Deliver(ctx context.Context, orderID string) error {
	order, err := s.Orders.Get(ctx, orderID)
	if err != nil {
		return err
	}
	if order.Status != domain.OrderPaid {
		return nil // refunded, disputed or already delivered
	}
	t, err := s.Transfers.Open(ctx, order.ID)
	if err != nil {
		return err
	}
	if t.Status == repository.TransferSubmitted || t.Status == repository.TransferCompleted {
		return nil
	}

	listing, err := s.Listings.Get(ctx, order.ListingID)
	if err != nil {
		return err
	}
	buyer, err := s.Users.Get(ctx, order.BuyerID)
	if err != nil {
		return err
	}
	ev, err := s.Events.Get(ctx, order.EventID)
	if err != nil {
		return err
	}

	res, err := s.Promoter.CreateTransfer(ctx, promoter.TransferRequest{
		EventID:        ev.PromoterEventID,
		Barcodes:       listing.Barcodes,
		RecipientEmail: buyer.Email,
		RecipientName:  buyer.DisplayName,
	})
	if logErr := s.Transfers.RecordAttempt(ctx, t.ID, attemptOutcome(err), errDetail(err)); logErr != nil {
		return errors.Join(err, logErr)
	}
	if err != nil {
		return err
	}
	_, err = s.Transfers.MarkSubmitted(ctx, t.ID, res.ID)
	return err
}

// OnTransferred is the promoter confirming the buyer accepted the tickets.
func (s *transferService) OnTransferred(ctx context.Context, msg domain.TicketTransferred) error {
	t, err := s.Transfers.GetByPromoterID(ctx, msg.TransferID)
	if err != nil {
		return err
	}
	if t.Status == repository.TransferCompleted {
		return nil
	}
	order, err := s.Orders.Get(ctx, t.OrderID)
	if err != nil {
		return err
	}
	buyer, err := s.Users.Get(ctx, order.BuyerID)
	if err != nil {
		return err
	}

	// Text the buyer straight away: the promoter's own email can take hours.
	if buyer.Phone != "" {
		body := fmt.Sprintf("EncoreLane: your tickets for order %s are in your promoter account. Enjoy the show!", order.ID)
		if err := s.Notifier.SendSMS(ctx, buyer.Phone, body); err != nil {
			return err
		}
	}

	return s.UoW.Do(ctx, func(ctx context.Context, r repository.Repos) error {
		if _, err := r.Transfers.MarkCompleted(ctx, t.ID, msg.AcceptedAt); err != nil {
			return err
		}
		_, err := r.Orders.Transition(ctx, order.ID, []domain.OrderStatus{domain.OrderPaid}, domain.OrderDelivered)
		return err
	})
}

// OnTransferFailed schedules another delivery attempt, or gives up and
// refunds the buyer once the promoter says the failure is permanent.
func (s *transferService) OnTransferFailed(ctx context.Context, msg domain.TicketTransferFailed) error {
	t, err := s.Transfers.GetByPromoterID(ctx, msg.TransferID)
	if err != nil {
		return err
	}
	failures, _, err := s.Transfers.MarkFailed(ctx, t.ID)
	if err != nil {
		return err
	}
	if failures == 0 {
		failures = t.FailureCount
	}

	if !msg.Retryable || failures >= s.maxFailures {
		return s.UoW.Do(ctx, func(ctx context.Context, r repository.Repos) error {
			moved, err := r.Orders.Transition(ctx, t.OrderID, []domain.OrderStatus{domain.OrderPaid}, domain.OrderRefundPending)
			if err != nil || !moved {
				return err
			}
			return r.Outbox.Add(ctx, jobs.TypeRefundOrder, jobs.RefundOrderPayload{OrderID: t.OrderID, Reason: "transfer_failed"})
		})
	}

	return s.Jobs.Enqueue(ctx, jobs.TypeTransferTickets, jobs.TransferTicketsPayload{OrderID: t.OrderID}, jobs.Options{
		Queue: jobs.QueueCritical,
		Delay: s.backoff(failures),
	})
}

func attemptOutcome(err error) string {
	switch {
	case err == nil:
		return "submitted"
	case errors.Is(err, promoter.ErrTicketsInvalid):
		return "rejected"
	default:
		return "error"
	}
}

func errDetail(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
