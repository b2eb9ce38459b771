package api

import (
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/docketly/efile/internal/service"
	"github.com/docketly/efile/internal/store/db"
)

// FilingHandlers serves /v1/filings.
type FilingHandlers struct {
	Filings FilingService
	Fees    FeeService
	Log     *slog.Logger
}

type filingResponse struct {
	db.Filing
	TotalFeeCents int64 `json:"total_fee_cents"`
}

func (h *FilingHandlers) create(c *gin.Context) {
	var in service.CreateFilingInput
	if !bindJSON(c, &in) {
		return
	}
	in.FirmID = firmID(c)
	in.IdempotencyKey = c.GetHeader("Idempotency-Key")
	f, err := h.Filings.Create(c.Request.Context(), in)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.JSON(http.StatusCreated, filingResponse{Filing: f, TotalFeeCents: f.TotalFeeCents()})
}

func (h *FilingHandlers) addDocument(c *gin.Context) {
	id, ok := pathUUID(c, "id")
	if !ok {
		return
	}
	var in service.AddDocumentInput
	if !bindJSON(c, &in) {
		return
	}
	in.FirmID, in.FilingID = firmID(c), id
	doc, err := h.Filings.AddDocument(c.Request.Context(), in)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.JSON(http.StatusCreated, doc)
}

func (h *FilingHandlers) authorizeFee(c *gin.Context) {
	id, ok := pathUUID(c, "id")
	if !ok {
		return
	}
	var in service.AuthorizeFeeInput
	if !bindJSON(c, &in) {
		return
	}
	in.FirmID, in.FilingID = firmID(c), id
	p, err := h.Fees.Authorize(c.Request.Context(), in)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{
		"payment_id":        p.ID,
		"payment_intent_id": p.PaymentIntentID,
		"amount_cents":      p.AmountCents,
		"status":            p.Status,
	})
}

func (h *FilingHandlers) submit(c *gin.Context) {
	id, ok := pathUUID(c, "id")
	if !ok {
		return
	}
	if err := h.Filings.Submit(c.Request.Context(), firmID(c), id); err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.JSON(http.StatusAccepted, gin.H{"filing_id": id, "status": "queued"})
}
