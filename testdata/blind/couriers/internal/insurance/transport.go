package insurance

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"go.uber.org/fx"

	"github.com/spokechain/courierpay/internal/config"
	"github.com/spokechain/courierpay/internal/platform/httpserver"
	"github.com/spokechain/courierpay/internal/platform/scheduler"
	"github.com/spokechain/courierpay/internal/providers/insurer"
)

type routes struct {
	svc    Service
	secret string
	log    *slog.Logger
}

// NewRoutes returns the insurance HTTP routes and the insurer webhook.
func NewRoutes(svc Service, cfg config.Config, log *slog.Logger) httpserver.Registrar {
	return &routes{svc: svc, secret: cfg.InsurerWebhookSecret, log: log}
}

func (r *routes) Register(e *echo.Echo) {
	e.POST("/v1/couriers/:id/insurance-enrollment", r.enroll)
	e.POST("/webhooks/insurer", r.webhook)
}

func (r *routes) enroll(c echo.Context) error {
	id, err := httpserver.UUIDParam(c, "id")
	if err != nil {
		return err
	}
	e, err := r.svc.Enroll(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{
		"id":                   e.ID,
		"status":               e.Status,
		"plan_code":            e.PlanCode,
		"insurer_member_id":    e.InsurerMemberID.String,
		"weekly_premium_cents": e.WeeklyPremiumCents,
	})
}

func (r *routes) webhook(c echo.Context) error {
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, 64<<10))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
	}
	if err := insurer.VerifySignature(r.secret, body, c.Request().Header.Get("X-RideCover-Signature")); err != nil {
		return echo.NewHTTPError(http.StatusUnauthorized, "bad signature")
	}
	var ev RemittanceEvent
	if err := json.Unmarshal(body, &ev); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "malformed event")
	}
	if err := r.svc.ApplyRemittanceEvent(c.Request().Context(), ev); err != nil {
		r.log.Error("insurer event failed", "type", ev.Type, "ref", ev.RemittanceID, "err", err)
		return echo.NewHTTPError(http.StatusInternalServerError, "event not processed")
	}
	return c.NoContent(http.StatusNoContent)
}

// RemittanceJob creates last month's remittances during the first days of
// each month.
type RemittanceJob struct {
	svc Service
	log *slog.Logger
	now func() time.Time
}

// NewRemittanceJob returns the monthly remittance job.
func NewRemittanceJob(svc Service, log *slog.Logger) *RemittanceJob {
	return &RemittanceJob{svc: svc, log: log, now: time.Now}
}

func (j *RemittanceJob) Name() string         { return "premium-remittance" }
func (j *RemittanceJob) Every() time.Duration { return 24 * time.Hour }

func (j *RemittanceJob) Run(ctx context.Context) error {
	now := j.now().UTC()
	if now.Day() != 1 {
		return nil
	}
	n, err := j.svc.CreateMonthlyRemittances(ctx, now.AddDate(0, -1, 0))
	if n > 0 {
		j.log.Info("premium remittances created", "count", n)
	}
	return err
}

// ResubmitJob retries remittances the insurer has not acknowledged.
type ResubmitJob struct {
	svc Service
}

// NewResubmitJob returns the resubmit job.
func NewResubmitJob(svc Service) *ResubmitJob { return &ResubmitJob{svc: svc} }

func (j *ResubmitJob) Name() string         { return "remittance-resubmit" }
func (j *ResubmitJob) Every() time.Duration { return 30 * time.Minute }

func (j *ResubmitJob) Run(ctx context.Context) error {
	_, err := j.svc.SubmitPendingRemittances(ctx)
	return err
}

// Module wires the insurance package.
var Module = fx.Module("insurance",
	fx.Provide(
		func(c *insurer.Client) InsurerAPI { return c },
		NewService,
		httpserver.AsRegistrar(NewRoutes),
		scheduler.AsJob(NewRemittanceJob),
		scheduler.AsJob(NewResubmitJob),
	),
)
