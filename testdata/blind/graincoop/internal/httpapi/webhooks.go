package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/prairiegold/graincoop/internal/ach"
)

const ctxRawBody = "raw_body"

// verifyACH checks the Clearwire signature over the raw body.
func verifyACH(secret string) gin.HandlerFunc {
	return func(c *gin.Context) {
		body, err := io.ReadAll(io.LimitReader(c.Request.Body, 1<<20))
		if err != nil {
			c.AbortWithStatus(http.StatusBadRequest)
			return
		}
		if err := ach.VerifySignature(secret, body, c.GetHeader(ach.SignatureHeader), time.Now()); err != nil {
			c.AbortWithStatusJSON(http.StatusUnauthorized, errorBody{Error: "bad signature"})
			return
		}
		c.Set(ctxRawBody, body)
		c.Request.Body = io.NopCloser(bytes.NewReader(body))
		c.Next()
	}
}

func achEvent(c *gin.Context) (ach.WebhookEvent, []byte, bool) {
	raw, _ := c.Get(ctxRawBody)
	body, _ := raw.([]byte)
	var evt ach.WebhookEvent
	if err := json.Unmarshal(body, &evt); err != nil || evt.ID == "" {
		badRequest(c, errors.New("malformed event"))
		return evt, nil, false
	}
	return evt, body, true
}

// POST /webhooks/ach/payments
func (h *handlers) achPayment(c *gin.Context) {
	evt, body, ok := achEvent(c)
	if !ok {
		return
	}
	if err := h.d.ACH.PaymentEvent(c.Request.Context(), evt, body); err != nil {
		fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

// POST /webhooks/ach/returns
func (h *handlers) achReturn(c *gin.Context) {
	evt, _, ok := achEvent(c)
	if !ok {
		return
	}
	if err := h.d.ACH.ReturnEvent(c.Request.Context(), evt); err != nil {
		fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}
