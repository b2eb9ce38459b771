package service

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/cyclegrid/bikeshare/internal/crews"
	"github.com/cyclegrid/bikeshare/internal/db"
	"github.com/cyclegrid/bikeshare/internal/retry"
	"github.com/cyclegrid/bikeshare/internal/sms"
)

// observe logs the outcome and latency of one service call.
func observe[T any](ctx context.Context, log *slog.Logger, op string, fn func() (T, error)) (T, error) {
	start := time.Now()
	v, err := fn()
	attrs := []any{"op", op, "duration_ms", time.Since(start).Milliseconds()}
	if err != nil {
		log.WarnContext(ctx, "service call failed", append(attrs, "err", err)...)
	} else {
		log.DebugContext(ctx, "service call", attrs...)
	}
	return v, err
}

func observeErr(ctx context.Context, log *slog.Logger, op string, fn func() error) error {
	_, err := observe(ctx, log, op, func() (struct{}, error) { return struct{}{}, fn() })
	return err
}

type loggingRideService struct {
	next RideService
	log  *slog.Logger
}

func NewLoggingRideService(next RideService, log *slog.Logger) RideService {
	return &loggingRideService{next: next, log: log}
}

func (s *loggingRideService) Unlock(ctx context.Context, in UnlockInput) (*UnlockResult, error) {
	return observe(ctx, s.log, "rides.unlock", func() (*UnlockResult, error) { return s.next.Unlock(ctx, in) })
}

func (s *loggingRideService) ConfirmStart(ctx context.Context, rideID uuid.UUID, dockID string, at time.Time) error {
	return observeErr(ctx, s.log, "rides.confirm_start", func() error { return s.next.ConfirmStart(ctx, rideID, dockID, at) })
}

func (s *loggingRideService) FinishAtDock(ctx context.Context, in FinishInput) (*FinishResult, error) {
	return observe(ctx, s.log, "rides.finish_at_dock", func() (*FinishResult, error) { return s.next.FinishAtDock(ctx, in) })
}

func (s *loggingRideService) EndManually(ctx context.Context, riderID, rideID uuid.UUID, dockID string) (*FinishResult, error) {
	return observe(ctx, s.log, "rides.end_manually", func() (*FinishResult, error) {
		return s.next.EndManually(ctx, riderID, rideID, dockID)
	})
}

func (s *loggingRideService) VoidUnlockFailed(ctx context.Context, eventID string, rideID uuid.UUID, reason string) error {
	return observeErr(ctx, s.log, "rides.void_unlock_failed", func() error {
		return s.next.VoidUnlockFailed(ctx, eventID, rideID, reason)
	})
}

func (s *loggingRideService) CloseStale(ctx context.Context, now time.Time) (int, error) {
	return observe(ctx, s.log, "rides.close_stale", func() (int, error) { return s.next.CloseStale(ctx, now) })
}

type loggingPassService struct {
	next PassService
	log  *slog.Logger
}

func NewLoggingPassService(next PassService, log *slog.Logger) PassService {
	return &loggingPassService{next: next, log: log}
}

func (s *loggingPassService) Purchase(ctx context.Context, in PurchaseInput) (db.Pass, error) {
	return observe(ctx, s.log, "passes.purchase", func() (db.Pass, error) { return s.next.Purchase(ctx, in) })
}

func (s *loggingPassService) Cancel(ctx context.Context, riderID, passID uuid.UUID) (*CancelResult, error) {
	return observe(ctx, s.log, "passes.cancel", func() (*CancelResult, error) { return s.next.Cancel(ctx, riderID, passID) })
}

func (s *loggingPassService) RenewDue(ctx context.Context, now time.Time) (RenewalReport, error) {
	return observe(ctx, s.log, "passes.renew_due", func() (RenewalReport, error) { return s.next.RenewDue(ctx, now) })
}

type loggingRebalanceService struct {
	next RebalanceService
	log  *slog.Logger
}

func NewLoggingRebalanceService(next RebalanceService, log *slog.Logger) RebalanceService {
	return &loggingRebalanceService{next: next, log: log}
}

func (s *loggingRebalanceService) RequestForOccupancy(ctx context.Context, stationID string, opts ...DispatchOption) (*db.RebalanceJob, error) {
	return observe(ctx, s.log, "rebalance.request_for_occupancy", func() (*db.RebalanceJob, error) {
		return s.next.RequestForOccupancy(ctx, stationID, opts...)
	})
}

func (s *loggingRebalanceService) Schedule(ctx context.Context, in ScheduleInput) (db.RebalanceJob, error) {
	return observe(ctx, s.log, "rebalance.schedule", func() (db.RebalanceJob, error) { return s.next.Schedule(ctx, in) })
}

func (s *loggingRebalanceService) Dispatch(ctx context.Context, jobID uuid.UUID) error {
	return observeErr(ctx, s.log, "rebalance.dispatch", func() error { return s.next.Dispatch(ctx, jobID) })
}

func (s *loggingRebalanceService) Sweep(ctx context.Context, now time.Time) (int, error) {
	return observe(ctx, s.log, "rebalance.sweep", func() (int, error) { return s.next.Sweep(ctx, now) })
}

func (s *loggingRebalanceService) Complete(ctx context.Context, c crews.Completion) error {
	return observeErr(ctx, s.log, "rebalance.complete", func() error { return s.next.Complete(ctx, c) })
}

// retryingNotifications retries sends that fail on transient provider
// errors before handing the failure back to the queue.
type retryingNotifications struct {
	NotificationService
	policy retry.Policy
}

func NewRetryingNotifications(next NotificationService, policy retry.Policy) NotificationService {
	if policy.Retryable == nil {
		policy.Retryable = func(err error) bool {
			if apiErr, ok := err.(*sms.APIError); ok {
				return apiErr.Status >= 500 || apiErr.Status == 429
			}
			return true
		}
	}
	return &retryingNotifications{NotificationService: next, policy: policy}
}

func (s *retryingNotifications) SendRideReceipt(ctx context.Context, rideID uuid.UUID) error {
	return retry.Do(ctx, s.policy, func(ctx context.Context) error {
		return s.NotificationService.SendRideReceipt(ctx, rideID)
	})
}

func (s *retryingNotifications) SendRefundIssued(ctx context.Context, refundID uuid.UUID) error {
	return retry.Do(ctx, s.policy, func(ctx context.Context) error {
		return s.NotificationService.SendRefundIssued(ctx, refundID)
	})
}
