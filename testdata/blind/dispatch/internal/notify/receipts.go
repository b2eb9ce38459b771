package notify

import (
	"context"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/jmoiron/sqlx"

	"github.com/quaymile/dispatch/internal/platform/database"
	"github.com/quaymile/dispatch/internal/platform/httpserver"
)

// ReceiptStore records TextRelay delivery receipts.
type ReceiptStore interface {
	Record(ctx context.Context, r Receipt) error
}

// Receipt is one delivery receipt.
type Receipt struct {
	MessageID  string
	Status     string
	ErrorCode  string
	ReceivedAt time.Time
}

type sqlReceiptStore struct {
	db database.TxBeginner
}

// NewReceiptStore builds the sqlx-backed ReceiptStore.
func NewReceiptStore(db database.TxBeginner) ReceiptStore {
	return &sqlReceiptStore{db: db}
}

// Record stores the receipt once per (message, status) and moves the
// notification forward. Receipts can arrive out of order, so terminal
// statuses are never overwritten.
func (s *sqlReceiptStore) Record(ctx context.Context, r Receipt) error {
	_, err := database.WithTx(ctx, s.db, func(tx *sqlx.Tx) (struct{}, error) {
		if _, err := tx.ExecContext(ctx, `
			INSERT INTO sms_receipts (provider_message_id, status, error_code, received_at)
			VALUES ($1, $2, $3, $4)
			ON CONFLICT (provider_message_id, status) DO NOTHING`,
			r.MessageID, r.Status, r.ErrorCode, r.ReceivedAt); err != nil {
			return struct{}{}, err
		}
		_, err := tx.ExecContext(ctx, `
			UPDATE notifications SET status = $2
			WHERE provider_ref = $1 AND status NOT IN ('delivered', 'undeliverable')`,
			r.MessageID, mapStatus(r.Status))
		return struct{}{}, err
	})
	return err
}

func mapStatus(s string) string {
	switch s {
	case "DELIVRD", "delivered":
		return "delivered"
	case "UNDELIV", "REJECTD", "EXPIRED", "undeliverable":
		return "undeliverable"
	}
	return "sent"
}

// ReceiptHandler is the TextRelay callback endpoint.
type ReceiptHandler struct {
	store ReceiptStore
}

// NewReceiptHandler builds the handler.
func NewReceiptHandler(store ReceiptStore) *ReceiptHandler { return &ReceiptHandler{store: store} }

// Routes implements httpserver.RouteRegistrar.
func (h *ReceiptHandler) Routes() []httpserver.Route {
	return []httpserver.Route{
		{Method: http.MethodPost, Path: "/v1/webhooks/sms-receipts", Handler: h.receive, Audience: "partner"},
	}
}

type receiptBody struct {
	MessageID string    `json:"message_id" binding:"required"`
	Status    string    `json:"status" binding:"required"`
	ErrorCode string    `json:"error_code"`
	Timestamp time.Time `json:"timestamp"`
}

func (h *ReceiptHandler) receive(c *gin.Context) {
	var body receiptBody
	if err := c.ShouldBindJSON(&body); err != nil {
		httpserver.Error(c, http.StatusBadRequest, err)
		return
	}
	if body.Timestamp.IsZero() {
		body.Timestamp = time.Now().UTC()
	}
	if err := h.store.Record(c.Request.Context(), Receipt{
		MessageID: body.MessageID, Status: body.Status, ErrorCode: body.ErrorCode, ReceivedAt: body.Timestamp,
	}); err != nil {
		httpserver.Error(c, http.StatusInternalServerError, err)
		return
	}
	c.Status(http.StatusNoContent)
}
