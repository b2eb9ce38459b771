package deductions

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"go.uber.org/fx"

	"github.com/spokechain/courierpay/internal/couriers"
	"github.com/spokechain/courierpay/internal/platform/httpserver"
	"github.com/spokechain/courierpay/internal/platform/messaging"
	"github.com/spokechain/courierpay/internal/platform/scheduler"
)

type consumer struct {
	svc Service
	log *slog.Logger
}

// NewConsumer returns the equipment-event consumer.
func NewConsumer(svc Service, log *slog.Logger) messaging.Consumer {
	return &consumer{svc: svc, log: log}
}

func (c *consumer) Handlers() []messaging.Handler {
	return []messaging.Handler{
		{
			Name:  "deductions.issued",
			Topic: TopicEquipmentIssued,
			Func: messaging.JSON(c.log, func(ctx context.Context, _ string, ev EquipmentIssued) error {
				return c.svc.ScheduleFromIssue(ctx, ev)
			}),
		},
		{
			Name:  "deductions.returned",
			Topic: TopicEquipmentReturned,
			Func: messaging.JSON(c.log, func(ctx context.Context, msgID string, ev EquipmentReturned) error {
				return c.svc.HandleReturn(ctx, msgID, ev)
			}),
		},
	}
}

type routes struct {
	svc   Service
	store httpserver.IdempotencyStore
	log   *slog.Logger
}

// NewRoutes returns the deductions HTTP routes.
func NewRoutes(svc Service, store httpserver.IdempotencyStore, log *slog.Logger) httpserver.Registrar {
	return &routes{svc: svc, store: store, log: log}
}

func (r *routes) Register(e *echo.Echo) {
	e.POST("/v1/couriers/:id/equipment-charges", r.addCharge,
		httpserver.Idempotent(r.store, "equipment-charges", r.log))
	e.POST("/v1/installments/:id/waive", r.waive)
}

func (r *routes) addCharge(c echo.Context) error {
	id, err := httpserver.UUIDParam(c, "id")
	if err != nil {
		return err
	}
	key, err := httpserver.RequireKey(c)
	if err != nil {
		return err
	}
	in, err := httpserver.Bind[Charge](c)
	if err != nil {
		return err
	}
	in.RequestKey = key
	in.Actor = httpserver.Actor(c)
	ch, err := r.svc.AddCharge(c.Request().Context(), id, in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]any{
		"id":           ch.ID,
		"sku":          ch.ItemSku,
		"amount_cents": ch.AmountCents,
		"created_at":   ch.CreatedAt,
	})
}

type waiveRequest struct {
	Reason string `json:"reason"`
}

func (r *routes) waive(c echo.Context) error {
	id, err := httpserver.UUIDParam(c, "id")
	if err != nil {
		return err
	}
	req, err := httpserver.Bind[waiveRequest](c)
	if err != nil {
		return err
	}
	if err := r.svc.WaiveInstallment(c.Request().Context(), id, httpserver.Actor(c), req.Reason); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// InstallmentJob applies due equipment installments to pending payouts.
type InstallmentJob struct {
	svc Service
	log *slog.Logger
	now func() time.Time
}

// NewInstallmentJob returns the job.
func NewInstallmentJob(svc Service, log *slog.Logger) *InstallmentJob {
	return &InstallmentJob{svc: svc, log: log, now: time.Now}
}

func (j *InstallmentJob) Name() string         { return "apply-installments" }
func (j *InstallmentJob) Every() time.Duration { return time.Hour }

func (j *InstallmentJob) Run(ctx context.Context) error {
	n, err := j.svc.ApplyDueInstallments(ctx, j.now().UTC())
	if n > 0 {
		j.log.Info("installments applied", "count", n)
	}
	return err
}

// Module wires the deductions package. The service also serves as the
// couriers package's DepositRefunder.
var Module = fx.Module("deductions",
	fx.Provide(
		NewService,
		func(s Service) couriers.DepositRefunder { return s },
		messaging.AsConsumer(NewConsumer),
		httpserver.AsRegistrar(NewRoutes),
		scheduler.AsJob(NewInstallmentJob),
	),
)
