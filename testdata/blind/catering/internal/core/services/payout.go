package services

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/forkandfeast/catering/internal/core/domain"
	"github.com/forkandfeast/catering/internal/core/ports"
)

type PayoutService struct {
	tx      ports.Transactor
	venues  ports.VenueRepository
	gateway ports.PaymentGateway
	queue   ports.JobQueue
	clock   ports.Clock
	log     *zap.Logger
}

func NewPayoutService(tx ports.Transactor, venues ports.VenueRepository, gateway ports.PaymentGateway,
	queue ports.JobQueue, clock ports.Clock, log *zap.Logger) *PayoutService {
	return &PayoutService{tx: tx, venues: venues, gateway: gateway, queue: queue, clock: clock, log: log.Named("payouts")}
}

// PlanPayouts reserves one payout per venue for period and queues the transfer.
func (s *PayoutService) PlanPayouts(ctx context.Context, period string) (int, error) {
	venues, err := s.venues.ListWithBalance(ctx)
	if err != nil {
		return 0, err
	}
	planned := 0
	for _, v := range venues {
		err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
			p, created, err := s.venues.ClaimPayout(ctx, domain.VenuePayout{
				ID:          uuid.New(),
				VenueID:     v.ID,
				Period:      period,
				AmountCents: v.CommissionBalanceCents,
				Currency:    domain.DefaultCurrency,
			})
			if err != nil || !created {
				return err
			}
			planned++
			return s.queue.Enqueue(ctx, ports.VenuePayoutJob{PayoutID: p.ID}, ports.UniqueByArgs())
		})
		if err != nil {
			return planned, fmt.Errorf("plan payout for venue %s: %w", v.ID, err)
		}
	}
	return planned, nil
}

// PayVenue transfers a planned payout to the venue's connected account.
func (s *PayoutService) PayVenue(ctx context.Context, payoutID uuid.UUID) error {
	p, err := s.venues.GetPayout(ctx, payoutID)
	if err != nil {
		return err
	}
	if p.Status == domain.PayoutPaid {
		return nil
	}
	v, err := s.venues.Get(ctx, p.VenueID)
	if err != nil {
		return err
	}
	if v.StripeAccountID == "" || !v.PayoutsEnabled {
		s.log.Warn("venue cannot receive payouts", zap.Stringer("venue", v.ID))
		return s.venues.FailPayout(ctx, p.ID)
	}
	tr, err := s.gateway.Transfer(ctx, ports.TransferRequest{
		DestinationAccount: v.StripeAccountID,
		AmountCents:        p.AmountCents,
		Currency:           p.Currency,
		TransferGroup:      "venue_commission_" + p.Period,
		Description:        fmt.Sprintf("Fork & Feast commission %s", p.Period),
	}, ports.WithMetadata("payout_id", p.ID.String(), "venue_id", v.ID.String()))
	if err != nil {
		return err
	}
	return s.venues.CompletePayout(ctx, p.ID, tr.TransferID, s.clock.Now())
}
