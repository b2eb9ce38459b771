package admin

import (
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/shopspring/decimal"

	"github.com/gridwise-energy/energysettle/internal/billing"
	"github.com/gridwise-energy/energysettle/internal/collections"
	"github.com/gridwise-energy/energysettle/internal/model"
	"github.com/gridwise-energy/energysettle/internal/platform/clock"
)

func bad(msg string) error { return echo.NewHTTPError(http.StatusBadRequest, msg) }

// POST /admin/mandates
func (h *handlers) createMandate(c echo.Context) error {
	var req collections.MandateRequest
	if err := c.Bind(&req); err != nil {
		return bad("malformed body")
	}
	m, err := h.Mandates.Create(c.Request().Context(), req)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]any{
		"mandate_id":          m.ID,
		"provider_mandate_id": m.ProviderMandateID,
		"status":              m.Status,
	})
}

// POST /admin/invoices/:id/credit-notes
func (h *handlers) issueCreditNote(c echo.Context) error {
	var req billing.CreditNoteRequest
	if err := c.Bind(&req); err != nil {
		return bad("malformed body")
	}
	req.IssuedBy = operator(c)
	res, replayed, err := h.CreditNotes.Issue(c.Request().Context(), c.Param("id"), req, c.Request().Header.Get("Idempotency-Key"))
	if err != nil {
		return err
	}
	if replayed {
		c.Response().Header().Set("Idempotent-Replayed", "true")
	}
	return c.JSON(http.StatusCreated, res)
}

// POST /admin/adjustments (wrapped by the Idempotency middleware)
func (h *handlers) createAdjustment(c echo.Context) error {
	var req billing.AdjustmentRequest
	if err := c.Bind(&req); err != nil {
		return bad("malformed body")
	}
	req.CreatedBy = operator(c)
	adj, err := h.Adjustments.Create(c.Request().Context(), req)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, adj)
}

// POST /admin/settlement-runs/:run_id/recompute
func (h *handlers) recomputeRun(c echo.Context) error {
	res, err := h.Imbalance.Recompute(c.Request().Context(), c.Param("run_id"))
	if err != nil {
		return err
	}
	h.Log.Info("run recomputed by operator", "run_id", res.RunID, "operator", operator(c))
	return c.JSON(http.StatusOK, res)
}

// POST /admin/statements/:id/republish
func (h *handlers) republishStatement(c echo.Context) error {
	msgID, err := h.Statements.Republish(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, map[string]string{"sns_message_id": msgID})
}

// POST /admin/payments/:id/cancel
func (h *handlers) cancelPayment(c echo.Context) error {
	p, err := h.Payments.Cancel(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]string{"payment_id": p.ID, "status": p.Status})
}

type manualReadRequest struct {
	MPAN     string          `json:"mpan"`
	ReadAt   time.Time       `json:"read_at"`
	Register string          `json:"register"`
	Reading  decimal.Decimal `json:"reading"`
	Note     string          `json:"note"`
}

// POST /admin/meter-reads/manual
func (h *handlers) recordManualRead(c echo.Context) error {
	var req manualReadRequest
	if err := c.Bind(&req); err != nil {
		return bad("malformed body")
	}
	read := &model.ManualMeterRead{
		ID:        h.NewID(),
		MPAN:      strings.TrimSpace(req.MPAN),
		ReadAt:    req.ReadAt,
		Register:  req.Register,
		Reading:   req.Reading,
		EnteredBy: operator(c),
		Note:      req.Note,
	}
	if err := h.MeterReads.RecordManualRead(c.Request().Context(), read); err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, read)
}

// POST /admin/regulator/filings/:date/:type/retry
func (h *handlers) retryFiling(c echo.Context) error {
	date, err := clock.ParseDate(c.Param("date"))
	if err != nil {
		return bad("date must be YYYY-MM-DD")
	}
	f, err := h.Filings.FileDaily(c.Request().Context(), date, c.Param("type"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, f)
}
