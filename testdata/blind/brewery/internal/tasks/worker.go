package tasks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/ironkettle/taproute/internal/config"
	"github.com/ironkettle/taproute/internal/domain"
	"github.com/ironkettle/taproute/internal/service"
)

// InvoiceJobs is the invoice service as the worker uses it.
type InvoiceJobs interface {
	Generate(ctx context.Context, orderID uuid.UUID) (domain.Invoice, error)
	Send(ctx context.Context, id uuid.UUID, deliveryKey string) error
}

// PaymentJobs is the payment service as the worker uses it.
type PaymentJobs interface {
	CollectAutopay(ctx context.Context, invoiceID uuid.UUID, runDate string) error
	DueForAutopay(ctx context.Context, day time.Time) ([]uuid.UUID, error)
}

// RebateJobs is the rebate service as the worker uses it.
type RebateJobs interface {
	Accrue(ctx context.Context, accountID, month string) (domain.RebateAccrual, error)
	CreditQuarter(ctx context.Context, accountID, quarter string) (domain.RebateCredit, error)
}

// Worker holds the asynq task handlers.
type Worker struct {
	invoices InvoiceJobs
	payments PaymentJobs
	rebates  RebateJobs
	enq      *Enqueuer
	log      *slog.Logger
}

// NewWorker constructs a Worker.
func NewWorker(inv *service.InvoiceService, pay *service.PaymentService, reb *service.RebateService, enq *Enqueuer) *Worker {
	return &Worker{invoices: inv, payments: pay, rebates: reb, enq: enq, log: slog.Default().With("component", "worker")}
}

// handlerFunc adapts a typed handler to asynq, decoding the payload and
// turning validation failures into non-retryable errors.
func handlerFunc[P any](log *slog.Logger, fn func(ctx context.Context, p P) error) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error {
		var p P
		if err := json.Unmarshal(t.Payload(), &p); err != nil {
			return fmt.Errorf("decode %s: %v: %w", t.Type(), err, asynq.SkipRetry)
		}
		err := fn(ctx, p)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, domain.ErrInvalid), errors.Is(err, domain.ErrNotFound):
			log.WarnContext(ctx, "task rejected", "type", t.Type(), "err", err)
			return fmt.Errorf("%w: %w", err, asynq.SkipRetry)
		default:
			return err
		}
	}
}

// Register mounts every handler on mux.
func (w *Worker) Register(mux *asynq.ServeMux) {
	mux.Handle(TypeInvoiceGenerate, handlerFunc(w.log, w.generateInvoice))
	mux.Handle(TypeInvoiceSend, handlerFunc(w.log, w.sendInvoice))
	mux.Handle(TypeInvoiceCollect, handlerFunc(w.log, w.collectAutopay))
	mux.Handle(TypeAutopaySweep, handlerFunc(w.log, w.autopaySweep))
	mux.Handle(TypeRebateAccrue, handlerFunc(w.log, w.accrueRebate))
	mux.Handle(TypeRebateCredit, handlerFunc(w.log, w.creditRebate))
}

func (w *Worker) generateInvoice(ctx context.Context, p InvoicePayload) error {
	inv, err := w.invoices.Generate(ctx, p.OrderID)
	if err != nil {
		return err
	}
	w.log.InfoContext(ctx, "invoice generated", "order", p.OrderID, "invoice", inv.Number)
	return nil
}

func (w *Worker) sendInvoice(ctx context.Context, p InvoicePayload) error {
	taskID, ok := asynq.GetTaskID(ctx)
	if !ok {
		return fmt.Errorf("invoice:send without task id")
	}
	return w.invoices.Send(ctx, p.InvoiceID, taskID)
}

func (w *Worker) collectAutopay(ctx context.Context, p CollectPayload) error {
	return w.payments.CollectAutopay(ctx, p.InvoiceID, p.RunDate)
}

func (w *Worker) autopaySweep(ctx context.Context, p SweepPayload) error {
	day, err := time.Parse(time.DateOnly, p.RunDate)
	if err != nil {
		return fmt.Errorf("run_date %q: %w", p.RunDate, domain.ErrInvalid)
	}
	due, err := w.payments.DueForAutopay(ctx, day)
	if err != nil {
		return err
	}
	for _, id := range due {
		if err := w.enq.CollectAutopay(ctx, id, p.RunDate); err != nil {
			return fmt.Errorf("queue autopay for %s: %w", id, err)
		}
	}
	w.log.InfoContext(ctx, "autopay sweep queued", "date", p.RunDate, "invoices", len(due))
	return nil
}

func (w *Worker) accrueRebate(ctx context.Context, p RebatePayload) error {
	_, err := w.rebates.Accrue(ctx, p.AccountID, p.Month)
	return err
}

func (w *Worker) creditRebate(ctx context.Context, p RebatePayload) error {
	_, err := w.rebates.CreditQuarter(ctx, p.AccountID, p.Quarter)
	return err
}

// Server is the asynq server with its handler mux.
type Server struct {
	Srv *asynq.Server
	Mux *asynq.ServeMux
}

// NewServer builds the asynq server and mux with all handlers registered.
func NewServer(cfg config.Config, w *Worker) *Server {
	srv := asynq.NewServer(asynq.RedisClientOpt{Addr: cfg.RedisAddr}, asynq.Config{
		Concurrency: cfg.WorkerConcurrency,
		Queues:      map[string]int{QueueBilling: 6, QueueMail: 3, QueueDefault: 1},
	})
	mux := asynq.NewServeMux()
	w.Register(mux)
	return &Server{Srv: srv, Mux: mux}
}

// SweepTask builds the autopay sweep task for a business date. The task id
// is the date, so every replica's ticker enqueues the same job once.
func SweepTask(day time.Time) (*asynq.Task, error) {
	d := day.Format(time.DateOnly)
	return newTask(TypeAutopaySweep, SweepPayload{RunDate: d},
		asynq.TaskID("autopay-sweep:"+d), asynq.Queue(QueueBilling), asynq.Retention(48*time.Hour))
}

// RunDailySweep enqueues the autopay sweep for the current business date in
// Pacific time once an hour until ctx is cancelled.
func RunDailySweep(ctx context.Context, enq *Enqueuer, now func() time.Time) {
	loc, err := time.LoadLocation("America/Los_Angeles")
	if err != nil {
		loc = time.UTC
	}
	tick := time.NewTicker(time.Hour)
	defer tick.Stop()
	for {
		t, err := SweepTask(now().In(loc))
		if err == nil {
			err = enq.enqueue(ctx, t)
		}
		if err != nil && ctx.Err() == nil {
			slog.ErrorContext(ctx, "enqueue autopay sweep", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
