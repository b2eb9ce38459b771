// Package jobs holds the asynq task handlers and the periodic task table.
package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/renalnet/dialysis-ops/internal/db"
	"github.com/renalnet/dialysis-ops/internal/queue"
	"github.com/renalnet/dialysis-ops/internal/scheduling"
)

type SchedulingJobs interface {
	MaterializeWeek(ctx context.Context, monday time.Time) (int64, error)
}

type BillingJobs interface {
	GenerateClaim(ctx context.Context, sessionID uuid.UUID) (db.Claim, error)
	SendSubmission(ctx context.Context, submissionID uuid.UUID) error
	SendReplacement(ctx context.Context, claimID uuid.UUID, requestKey string) error
}

type SupplyJobs interface {
	SubmitOrder(ctx context.Context, orderID uuid.UUID) error
	RunAutoReorder(ctx context.Context, runDate time.Time) error
}

type TransportJobs interface {
	BookRide(ctx context.Context, rideID uuid.UUID) error
	CancelRide(ctx context.Context, rideID uuid.UUID, reason string) error
}

type IntakeJobs interface {
	SweepMonthly(ctx context.Context, period time.Time) (int, error)
	RecheckMonthly(ctx context.Context, coverageID, patientID uuid.UUID, period time.Time) error
}

type OutboxRelay interface {
	RelayBatch(ctx context.Context) (int, error)
}

type Handlers struct {
	Scheduling SchedulingJobs
	Billing    BillingJobs
	Supply     SupplyJobs
	Transport  TransportJobs
	Intake     IntakeJobs
	Outbox     OutboxRelay
	Now        func() time.Time
	Log        *slog.Logger
}

// handle adapts a typed handler to asynq, decoding the payload first.
func handle[P any](fn func(ctx context.Context, p P) error) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error {
		p, err := queue.Decode[P](t)
		if err != nil {
			return err
		}
		return fn(ctx, p)
	}
}

// Routes is the task-type registration table.
func (h *Handlers) Routes() map[string]asynq.HandlerFunc {
	return map[string]asynq.HandlerFunc{
		queue.TypeScheduleMaterialize: handle(h.materializeWeek),
		queue.TypeClaimGenerate:       handle(h.generateClaim),
		queue.TypeClaimSubmit:         handle(h.submitClaim),
		queue.TypeClaimResubmit:       handle(h.resubmitClaim),
		queue.TypeSupplySubmit:        handle(h.submitSupplyOrder),
		queue.TypeSupplyReorder:       handle(h.autoReorder),
		queue.TypeRideBook:            handle(h.bookRide),
		queue.TypeRideCancel:          handle(h.cancelRide),
		queue.TypeEligibilitySweep:    handle(h.eligibilitySweep),
		queue.TypeEligibilityRecheck:  handle(h.eligibilityRecheck),
		queue.TypeOutboxRelay:         h.relayOutbox,
	}
}

// NewMux builds the ServeMux with the logging middleware applied.
func NewMux(h *Handlers) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.Use(logTasks(h.Log))
	for typ, fn := range h.Routes() {
		mux.HandleFunc(typ, fn)
	}
	return mux
}

func logTasks(log *slog.Logger) asynq.MiddlewareFunc {
	return func(next asynq.Handler) asynq.Handler {
		return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
			start := time.Now()
			id, _ := asynq.GetTaskID(ctx)
			retry, _ := asynq.GetRetryCount(ctx)
			err := next.ProcessTask(ctx, t)
			attrs := []any{"type", t.Type(), "task_id", id, "retry", retry, "duration_ms", time.Since(start).Milliseconds()}
			if err != nil {
				log.WarnContext(ctx, "task failed", append(attrs, "err", err)...)
			} else {
				log.DebugContext(ctx, "task done", attrs...)
			}
			return err
		})
	}
}

func (h *Handlers) materializeWeek(ctx context.Context, p queue.ScheduleMaterializePayload) error {
	monday := scheduling.NextWeekStart(h.Now())
	if p.WeekStart != "" {
		var err error
		if monday, err = scheduling.ParseWeek(p.WeekStart); err != nil {
			return fmt.Errorf("%w: %w", err, asynq.SkipRetry)
		}
	}
	_, err := h.Scheduling.MaterializeWeek(ctx, monday)
	return err
}

func (h *Handlers) generateClaim(ctx context.Context, p queue.ClaimGeneratePayload) error {
	_, err := h.Billing.GenerateClaim(ctx, p.SessionID)
	return err
}

func (h *Handlers) submitClaim(ctx context.Context, p queue.ClaimSubmitPayload) error {
	return h.Billing.SendSubmission(ctx, p.SubmissionID)
}

func (h *Handlers) resubmitClaim(ctx context.Context, p queue.ClaimResubmitPayload) error {
	taskID, ok := asynq.GetTaskID(ctx)
	if !ok {
		return fmt.Errorf("claims:resubmit without a task id: %w", asynq.SkipRetry)
	}
	return h.Billing.SendReplacement(ctx, p.ClaimID, taskID)
}

func (h *Handlers) submitSupplyOrder(ctx context.Context, p queue.SupplySubmitPayload) error {
	return h.Supply.SubmitOrder(ctx, p.OrderID)
}

func (h *Handlers) autoReorder(ctx context.Context, p queue.SupplyReorderPayload) error {
	runDate := h.Now().UTC().Truncate(24 * time.Hour)
	if p.RunDate != "" {
		var err error
		if runDate, err = time.Parse("2006-01-02", p.RunDate); err != nil {
			return fmt.Errorf("run_date: %w: %w", err, asynq.SkipRetry)
		}
	}
	return h.Supply.RunAutoReorder(ctx, runDate)
}

func (h *Handlers) bookRide(ctx context.Context, p queue.RideBookPayload) error {
	return h.Transport.BookRide(ctx, p.RideRequestID)
}

func (h *Handlers) cancelRide(ctx context.Context, p queue.RideCancelPayload) error {
	return h.Transport.CancelRide(ctx, p.RideRequestID, p.Reason)
}

func (h *Handlers) eligibilitySweep(ctx context.Context, p queue.EligibilitySweepPayload) error {
	period := h.Now()
	if p.Period != "" {
		var err error
		if period, err = time.Parse("2006-01", p.Period); err != nil {
			return fmt.Errorf("period: %w: %w", err, asynq.SkipRetry)
		}
	}
	n, err := h.Intake.SweepMonthly(ctx, period)
	if err == nil {
		h.Log.InfoContext(ctx, "eligibility sweep queued", "coverages", n, "period", period.Format("2006-01"))
	}
	return err
}

func (h *Handlers) eligibilityRecheck(ctx context.Context, p queue.EligibilityRecheckPayload) error {
	period, err := time.Parse("2006-01", p.Period)
	if err != nil {
		return fmt.Errorf("period: %w: %w", err, asynq.SkipRetry)
	}
	return h.Intake.RecheckMonthly(ctx, p.CoverageID, p.PatientID, period)
}

func (h *Handlers) relayOutbox(ctx context.Context, _ *asynq.Task) error {
	for i := 0; i < 10; i++ {
		n, err := h.Outbox.RelayBatch(ctx)
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
	}
	return nil
}
