package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/cyclegrid/bikeshare/internal/db"
	"github.com/cyclegrid/bikeshare/internal/payments"
	"github.com/cyclegrid/bikeshare/internal/repository"
	"github.com/cyclegrid/bikeshare/internal/store"
	"github.com/cyclegrid/bikeshare/internal/tasks"
)

// BillingService collects the fare of finished rides.
type BillingService interface {
	ChargeRide(ctx context.Context, chargeID uuid.UUID) error
}

type billingService struct {
	tx       store.TxRunner
	charges  repository.Charges
	rides    repository.Rides
	riders   repository.Riders
	wallets  repository.Wallets
	gateway  payments.Gateway
	enqueuer tasks.Enqueuer
	log      *slog.Logger
	now      func() time.Time
}

func newBillingService(tx store.TxRunner, charges repository.Charges, rides repository.Rides, riders repository.Riders,
	wallets repository.Wallets, gateway payments.Gateway, enqueuer tasks.Enqueuer, log *slog.Logger) *billingService {
	return &billingService{
		tx:       tx,
		charges:  charges,
		rides:    rides,
		riders:   riders,
		wallets:  wallets,
		gateway:  gateway,
		enqueuer: enqueuer,
		log:      log,
		now:      time.Now,
	}
}

func chargeKey(c db.RideCharge) string { return "ride-charge:" + c.ID.String() }

func (s *billingService) ChargeRide(ctx context.Context, chargeID uuid.UUID) error {
	charge, err := s.charges.Get(ctx, chargeID)
	if err != nil {
		return err
	}
	if charge.Status == "succeeded" {
		return s.queueReceipt(ctx, charge.RideID)
	}
	ride, err := s.rides.Get(ctx, charge.RideID)
	if err != nil {
		return err
	}
	rider, err := s.riders.Get(ctx, charge.RiderID)
	if err != nil {
		return err
	}

	switch ride.PaymentMode {
	case "wallet":
		if err := s.chargeWallet(ctx, charge, rider); err != nil {
			return err
		}
	default:
		if err := s.chargeCard(ctx, charge, rider); err != nil {
			return err
		}
	}
	return s.queueReceipt(ctx, charge.RideID)
}

func (s *billingService) chargeWallet(ctx context.Context, charge db.RideCharge, rider db.Rider) error {
	var balance int64
	err := s.tx.InTx(ctx, func(q db.Querier) error {
		current, err := s.charges.With(q).Get(ctx, charge.ID)
		if err != nil {
			return err
		}
		if current.Status == "succeeded" {
			return nil
		}
		balance, err = s.wallets.With(q).Apply(ctx, rider.ID, -charge.AmountCents, "ride_fare", charge.RideID.String())
		if err != nil {
			return err
		}
		return s.charges.With(q).MarkSucceeded(ctx, charge.ID, "", s.now())
	})
	if err != nil {
		return err
	}
	if rider.AutoreloadEnabled && balance < rider.AutoreloadThreshold {
		return s.enqueuer.Enqueue(ctx, tasks.TypeWalletAutoreload,
			tasks.AutoreloadPayload{RiderID: rider.ID, Trigger: "ride:" + charge.RideID.String()},
			asynq.TaskID("autoreload:"+charge.RideID.String()),
		)
	}
	return nil
}

func (s *billingService) chargeCard(ctx context.Context, charge db.RideCharge, rider db.Rider) error {
	if !rider.StripeCustomerID.Valid || !rider.PaymentMethodID.Valid {
		return s.charges.MarkFailed(ctx, charge.ID, "no_payment_method")
	}
	res, err := s.gateway.Charge(ctx, payments.ChargeRequest{
		CustomerID:      rider.StripeCustomerID.String,
		PaymentMethodID: rider.PaymentMethodID.String,
		AmountCents:     charge.AmountCents,
		Currency:        charge.Currency,
		Description:     "CycleGrid ride " + charge.RideID.String()[:8],
		Metadata: map[string]string{
			"ride_id":   charge.RideID.String(),
			"charge_id": charge.ID.String(),
		},
	}, payments.WithIdempotencyKey(chargeKey(charge)))
	if errors.Is(err, payments.ErrCardDeclined) {
		if mErr := s.charges.MarkFailed(ctx, charge.ID, "card_declined"); mErr != nil {
			return mErr
		}
		return fmt.Errorf("%w: %v", asynq.SkipRetry, err)
	}
	if err != nil {
		return err
	}
	return s.charges.MarkSucceeded(ctx, charge.ID, res.PaymentIntentID, s.now())
}

func (s *billingService) queueReceipt(ctx context.Context, rideID uuid.UUID) error {
	return s.enqueuer.Enqueue(ctx, tasks.TypeRideReceipt,
		tasks.RideReceiptPayload{RideID: rideID},
		asynq.TaskID(tasks.ReceiptTaskID(rideID)),
		asynq.Queue(tasks.QueueLow),
	)
}
