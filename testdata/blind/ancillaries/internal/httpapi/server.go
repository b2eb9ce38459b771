// Package httpapi is the echo HTTP API used by the mobile app, the web
// front-end, lounge desks, customer-care tools and Stripe.
package httpapi

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/skyway-air/ancillaries/internal/app"
	"github.com/skyway-air/ancillaries/internal/command"
	"github.com/skyway-air/ancillaries/internal/domain"
	"github.com/skyway-air/ancillaries/internal/payments"
	"github.com/skyway-air/ancillaries/internal/postgres"
)

// Server holds the HTTP handlers' collaborators.
type Server struct {
	cmds          app.Commands
	store         domain.Store
	paymentEvents *app.PaymentEvents
	webhookSecret string
	logger        *slog.Logger
	agentToken    string
}

// Option configures a Server.
type Option func(*Server)

// WithWebhookSecret sets the Stripe webhook signing secret.
func WithWebhookSecret(s string) Option { return func(srv *Server) { srv.webhookSecret = s } }

// WithAgentToken sets the bearer token required on /internal routes.
func WithAgentToken(t string) Option { return func(srv *Server) { srv.agentToken = t } }

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(srv *Server) { srv.logger = l } }

// New builds a Server.
func New(cmds app.Commands, store domain.Store, events *app.PaymentEvents, opts ...Option) *Server {
	s := &Server{cmds: cmds, store: store, paymentEvents: events, logger: slog.Default()}
	for _, opt := range opts {
		opt(s)
	}
	return s
}

// Echo builds the echo instance with every route registered.
func (s *Server) Echo() *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HTTPErrorHandler = s.errorHandler
	e.Use(middleware.Recover())
	e.Use(middleware.RequestID())
	e.Use(requestContext)
	e.Use(middleware.BodyLimit("1M"))

	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })

	v1 := e.Group("/v1")
	v1.POST("/bookings/:pnr/seat-holds", s.holdSeat)
	v1.POST("/bookings/:pnr/seats", s.purchaseSeat)
	v1.POST("/bookings/:pnr/baggage", s.addBaggage)
	v1.POST("/bookings/:pnr/lounge-passes", s.buyLoungePass)
	v1.POST("/bookings/:pnr/meals", s.upgradeMeal)
	v1.GET("/orders/:id", s.getOrder)
	v1.POST("/orders/:id/confirm", s.confirmPayment)
	v1.POST("/orders/:id/items/:itemID/cancel", s.cancelItem)
	v1.PUT("/orders/:id/contact", s.updateContact)
	v1.POST("/orders/:id/confirmation/resend", s.resendConfirmation)

	desk := e.Group("/desk/v1")
	desk.POST("/lounge-passes/:code/redeem", s.redeemLoungePass)

	internal := e.Group("/internal/v1", s.requireAgent)
	internal.POST("/goodwill-miles", s.grantGoodwillMiles)
	internal.POST("/items/:itemID/emd/reissue", s.reissueEMD)

	e.POST("/webhooks/stripe", s.stripeWebhook)
	return e
}

func requestContext(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		rid := c.Response().Header().Get(echo.HeaderXRequestID)
		req := c.Request()
		c.SetRequest(req.WithContext(postgres.WithRequestID(req.Context(), rid)))
		return next(c)
	}
}

func (s *Server) requireAgent(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if s.agentToken == "" || c.Request().Header.Get(echo.HeaderAuthorization) != "Bearer "+s.agentToken {
			return echo.NewHTTPError(http.StatusUnauthorized)
		}
		return next(c)
	}
}

type problem struct {
	Error string `json:"error"`
	Code  string `json:"code,omitempty"`
}

func (s *Server) errorHandler(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	status, code := http.StatusInternalServerError, "internal"
	var he *echo.HTTPError
	var ve *command.ValidationError
	switch {
	case errors.As(err, &he):
		status, code = he.Code, "http"
	case errors.As(err, &ve):
		status, code = http.StatusBadRequest, "invalid_request"
	case errors.Is(err, domain.ErrNotFound):
		status, code = http.StatusNotFound, "not_found"
	case errors.Is(err, domain.ErrSeatUnavailable), errors.Is(err, domain.ErrSoldOut),
		errors.Is(err, domain.ErrConflict), errors.Is(err, domain.ErrStaleRevision):
		status, code = http.StatusConflict, "conflict"
	case errors.Is(err, domain.ErrHoldRequired), errors.Is(err, domain.ErrNotRefundable),
		errors.Is(err, domain.ErrInvalidTransition), errors.Is(err, domain.ErrNoPaymentProfile),
		errors.Is(err, domain.ErrPassExhausted), errors.Is(err, domain.ErrPassNotValid):
		status, code = http.StatusUnprocessableEntity, "rejected"
	case errors.Is(err, payments.ErrCardDeclined):
		status, code = http.StatusPaymentRequired, "card_declined"
	}
	if status >= 500 {
		s.logger.ErrorContext(c.Request().Context(), "request failed",
			slog.String("path", c.Path()), slog.Any("err", err))
	}
	msg := err.Error()
	if status >= 500 {
		msg = http.StatusText(status)
	}
	_ = c.JSON(status, problem{Error: msg, Code: code})
}

func bind[T any](c echo.Context) (T, error) {
	var v T
	if err := c.Bind(&v); err != nil {
		return v, echo.NewHTTPError(http.StatusBadRequest, "malformed body")
	}
	return v, nil
}

func idempotencyKey(c echo.Context) string {
	return c.Request().Header.Get("Idempotency-Key")
}
