// Package admin is the internal back-office API (echo), reachable only from
// the VPN.
package admin

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/acme/clinic/internal/appointments"
	"github.com/acme/clinic/internal/billing"
	"github.com/acme/clinic/internal/claims"
	"github.com/acme/clinic/internal/credits"
	"github.com/acme/clinic/internal/reporting"
)

type ClaimOps interface {
	Resubmit(ctx context.Context, claimID string) (claims.Claim, error)
}

type CreditOps interface {
	Grant(ctx context.Context, patientID, requestKey, grantedBy string, in credits.GrantInput) (credits.Credit, error)
}

type RefundOps interface {
	AdminRefund(ctx context.Context, in billing.AdminRefundInput) (billing.Refund, error)
}

type AppointmentOps interface {
	MarkNoShow(ctx context.Context, id string) (appointments.Appointment, error)
}

type Reports interface {
	DailyRevenue(ctx context.Context, from, to time.Time) ([]reporting.RevenueRow, error)
	ClinicianUtilization(ctx context.Context, since time.Time) ([]reporting.UtilizationRow, error)
}

type API struct {
	claims  ClaimOps
	credits CreditOps
	refunds RefundOps
	appts   AppointmentOps
	reports Reports
}

func NewAPI(c ClaimOps, cr CreditOps, r RefundOps, a AppointmentOps, rep Reports) *API {
	return &API{claims: c, credits: cr, refunds: r, appts: a, reports: rep}
}

// NewEcho builds the admin server.
func NewEcho(api *API) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.Use(middleware.Recover(), middleware.RequestID())
	e.HTTPErrorHandler = errorHandler(e.DefaultHTTPErrorHandler)

	g := e.Group("/admin", operator)
	g.POST("/claims/:id/resubmit", api.resubmitClaim)
	g.POST("/patients/:id/credits", api.grantCredit)
	g.POST("/refunds", api.refund)
	g.POST("/appointments/:id/no-show", api.markNoShow)
	g.GET("/reports/revenue", api.revenue)
	g.GET("/reports/utilization", api.utilization)
	return e
}

// operator pulls the authenticated operator from the SSO proxy header.
func operator(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		op := c.Request().Header.Get("X-Forwarded-User")
		if op == "" {
			return echo.NewHTTPError(http.StatusUnauthorized, "missing operator")
		}
		c.Set("operator", op)
		return next(c)
	}
}

func errorHandler(fallback echo.HTTPErrorHandler) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		switch {
		case errors.Is(err, claims.ErrNotFound), billing.IsNotFound(err):
			err = echo.NewHTTPError(http.StatusNotFound, err.Error())
		case errors.Is(err, claims.ErrInvalidState), errors.Is(err, appointments.ErrInvalidState),
			errors.Is(err, credits.ErrDuplicate), errors.Is(err, billing.ErrNotPayable):
			err = echo.NewHTTPError(http.StatusConflict, err.Error())
		}
		fallback(err, c)
	}
}

func (a *API) resubmitClaim(c echo.Context) error {
	claim, err := a.claims.Resubmit(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"id": claim.ID, "status": claim.Status})
}

func (a *API) grantCredit(c echo.Context) error {
	var in credits.GrantInput
	if err := c.Bind(&in); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, err.Error())
	}
	key := c.Request().Header.Get("Idempotency-Key")
	if key == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "Idempotency-Key header is required")
	}
	cr, err := a.credits.Grant(c.Request().Context(), c.Param("id"), key, c.Get("operator").(string), in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, cr)
}

func (a *API) refund(c echo.Context) error {
	var in billing.AdminRefundInput
	if err := c.Bind(&in); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, err.Error())
	}
	rf, err := a.refunds.AdminRefund(c.Request().Context(), in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, rf)
}

func (a *API) markNoShow(c echo.Context) error {
	appt, err := a.appts.MarkNoShow(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, appt)
}

func (a *API) revenue(c echo.Context) error {
	to := time.Now().UTC()
	from := to.AddDate(0, 0, -30)
	if v, err := time.Parse(time.DateOnly, c.QueryParam("from")); err == nil {
		from = v
	}
	if v, err := time.Parse(time.DateOnly, c.QueryParam("to")); err == nil {
		to = v
	}
	rows, err := a.reports.DailyRevenue(c.Request().Context(), from, to)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, rows)
}

func (a *API) utilization(c echo.Context) error {
	rows, err := a.reports.ClinicianUtilization(c.Request().Context(), time.Now().AddDate(0, -3, 0))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, rows)
}
