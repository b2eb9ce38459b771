package httpapi

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/hibiken/asynq"

	"github.com/quirecampus/bookloop/internal/app"
	"github.com/quirecampus/bookloop/internal/platform/ids"
	"github.com/quirecampus/bookloop/internal/platform/queue"
)

// WebhookHandlers receive provider callbacks. Stripe retries any non-2xx
// for up to three days; the wholesaler retries hourly for 24 hours.
type WebhookHandlers struct {
	Stripe        app.StripeWebhookService
	Wholesaler    app.WholesalerWebhookService
	Queue         queue.Enqueuer
	PartnerSecret string
}

func (h *WebhookHandlers) Routes() Group {
	return Group{
		Prefix: "/webhooks",
		routes: []route{
			{http.MethodPost, "/stripe", h.stripe},
			{http.MethodPost, "/wholesaler", h.wholesaler},
		},
	}
}

func (h *WebhookHandlers) stripe(c *gin.Context) (int, any, error) {
	payload, err := io.ReadAll(io.LimitReader(c.Request.Body, 1<<20))
	if err != nil {
		return 0, nil, err
	}
	if err := h.Stripe.Handle(c.Request.Context(), payload, c.GetHeader("Stripe-Signature")); err != nil {
		return 0, nil, err
	}
	return http.StatusOK, gin.H{"received": true}, nil
}

func (h *WebhookHandlers) wholesaler(c *gin.Context) (int, any, error) {
	payload, err := io.ReadAll(io.LimitReader(c.Request.Body, 1<<20))
	if err != nil {
		return 0, nil, err
	}
	if !validPartnerSignature(payload, c.GetHeader("X-Partner-Signature"), h.PartnerSecret) {
		return 0, nil, &app.Error{Status: http.StatusUnauthorized, Msg: "bad signature"}
	}
	var evt app.WholesalerEvent
	if err := json.Unmarshal(payload, &evt); err != nil {
		return 0, nil, app.Invalid("malformed event")
	}
	ctx := c.Request.Context()

	if evt.Type == "lot.regraded" {
		// Regrades can cover a few hundred copies; apply them off the
		// request path and hand the partner a reference for support.
		taskID := ids.NewULID()
		task := queue.RegradeTask{PartnerLotID: evt.LotID}
		for _, r := range evt.Regrades {
			task.Lines = append(task.Lines, queue.RegradeDelta{CopyID: r.CopyID, DeltaCents: r.DeltaCents, NewGrade: r.NewGrade})
		}
		if err := h.Queue.Enqueue(ctx, queue.TypeWholesaleRegrade, task, asynq.TaskID(taskID)); err != nil {
			return 0, nil, err
		}
		slog.InfoContext(ctx, "regrade queued", "lot", evt.LotID, "task", taskID, "event", evt.ID)
		return http.StatusAccepted, gin.H{"reference": taskID}, nil
	}

	if err := h.Wholesaler.Handle(ctx, evt); err != nil {
		return 0, nil, err
	}
	return http.StatusOK, gin.H{"ok": true}, nil
}

func validPartnerSignature(body []byte, got, secret string) bool {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(got))
}
