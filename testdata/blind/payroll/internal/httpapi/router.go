// Package httpapi exposes the employer-facing REST API.
package httpapi

import (
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/acme/payroll/internal/domain"
	"github.com/acme/payroll/internal/ledger"
)

// apiFunc is a handler that returns its response body (or an error) instead of
// writing it.
type apiFunc func(c *gin.Context) (any, error)

type created struct{ body any }

// Created marks a response body to be sent with 201.
func Created(body any) any { return created{body} }

// adapt turns an apiFunc into a gin handler with uniform error mapping.
func adapt(fn apiFunc) gin.HandlerFunc {
	return func(c *gin.Context) {
		out, err := fn(c)
		if err != nil {
			status, code := classify(err)
			c.AbortWithStatusJSON(status, gin.H{"error": code, "message": err.Error()})
			return
		}
		switch v := out.(type) {
		case nil:
			c.Status(http.StatusNoContent)
		case created:
			c.JSON(http.StatusCreated, v.body)
		default:
			c.JSON(http.StatusOK, v)
		}
	}
}

type badRequest struct{ error }

func classify(err error) (int, string) {
	var br badRequest
	switch {
	case errors.As(err, &br), errors.Is(err, domain.ErrValidation), errors.Is(err, ledger.ErrUnbalanced):
		return http.StatusBadRequest, "invalid_request"
	case errors.Is(err, domain.ErrNotFound):
		return http.StatusNotFound, "not_found"
	case errors.Is(err, domain.ErrInvalidState):
		return http.StatusConflict, "invalid_state"
	case errors.Is(err, domain.ErrKeyMismatch):
		return http.StatusUnprocessableEntity, "idempotency_key_reused"
	case errors.Is(err, domain.ErrConflict):
		return http.StatusConflict, "conflict"
	default:
		return http.StatusInternalServerError, "internal"
	}
}

func uuidParam(c *gin.Context, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(c.Param(name))
	if err != nil {
		return uuid.Nil, badRequest{errors.New(name + " must be a UUID")}
	}
	return id, nil
}

func bindJSON(c *gin.Context, v any) error {
	if err := c.ShouldBindJSON(v); err != nil {
		return badRequest{err}
	}
	return nil
}

// actor is the authenticated user, set by the auth middleware upstream.
func actor(c *gin.Context) string {
	if v := c.GetHeader("X-Actor"); v != "" {
		return v
	}
	return "api"
}

func requestLogger(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		log.Info("http", "method", c.Request.Method, "path", c.FullPath(), "status", c.Writer.Status(),
			"took", time.Since(start))
	}
}

type Handlers struct {
	Employees *EmployeeHandler
	Payruns   *PayrunHandler
	Expenses  *ExpenseHandler
	Payments  *PaymentsHandler
}

func NewEngine(h Handlers, log *slog.Logger) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(gin.Recovery(), requestLogger(log))
	r.GET("/healthz", func(c *gin.Context) { c.String(http.StatusOK, "ok") })

	v1 := r.Group("/v1")
	routes := []struct {
		method, path string
		fn           apiFunc
	}{
		{http.MethodPost, "/companies/:companyID/employees", h.Employees.create},
		{http.MethodPost, "/companies/:companyID/payruns", h.Payruns.submit},
		{http.MethodGet, "/payruns/:runID", h.Payruns.get},
		{http.MethodPost, "/payruns/:runID/approve", h.Payruns.approve},
		{http.MethodPost, "/payruns/:runID/payslips/email", h.Payruns.emailPayslips},
		{http.MethodPost, "/companies/:companyID/expense-claims", h.Expenses.submit},
		{http.MethodPost, "/expense-claims/:claimID/approve", h.Expenses.approve},
		{http.MethodPost, "/expense-claims/:claimID/reimburse-now", h.Expenses.reimburseNow},
		{http.MethodPut, "/companies/:companyID/payout-settings", h.Payments.updateSettings},
		{http.MethodPost, "/companies/:companyID/ledger/adjustments", h.Payments.adjust},
		{http.MethodPost, "/companies/:companyID/off-cycle-payments", h.Payments.offCycle},
	}
	for _, rt := range routes {
		v1.Handle(rt.method, rt.path, adapt(rt.fn))
	}
	return r
}
