// Package api is the echo HTTP API used by the student portal, the housing
// office console and provider webhooks.
package api

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/quadhall/housing/internal/commandbus"
	"github.com/quadhall/housing/internal/db"
	"github.com/quadhall/housing/internal/housing"
	"github.com/quadhall/housing/internal/maintenance"
	"github.com/quadhall/housing/internal/mealplan"
	"github.com/quadhall/housing/internal/moveout"
	"github.com/quadhall/housing/internal/refunds"
	"github.com/quadhall/housing/internal/webhooks"
)

// Server holds the route handlers.
type Server struct {
	bus     *commandbus.Bus
	q       db.Querier
	cards   *webhooks.CardHandler
	payouts *webhooks.PayoutHandler
	log     *slog.Logger
}

// NewServer returns a Server.
func NewServer(bus *commandbus.Bus, q db.Querier, cards *webhooks.CardHandler, payouts *webhooks.PayoutHandler, log *slog.Logger) *Server {
	return &Server{bus: bus, q: q, cards: cards, payouts: payouts, log: log}
}

// Echo builds the router.
func (s *Server) Echo() *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HTTPErrorHandler = s.errorHandler
	e.Use(middleware.Recover())
	e.Use(RequestID())
	e.Use(AccessLog(s.log))
	e.Use(middleware.BodyLimit("1M"))

	e.GET("/healthz", func(c echo.Context) error { return c.String(http.StatusOK, "ok") })

	v1 := e.Group("/v1")
	v1.POST("/applications", s.submitApplication)
	v1.POST("/applications/:id/assignment", s.assignRoom)
	v1.POST("/students/:id/meal-plan/top-ups", s.topUpMealPlan, Idempotency(s.q, "meal_plan_top_up"))
	v1.POST("/maintenance-requests", s.createMaintenanceRequest)
	v1.POST("/assignments/:id/inspection", s.recordInspection)
	v1.POST("/assignments/:id/refund", s.requestRefund)

	wh := e.Group("/webhooks")
	wh.POST("/cardproc", s.cards.Handle)
	wh.POST("/payouts", s.payouts.Handle)
	return e
}

func (s *Server) errorHandler(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	var de *commandbus.DomainError
	var he *echo.HTTPError
	switch {
	case errors.As(err, &de):
		status := http.StatusUnprocessableEntity
		if de.Code == "unknown_student" || de.Code == "unknown_application" || de.Code == "unknown_assignment" {
			status = http.StatusNotFound
		}
		_ = c.JSON(status, map[string]string{"error": de.Code, "message": de.Msg})
	case errors.As(err, &he):
		_ = c.JSON(he.Code, map[string]any{"error": he.Message})
	default:
		s.log.ErrorContext(c.Request().Context(), "unhandled error", "path", c.Path(), "err", err)
		_ = c.JSON(http.StatusInternalServerError, map[string]string{"error": "internal"})
	}
}

// Services are the command handlers' backing services.
type Services struct {
	Housing     *housing.Service
	MealPlan    *mealplan.Service
	Maintenance *maintenance.Service
	MoveOut     *moveout.Service
	Refunds     *refunds.Service
}

// RegisterCommands installs one handler per command on bus.
func RegisterCommands(bus *commandbus.Bus, s Services) {
	commandbus.Register(bus, commandbus.HandlerFunc[housing.SubmitApplication](s.Housing.Submit))
	commandbus.Register(bus, commandbus.HandlerFunc[housing.AssignRoom](s.Housing.Assign))
	commandbus.Register(bus, commandbus.HandlerFunc[mealplan.TopUp](s.MealPlan.TopUp))
	commandbus.Register(bus, commandbus.HandlerFunc[maintenance.CreateRequest](s.Maintenance.Create))
	commandbus.Register(bus, commandbus.HandlerFunc[moveout.RecordInspection](s.MoveOut.Record))
	commandbus.Register(bus, commandbus.HandlerFunc[refunds.RequestRefund](s.Refunds.Request))
}
