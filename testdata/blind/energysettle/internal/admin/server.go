// Package admin is the small operations API used by the billing and
// settlement teams (behind the internal auth proxy).
package admin

import (
	"context"
	"crypto/subtle"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/gridwise-energy/energysettle/internal/billing"
	"github.com/gridwise-energy/energysettle/internal/collections"
	"github.com/gridwise-energy/energysettle/internal/model"
	"github.com/gridwise-energy/energysettle/internal/regulatory"
	"github.com/gridwise-energy/energysettle/internal/settlement"
	"github.com/gridwise-energy/energysettle/internal/statements"
)

// Services the admin handlers call.
type (
	MandateCreator interface {
		Create(ctx context.Context, req collections.MandateRequest) (*model.Mandate, error)
	}
	CreditNoteIssuer interface {
		Issue(ctx context.Context, invoiceID string, req billing.CreditNoteRequest, idemKey string) (*billing.CreditNoteResult, bool, error)
	}
	AdjustmentCreator interface {
		Create(ctx context.Context, req billing.AdjustmentRequest) (*model.ManualAdjustment, error)
	}
	Recomputer interface {
		Recompute(ctx context.Context, runID string) (*settlement.RecomputeResult, error)
	}
	Republisher interface {
		Republish(ctx context.Context, statementID string) (string, error)
	}
	PaymentCanceller interface {
		Cancel(ctx context.Context, paymentID string) (*model.Payment, error)
	}
	ManualReadRecorder interface {
		RecordManualRead(ctx context.Context, r *model.ManualMeterRead) error
	}
	FilingRetrier interface {
		FileDaily(ctx context.Context, date time.Time, reportType string) (*model.RegulatoryFiling, error)
	}
	IdempotencyRecords interface {
		FindKey(ctx context.Context, scope, key string) (*model.IdempotencyKey, error)
		SaveKey(ctx context.Context, k *model.IdempotencyKey) error
	}
)

// Deps are the admin server's dependencies.
type Deps struct {
	Mandates    MandateCreator
	CreditNotes CreditNoteIssuer
	Adjustments AdjustmentCreator
	Imbalance   Recomputer
	Statements  Republisher
	Payments    PaymentCanceller
	MeterReads  ManualReadRecorder
	Filings     FilingRetrier
	Idempotency IdempotencyRecords
	Token       string
	NewID       func() string
	Log         *slog.Logger
}

type handlers struct {
	Deps
}

// NewServer builds the echo instance with every admin route registered.
func NewServer(d Deps) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.HTTPErrorHandler = errorHandler(d.Log)
	e.Use(middleware.Recover())
	e.Use(middleware.RequestID())
	e.Use(middleware.BodyLimit("1M"))

	e.GET("/healthz", func(c echo.Context) error { return c.String(http.StatusOK, "ok") })

	h := &handlers{Deps: d}
	g := e.Group("/admin", bearerAuth(d.Token))
	g.POST("/mandates", h.createMandate)
	g.POST("/invoices/:id/credit-notes", h.issueCreditNote)
	g.POST("/adjustments", h.createAdjustment, Idempotency("adjustments", d.Idempotency, d.Log))
	g.POST("/settlement-runs/:run_id/recompute", h.recomputeRun)
	g.POST("/statements/:id/republish", h.republishStatement)
	g.POST("/payments/:id/cancel", h.cancelPayment)
	g.POST("/meter-reads/manual", h.recordManualRead)
	g.POST("/regulator/filings/:date/:type/retry", h.retryFiling)
	return e
}

func bearerAuth(token string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			got := strings.TrimPrefix(c.Request().Header.Get(echo.HeaderAuthorization), "Bearer ")
			if token == "" || subtle.ConstantTimeCompare([]byte(got), []byte(token)) != 1 {
				return echo.NewHTTPError(http.StatusUnauthorized)
			}
			return next(c)
		}
	}
}

// operator is the user the auth proxy vouches for.
func operator(c echo.Context) string {
	if op := c.Request().Header.Get("X-Operator"); op != "" {
		return op
	}
	return "unknown"
}

func errorHandler(log *slog.Logger) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		status, msg := statusFor(err)
		if status >= 500 {
			log.Error("admin request failed", "path", c.Path(), "err", err)
		}
		_ = c.JSON(status, map[string]string{"error": msg})
	}
}

func statusFor(err error) (int, string) {
	var he *echo.HTTPError
	switch {
	case errors.As(err, &he):
		if m, ok := he.Message.(string); ok {
			return he.Code, m
		}
		return he.Code, http.StatusText(he.Code)
	case errors.Is(err, model.ErrNotFound):
		return http.StatusNotFound, "not found"
	case errors.Is(err, billing.ErrKeyReused):
		return http.StatusUnprocessableEntity, err.Error()
	case errors.Is(err, billing.ErrInvalid), errors.Is(err, collections.ErrInvalid),
		errors.Is(err, settlement.ErrInvalid), errors.Is(err, statements.ErrInvalid),
		errors.Is(err, regulatory.ErrInvalid):
		return http.StatusUnprocessableEntity, err.Error()
	default:
		return http.StatusInternalServerError, "internal error"
	}
}
