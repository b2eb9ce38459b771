// Package worker runs printshop's asynq task handlers and periodic schedule.
package worker

import (
	"context"
	"errors"
	"time"

	"github.com/hibiken/asynq"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/inkloop/printshop/internal/config"
	"github.com/inkloop/printshop/internal/model"
	"github.com/inkloop/printshop/internal/queue/tasks"
	"github.com/inkloop/printshop/internal/service"
)

type Params struct {
	fx.In

	Config        config.Config
	Log           *zap.Logger
	Orders        service.OrderService
	Fulfilment    service.FulfilmentService
	Labels        service.LabelService
	Notifications service.NotificationService
	Topups        service.TopupService
	Statements    service.StatementService
}

type Worker struct {
	cfg           config.Config
	log           *zap.Logger
	orders        service.OrderService
	fulfilment    service.FulfilmentService
	labels        service.LabelService
	notifications service.NotificationService
	topups        service.TopupService
	statements    service.StatementService
}

func New(p Params) *Worker {
	return &Worker{
		cfg: p.Config, log: p.Log.Named("worker"), orders: p.Orders, fulfilment: p.Fulfilment,
		labels: p.Labels, notifications: p.Notifications, topups: p.Topups, statements: p.Statements,
	}
}

// std is the middleware stack every task handler gets.
func std[T any](log *zap.Logger, timeout time.Duration) []tasks.Middleware[T] {
	return []tasks.Middleware[T]{
		tasks.Recover[T](log),
		tasks.Logging[T](log),
		tasks.Timeout[T](timeout),
	}
}

func notBlank(s string) error {
	if s == "" {
		return errors.New("required field is empty")
	}
	return nil
}

// Mux registers every task type.
func (w *Worker) Mux() *asynq.ServeMux {
	mux := asynq.NewServeMux()
	registrations := []func(*asynq.ServeMux){
		func(m *asynq.ServeMux) {
			tasks.Register(m, tasks.TypeOrderCharge, w.chargeOrder,
				append(std[tasks.OrderChargePayload](w.log, 30*time.Second),
					tasks.Validate(func(p tasks.OrderChargePayload) error { return notBlank(p.OrderID) }))...)
		},
		func(m *asynq.ServeMux) {
			tasks.Register(m, tasks.TypePrintSubmit, w.submitPrintJob,
				append(std[tasks.PrintSubmitPayload](w.log, 90*time.Second),
					tasks.Validate(func(p tasks.PrintSubmitPayload) error { return notBlank(p.PrintJobID) }))...)
		},
		func(m *asynq.ServeMux) {
			tasks.Register(m, tasks.TypePrintReconcile, w.reconcileFacility, std[tasks.PrintReconcilePayload](w.log, 5*time.Minute)...)
		},
		func(m *asynq.ServeMux) {
			tasks.Register(m, tasks.TypeMerchantWebhook, w.deliverWebhook, std[tasks.MerchantWebhookPayload](w.log, 30*time.Second)...)
		},
		func(m *asynq.ServeMux) {
			tasks.Register(m, tasks.TypeWalletAutoTopup, w.autoTopup, std[tasks.WalletAutoTopupPayload](w.log, time.Minute)...)
		},
		func(m *asynq.ServeMux) {
			tasks.Register(m, tasks.TypeWalletLowBalance, w.lowBalanceAlert, std[tasks.WalletLowBalancePayload](w.log, 30*time.Second)...)
		},
		func(m *asynq.ServeMux) {
			tasks.Register(m, tasks.TypeLabelRequest, w.requestLabel, std[tasks.LabelRequestPayload](w.log, 30*time.Second)...)
		},
		func(m *asynq.ServeMux) {
			tasks.Register(m, tasks.TypeLabelReturn, w.createReturnLabel, std[tasks.LabelReturnPayload](w.log, 2*time.Minute)...)
		},
		func(m *asynq.ServeMux) {
			tasks.Register(m, tasks.TypeStatementsMonthly, w.generateStatements, std[tasks.StatementsMonthlyPayload](w.log, 30*time.Minute)...)
		},
	}
	for _, reg := range registrations {
		reg(mux)
	}
	return mux
}

func NewServer(cfg config.Config) *asynq.Server {
	return asynq.NewServer(asynq.RedisClientOpt{Addr: cfg.RedisAddr}, asynq.Config{
		Concurrency: cfg.WorkerConcurrent,
		Queues: map[string]int{
			tasks.QueueCritical: 6,
			tasks.QueueDefault:  3,
			tasks.QueueLow:      1,
		},
		RetryDelayFunc: asynq.DefaultRetryDelayFunc,
	})
}

func NewScheduler(cfg config.Config) (*asynq.Scheduler, error) {
	s := asynq.NewScheduler(asynq.RedisClientOpt{Addr: cfg.RedisAddr}, &asynq.SchedulerOpts{Location: time.UTC})
	for _, f := range []string{model.FacilityInkbridge, model.FacilityPressworks, model.FacilityCopperplate} {
		t, err := tasks.New(tasks.TypePrintReconcile, tasks.PrintReconcilePayload{Facility: f})
		if err != nil {
			return nil, err
		}
		if _, err := s.Register("*/15 * * * *", t, asynq.Queue(tasks.QueueLow), asynq.Unique(14*time.Minute)); err != nil {
			return nil, err
		}
	}
	t, err := tasks.New(tasks.TypeStatementsMonthly, tasks.StatementsMonthlyPayload{})
	if err != nil {
		return nil, err
	}
	if _, err := s.Register("0 3 1 * *", t, asynq.Queue(tasks.QueueLow), asynq.MaxRetry(10)); err != nil {
		return nil, err
	}
	return s, nil
}

// Run starts the worker server and scheduler with the fx lifecycle.
func Run(lc fx.Lifecycle, w *Worker, srv *asynq.Server, sched *asynq.Scheduler) {
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			if err := srv.Start(w.Mux()); err != nil {
				return err
			}
			return sched.Start()
		},
		OnStop: func(context.Context) error {
			sched.Shutdown()
			srv.Shutdown()
			return nil
		},
	})
}
