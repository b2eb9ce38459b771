package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"go.uber.org/dig"

	"github.com/vowhall/venues/internal/domain"
	"github.com/vowhall/venues/internal/platform/clock"
)

// WebhookSecrets are the signing secrets of the providers' webhooks.
type WebhookSecrets struct {
	Cardpay string
	ESign   string
}

type ServerParams struct {
	dig.In

	Bookings  BookingService
	Packages  PackageService
	Billing   BillingService
	Contracts ContractService
	Vendors   VendorDirectory
	AccessLog AccessLogger
	Publisher message.Publisher

	CardpayVerifier WebhookVerifier `name:"cardpay"`
	ESignVerifier   WebhookVerifier `name:"esign"`
	Secrets         WebhookSecrets
	Logger          *slog.Logger
}

// NewServer builds the echo instance with every route registered.
func NewServer(p ServerParams) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.HTTPErrorHandler = errorHandler(p.Logger)
	e.Server.ReadHeaderTimeout = 10 * time.Second

	e.Use(middleware.Recover())
	e.Use(middleware.RequestID())
	e.Use(middleware.BodyLimit("1M"))
	e.Use(accessLog(p.AccessLog, p.Logger, clock.NewID, clock.UTC))

	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(http.StatusOK) })

	v1 := e.Group("/v1")
	v1.POST("/bookings", CreateBooking(p.Bookings))
	v1.GET("/bookings/:id", GetBooking(p.Bookings))
	v1.POST("/bookings/:id/cancel", CancelBooking(p.Bookings))
	v1.POST("/bookings/:id/packages", AddPackage(p.Packages))
	v1.DELETE("/bookings/:id/packages/:lineID", RemovePackage(p.Packages))
	v1.PUT("/bookings/:id/instalment-plan", SetInstalmentPlan(p.Billing))
	v1.POST("/bookings/:id/payments", CreatePayment(p.Billing))
	v1.POST("/bookings/:id/contract", IssueContract(p.Contracts))
	v1.POST("/bookings/:id/addenda", IssueAddendum(p.Contracts))
	v1.POST("/vendor-callbacks/orders", VendorCallback(p.Publisher, p.Vendors, clock.UTC))

	hooks := e.Group("/webhooks")
	hooks.POST("/cardpay", CardpayWebhook(p.Publisher, p.CardpayVerifier, p.Secrets.Cardpay))
	hooks.POST("/esign", ESignWebhook(p.Publisher, p.ESignVerifier, p.Secrets.ESign))

	return e
}

const HeaderIdempotencyKey = "Idempotency-Key"

// bind decodes the request body into a T.
func bind[T any](c echo.Context) (T, error) {
	var v T
	if err := (&echo.DefaultBinder{}).BindBody(c, &v); err != nil {
		return v, echo.NewHTTPError(http.StatusBadRequest, "malformed request body")
	}
	return v, nil
}

// pathUUID parses a UUID path parameter.
func pathUUID(c echo.Context, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(c.Param(name))
	if err != nil {
		return uuid.Nil, echo.NewHTTPError(http.StatusNotFound, name+" not found")
	}
	return id, nil
}

// parseDate parses a YYYY-MM-DD field.
func parseDate(field, raw string) (time.Time, error) {
	t, err := time.Parse(time.DateOnly, raw)
	if err != nil {
		return time.Time{}, echo.NewHTTPError(http.StatusBadRequest, field+" must be YYYY-MM-DD")
	}
	return t, nil
}

type errorBody struct {
	Error string `json:"error"`
	Field string `json:"field,omitempty"`
}

var statusByError = []struct {
	err    error
	status int
}{
	{domain.ErrNotFound, http.StatusNotFound},
	{domain.ErrInvalid, http.StatusUnprocessableEntity},
	{domain.ErrDateUnavailable, http.StatusConflict},
	{domain.ErrIdempotencyMismatch, http.StatusUnprocessableEntity},
	{domain.ErrConflict, http.StatusConflict},
	{domain.ErrPaymentDeclined, http.StatusPaymentRequired},
}

// errorHandler maps domain errors to status codes; anything unknown is a 500.
func errorHandler(log *slog.Logger) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		var he *echo.HTTPError
		if errors.As(err, &he) {
			msg, _ := he.Message.(string)
			_ = c.JSON(he.Code, errorBody{Error: msg})
			return
		}
		body := errorBody{Error: err.Error()}
		var ve *domain.ValidationError
		if errors.As(err, &ve) {
			body = errorBody{Error: ve.Reason, Field: ve.Field}
		}
		for _, m := range statusByError {
			if errors.Is(err, m.err) {
				_ = c.JSON(m.status, body)
				return
			}
		}
		log.ErrorContext(c.Request().Context(), "request failed",
			"method", c.Request().Method, "path", c.Path(), "err", err)
		_ = c.JSON(http.StatusInternalServerError, errorBody{Error: "internal error"})
	}
}

// accessLog writes one api_requests row per request served, retries
// included; support uses it to see what a client actually sent.
func accessLog(store AccessLogger, log *slog.Logger, newID func() uuid.UUID, now func() time.Time) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := now()
			err := next(c)
			if err != nil {
				c.Error(err)
			}
			req := domain.APIRequest{
				ID:         newID(),
				Method:     c.Request().Method,
				Path:       c.Path(),
				Status:     c.Response().Status,
				DurationMS: now().Sub(start).Milliseconds(),
				CreatedAt:  start,
			}
			if key := c.Request().Header.Get(HeaderIdempotencyKey); key != "" {
				req.IdempotencyKey = &key
			}
			if recErr := store.Record(context.WithoutCancel(c.Request().Context()), req); recErr != nil {
				log.Warn("record api request", "err", recErr)
			}
			return nil
		}
	}
}
