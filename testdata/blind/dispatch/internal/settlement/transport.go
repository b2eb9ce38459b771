package settlement

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/hibiken/asynq"
	"go.temporal.io/sdk/worker"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/quaymile/dispatch/internal/config"
	"github.com/quaymile/dispatch/internal/platform/httpserver"
	"github.com/quaymile/dispatch/internal/platform/taskqueue"
	"github.com/quaymile/dispatch/internal/platform/temporalx"
	"github.com/quaymile/dispatch/internal/reporting"
)

// TaskKickoff starts the previous day's settlements. It runs on a cron.
const TaskKickoff = "settlement:kickoff"

// KickoffPayload optionally pins the period date.
type KickoffPayload struct {
	PeriodDate string `json:"period_date,omitempty"`
}

// Kickoff handles TaskKickoff.
type Kickoff struct {
	reports *reporting.Queries
	starter Starter
	log     *zap.Logger
}

// NewKickoff builds Kickoff.
func NewKickoff(r *reporting.Queries, s Starter, log *zap.Logger) *Kickoff {
	return &Kickoff{reports: r, starter: s, log: log}
}

// Handle starts one workflow per merchant with unsettled cash.
func (k *Kickoff) Handle(ctx context.Context, t *asynq.Task) error {
	var p KickoffPayload
	if len(t.Payload()) > 0 {
		if err := json.Unmarshal(t.Payload(), &p); err != nil {
			return fmt.Errorf("kickoff payload: %v: %w", err, asynq.SkipRetry)
		}
	}
	if p.PeriodDate == "" {
		p.PeriodDate = time.Now().UTC().AddDate(0, 0, -1).Format("2006-01-02")
	}
	day, err := time.Parse("2006-01-02", p.PeriodDate)
	if err != nil {
		return fmt.Errorf("period date: %v: %w", err, asynq.SkipRetry)
	}
	merchants, err := k.reports.UnsettledMerchants(ctx, day)
	if err != nil {
		return err
	}
	var errs []error
	for _, m := range merchants {
		res, err := k.starter.Start(ctx, m, p.PeriodDate)
		if err != nil {
			errs = append(errs, fmt.Errorf("merchant %s: %w", m, err))
			continue
		}
		k.log.Info("settlement started", zap.String("merchant", m), zap.String("workflow_id", res.WorkflowID), zap.Bool("existing", res.Existing))
	}
	return errors.Join(errs...)
}

// Handler is the ops endpoint to (re)run a settlement.
type Handler struct {
	starter Starter
}

// NewHandler builds the Handler.
func NewHandler(s Starter) *Handler { return &Handler{starter: s} }

// Routes implements httpserver.RouteRegistrar.
func (h *Handler) Routes() []httpserver.Route {
	return []httpserver.Route{
		{Method: http.MethodPost, Path: "/v1/settlements/run", Handler: h.run, Audience: "ops"},
	}
}

type runRequest struct {
	MerchantID string `json:"merchant_id" binding:"required"`
	PeriodDate string `json:"period_date" binding:"required,datetime=2006-01-02"`
}

func (h *Handler) run(c *gin.Context) {
	var req runRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		httpserver.Error(c, http.StatusBadRequest, err)
		return
	}
	res, err := h.starter.Start(c.Request.Context(), req.MerchantID, req.PeriodDate)
	if err != nil {
		httpserver.Error(c, http.StatusBadGateway, err)
		return
	}
	c.JSON(http.StatusAccepted, res)
}

// Module wires settlement.
var Module = fx.Module("settlement",
	fx.Provide(
		NewStarter,
		NewActivities,
		NewKickoff,
		httpserver.AsRouteRegistrar(NewHandler),
		taskqueue.AsTable(func(k *Kickoff) taskqueue.Table {
			return taskqueue.Table{{Type: TaskKickoff, Handler: k.Handle, Cron: "30 2 * * *"}}
		}),
		temporalx.AsRegistration(func(cfg config.Config, a *Activities) temporalx.Registration {
			return temporalx.Registration{
				TaskQueue: cfg.SettlementQueue,
				Register: func(w worker.Registry) {
					w.RegisterWorkflow(MerchantSettlementWorkflow)
					w.RegisterActivity(a)
				},
			}
		}),
	),
)
