// Package jobs holds the scheduled jobs run by the scheduler binary.
package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/harbourline/hotels/internal/domain"
	"github.com/harbourline/hotels/internal/payments"
	"github.com/harbourline/hotels/internal/platform/redisx"
	"github.com/harbourline/hotels/internal/providers/sms"
	"github.com/harbourline/hotels/internal/providers/stripepay"
	"github.com/harbourline/hotels/internal/reservations"
)

// FeePolicy computes the no-show penalty of a reservation.
type FeePolicy func(r domain.Reservation) domain.Money

// FirstNight charges the average nightly rate.
func FirstNight(r domain.Reservation) domain.Money {
	n := int64(len(r.Stay.Nights()))
	if n == 0 {
		return domain.Money{Currency: r.Total.Currency}
	}
	return domain.Money{Minor: r.Total.Minor / n, Currency: r.Total.Currency}
}

// NoShowJob charges the penalty of guests who did not arrive and marks their
// reservations as no-shows.
type NoShowJob struct {
	reservations reservations.Repository
	payments     payments.Repository
	gateway      stripepay.Gateway
	sms          sms.Sender
	locker       redisx.Locker
	log          *slog.Logger
	fee          FeePolicy
	cutoff       time.Duration
	batch        int
	now          func() time.Time
}

// NoShowOption configures the job.
type NoShowOption func(*NoShowJob)

// WithFeePolicy sets the penalty policy.
func WithFeePolicy(p FeePolicy) NoShowOption { return func(j *NoShowJob) { j.fee = p } }

// WithCutoff sets how long after check-in day a guest counts as a no-show.
func WithCutoff(d time.Duration) NoShowOption { return func(j *NoShowJob) { j.cutoff = d } }

// NewNoShowJob returns the nightly no-show job.
func NewNoShowJob(res reservations.Repository, pay payments.Repository, gw stripepay.Gateway, s sms.Sender,
	locker redisx.Locker, log *slog.Logger, opts ...NoShowOption) *NoShowJob {
	j := &NoShowJob{
		reservations: res, payments: pay, gateway: gw, sms: s, locker: locker, log: log,
		fee: FirstNight, cutoff: 6 * time.Hour, batch: 200, now: time.Now,
	}
	for _, o := range opts {
		o(j)
	}
	return j
}

// Name identifies the job in logs and locks.
func (j *NoShowJob) Name() string { return "no-show" }

// Run processes every candidate reservation.
func (j *NoShowJob) Run(ctx context.Context) error {
	release, err := j.locker.Acquire(ctx, "job:"+j.Name(), 2*time.Hour)
	if errors.Is(err, redisx.ErrLockHeld) {
		j.log.Info("no-show job already running elsewhere")
		return nil
	}
	if err != nil {
		return err
	}
	defer release()

	cutoff := j.now().Add(-j.cutoff).Truncate(24 * time.Hour)
	candidates, err := j.reservations.ListNoShowCandidates(ctx, cutoff, j.batch)
	if err != nil {
		return err
	}
	var failed int
	for _, r := range candidates {
		if err := j.process(ctx, r); err != nil {
			failed++
			j.log.Error("no-show processing failed", "reservation_id", r.ID, "err", err)
		}
	}
	j.log.Info("no-show job finished", "candidates", len(candidates), "failed", failed)
	return nil
}

func (j *NoShowJob) process(ctx context.Context, r domain.Reservation) error {
	fee := j.fee(r)
	var providerRef string
	if fee.Minor > 0 {
		auth, err := j.payments.LatestAuthorization(ctx, r.ID)
		if err != nil && !errors.Is(err, domain.ErrNotFound) {
			return err
		}
		if auth != nil {
			captured, err := j.gateway.Capture(ctx, stripepay.CaptureRequest{
				PaymentIntentID: auth.ProviderRef,
				AmountMinor:     fee.Minor,
				IdempotencyKey:  payments.OperationKey("no-show", r.ID),
			})
			if err != nil {
				return fmt.Errorf("capture no-show fee: %w", err)
			}
			providerRef = captured.PaymentIntentID
		}
	}
	if r.Guest.Phone != "" {
		if _, err := j.sms.Send(ctx, sms.Message{
			To:   r.Guest.Phone,
			Body: fmt.Sprintf("We missed you! Booking %s was marked as a no-show and a fee of %s was charged.", r.ChannelRef, fee),
			Tag:  "no-show",
		}); err != nil {
			j.log.Warn("no-show sms failed", "reservation_id", r.ID, "err", err)
		}
	}
	if _, err := j.reservations.TransitionStatus(ctx, r.ID, domain.StatusNoShow, domain.StatusConfirmed); err != nil {
		return err
	}
	if providerRef == "" {
		return nil
	}
	return j.payments.InsertNoShowFee(ctx, &payments.NoShowFee{ReservationID: r.ID, ProviderRef: providerRef, Amount: fee})
}
