package tolling

import (
	"context"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/northgate/tolls/internal/domain"
	"github.com/northgate/tolls/internal/events"
	"github.com/northgate/tolls/internal/ids"
	"github.com/northgate/tolls/internal/service/billing"
	"github.com/northgate/tolls/internal/service/notify"
)

// ChargeTrip bills a closed trip: prepaid accounts are debited, postpaid
// accounts accrue it as outstanding for the nightly settlement.
func (s *Impl) ChargeTrip(ctx context.Context, tripID string) error {
	trip, err := s.trips.Get(ctx, tripID)
	if err != nil {
		return err
	}
	switch trip.Status {
	case domain.TripCharged, domain.TripVoided:
		return nil
	case domain.TripClosed:
	default:
		return fmt.Errorf("%w: trip %s is %s", domain.ErrPrecondition, trip.ID, trip.Status)
	}

	acct, err := s.accounts.Get(ctx, trip.AccountID)
	if err != nil {
		return err
	}
	switch acct.Plan {
	case domain.PlanPrepaid:
		acct.BalanceCents -= trip.AmountCents
	case domain.PlanPostpaid:
		acct.OutstandingCents += trip.AmountCents
	}
	if err := s.accounts.Save(ctx, acct); err != nil {
		return fmt.Errorf("debit account %s: %w", acct.ID, err)
	}

	charge := &domain.TripCharge{
		ID:          ids.Derive("charge", trip.ID),
		TripID:      trip.ID,
		AccountID:   acct.ID,
		AmountCents: trip.AmountCents,
		Method:      acct.Plan,
		CreatedAt:   time.Now().UTC(),
	}
	if _, err := s.charges.Record(ctx, charge); err != nil {
		return fmt.Errorf("record charge for trip %s: %w", trip.ID, err)
	}

	trip.Status = domain.TripCharged
	if err := s.trips.Save(ctx, trip); err != nil {
		return fmt.Errorf("mark trip %s charged: %w", trip.ID, err)
	}

	s.afterCharge(ctx, acct, trip)
	return s.stream.Write(ctx, events.TopicTripsCharged, trip.ID, TripCharged{
		TripID: trip.ID, AccountID: acct.ID, AmountCents: trip.AmountCents,
		EntryPlaza: trip.EntryPlaza, ExitPlaza: trip.ExitPlaza, Method: acct.Plan,
		ChargedAt: time.Now().UTC(),
	})
}

// afterCharge asks for a top-up or a low-balance alert when a prepaid
// balance crosses the account's threshold. Failures are logged: the next
// trip will ask again.
func (s *Impl) afterCharge(ctx context.Context, acct *domain.Account, trip *domain.Trip) {
	if acct.Plan != domain.PlanPrepaid || acct.BalanceCents >= acct.AutoTopUpThreshold {
		return
	}
	var err error
	switch {
	case acct.AutoTopUpAmount > 0 && s.cfg.Queues.TopUpRequests != "":
		_, err = s.queue.Send(ctx, s.cfg.Queues.TopUpRequests, events.NewEnvelope("topup.requested", acct.ID, billing.AutoTopUpRequest{
			AccountID: acct.ID, BalanceCents: acct.BalanceCents, ThresholdCents: acct.AutoTopUpThreshold,
			TriggeredBy: trip.ID, RequestedAt: time.Now().UTC(),
		}))
	case acct.SmsAlerts && s.cfg.Queues.LowBalance != "":
		_, err = s.queue.Send(ctx, s.cfg.Queues.LowBalance, events.NewEnvelope("balance.low", acct.ID, notify.LowBalance{
			AccountID: acct.ID, BalanceCents: acct.BalanceCents, ObservedAt: time.Now().UTC(),
		}))
	}
	if err != nil {
		s.log.Warn("low-balance follow-up not queued", zap.String("account_id", acct.ID), zap.Error(err))
	}
}
