// Package jobs contains the asynq task handlers run by the worker and the
// periodic schedule that drives the nightly runs.
package jobs

import (
	"log/slog"

	"github.com/google/wire"
	"github.com/hibiken/asynq"

	"github.com/cityparking/parking/internal/config"
	"github.com/cityparking/parking/internal/platform/queue"
)

var ProviderSet = wire.NewSet(
	NewSessionReminder,
	NewChargeCapture,
	NewNightlySettlement,
	NewFineReminders,
	NewFineEscalation,
	NewFineNotify,
	NewPermitsDaily,
	NewPermitRenew,
	NewSMSSend,
	wire.Struct(new(Handlers), "*"),
	NewMux,
	NewServer,
	NewScheduler,
)

// Handlers collects every task handler so wire can build them in one go.
type Handlers struct {
	Reminder   *SessionReminder
	Capture    *ChargeCapture
	Settlement *NightlySettlement
	Reminders  *FineReminders
	Escalation *FineEscalation
	FineNotify *FineNotify
	Permits    *PermitsDaily
	Renew      *PermitRenew
	SMS        *SMSSend
}

// NewMux registers each handler under its task type.
func NewMux(h Handlers, log *slog.Logger) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	routes := map[string]asynq.Handler{
		queue.TypeSessionReminder:   h.Reminder,
		queue.TypeChargeCapture:     h.Capture,
		queue.TypeSettlementNightly: h.Settlement,
		queue.TypeFineReminders:     h.Reminders,
		queue.TypeFineEscalate:      h.Escalation,
		queue.TypeFineNotify:        h.FineNotify,
		queue.TypePermitsDaily:      h.Permits,
		queue.TypePermitRenew:       h.Renew,
		queue.TypeSMSSend:           h.SMS,
	}
	for typ, handler := range routes {
		mux.Handle(typ, handler)
	}
	mux.Use(loggingMiddleware(log))
	return mux
}

func NewServer(cfg *config.Config, opt asynq.RedisClientOpt) *asynq.Server {
	return asynq.NewServer(opt, asynq.Config{
		Concurrency: cfg.WorkerConcurrency,
		Queues: map[string]int{
			queue.QueueCritical: 6,
			queue.QueueDefault:  3,
			queue.QueueLow:      1,
		},
	})
}

// NewScheduler registers the nightly runs.
func NewScheduler(cfg *config.Config, opt asynq.RedisClientOpt) (*asynq.Scheduler, error) {
	s := asynq.NewScheduler(opt, &asynq.SchedulerOpts{})
	entries := []struct {
		spec string
		typ  string
		q    string
	}{
		{cfg.SettlementCronSpec, queue.TypeSettlementNightly, queue.QueueCritical},
		{"0 9 * * *", queue.TypeFineReminders, queue.QueueLow},
		{"30 3 * * *", queue.TypePermitsDaily, queue.QueueDefault},
	}
	for _, e := range entries {
		if _, err := s.Register(e.spec, asynq.NewTask(e.typ, nil), asynq.Queue(e.q), asynq.MaxRetry(3)); err != nil {
			return nil, err
		}
	}
	return s, nil
}
