package api

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/lexicaassess/examreg/internal/provider/printpost"
)

// DispatchRecorder applies print partner tracking events.
type DispatchRecorder interface {
	ApplyDispatch(ctx context.Context, ev printpost.DispatchEvent) error
}

// SignatureChecker verifies the print partner's webhook signature.
type SignatureChecker interface {
	VerifySignature(body []byte, header string) bool
}

// PrintWebhook receives tracking events from the print-and-post partner,
// which redelivers every event until it gets a 2xx (hourly, for a week).
type PrintWebhook struct {
	certs DispatchRecorder
	sig   SignatureChecker
	log   *slog.Logger
}

// NewPrintWebhook builds the handler.
func NewPrintWebhook(certs DispatchRecorder, sig SignatureChecker, log *slog.Logger) *PrintWebhook {
	return &PrintWebhook{certs: certs, sig: sig, log: log}
}

// Handle serves POST /webhooks/printpost.
func (h *PrintWebhook) Handle(c *gin.Context) {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, 1<<16))
	if err != nil {
		c.Status(http.StatusBadRequest)
		return
	}
	if !h.sig.VerifySignature(body, c.GetHeader("X-PP-Signature")) {
		c.Status(http.StatusUnauthorized)
		return
	}
	var ev printpost.DispatchEvent
	if err := json.Unmarshal(body, &ev); err != nil || ev.Reference == "" {
		c.Status(http.StatusBadRequest)
		return
	}
	if err := h.certs.ApplyDispatch(c.Request.Context(), ev); err != nil {
		h.log.ErrorContext(c.Request.Context(), "dispatch event failed", "ref", ev.Reference, "seq", ev.Sequence, "err", err)
		c.Status(http.StatusInternalServerError)
		return
	}
	c.Status(http.StatusNoContent)
}
