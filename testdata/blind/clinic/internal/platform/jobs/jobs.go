// Package jobs wires asynq: the client used to enqueue background work and the
// server that runs the handlers contributed by each package.
package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
	"go.uber.org/fx"

	"github.com/acme/clinic/internal/config"
)

const (
	TypeReminderSMS      = "reminders:send"
	TypeNoShowFollowUp   = "appointments:no-show-followup"
	TypeNoShowFee        = "billing:no-show-fee"
	TypeClaimSubmit      = "claims:submit"
	TypeRxTransmit       = "rx:transmit"
	TypePatientStatement = "billing:statement" // consumed by the statements worker (separate deployment)
	defaultRetention     = 7 * 24 * time.Hour
	queueCritical        = "critical"
	queueDefault         = "default"
)

// Enqueuer is the part of *asynq.Client the application uses.
type Enqueuer interface {
	EnqueueContext(ctx context.Context, task *asynq.Task, opts ...asynq.Option) (*asynq.TaskInfo, error)
}

// TaskHandler is contributed to the "tasks" fx group.
type TaskHandler struct {
	Type string
	Fn   func(ctx context.Context, t *asynq.Task) error
}

// AppointmentPayload is shared by the appointment-scoped tasks.
type AppointmentPayload struct {
	AppointmentID string `json:"appointment_id"`
}

// NewTask marshals payload into a task of the given type.
func NewTask(typ string, payload any, opts ...asynq.Option) (*asynq.Task, error) {
	body, err := json.Marshal(payload)
	if err != nil {
		return nil, err
	}
	return asynq.NewTask(typ, body, opts...), nil
}

// EnqueueOnce enqueues task and treats "already enqueued under this TaskID"
// as success, so callers can safely re-run it with the same TaskID.
func EnqueueOnce(ctx context.Context, e Enqueuer, task *asynq.Task, opts ...asynq.Option) error {
	opts = append([]asynq.Option{asynq.Retention(defaultRetention)}, opts...)
	_, err := e.EnqueueContext(ctx, task, opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		return nil
	}
	return err
}

// Decode unmarshals a task payload.
func Decode[T any](t *asynq.Task) (T, error) {
	var v T
	err := json.Unmarshal(t.Payload(), &v)
	return v, err
}

func redisOpt(cfg config.Config) asynq.RedisClientOpt {
	return asynq.RedisClientOpt{Addr: cfg.RedisAddr}
}

func NewClient(lc fx.Lifecycle, cfg config.Config) *asynq.Client {
	c := asynq.NewClient(redisOpt(cfg))
	lc.Append(fx.Hook{OnStop: func(context.Context) error { return c.Close() }})
	return c
}

type ServerParams struct {
	fx.In

	Lifecycle fx.Lifecycle
	Config    config.Config
	Log       *slog.Logger
	Handlers  []TaskHandler `group:"tasks"`
}

// RunServer starts the asynq worker with every registered handler.
func RunServer(p ServerParams) {
	srv := asynq.NewServer(redisOpt(p.Config), asynq.Config{
		Concurrency: 10,
		Queues:      map[string]int{queueCritical: 6, queueDefault: 3},
		ErrorHandler: asynq.ErrorHandlerFunc(func(ctx context.Context, task *asynq.Task, err error) {
			p.Log.WarnContext(ctx, "task failed", "type", task.Type(), "err", err)
		}),
	})
	mux := asynq.NewServeMux()
	for _, h := range p.Handlers {
		mux.HandleFunc(h.Type, h.Fn)
	}
	p.Lifecycle.Append(fx.Hook{
		OnStart: func(context.Context) error { return srv.Start(mux) },
		OnStop:  func(context.Context) error { srv.Shutdown(); return nil },
	})
}

// Critical routes a task to the critical queue.
func Critical() asynq.Option { return asynq.Queue(queueCritical) }
