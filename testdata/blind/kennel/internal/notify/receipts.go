package notify

import (
	"context"
	"net/url"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/uptrace/bun"

	"github.com/pawsandstay/kennel/internal/providers/sms"
)

// ReceiptsHandler records delivery receipts from the SMS provider. The
// provider retries a callback until it gets a 2xx.
type ReceiptsHandler struct {
	db *bun.DB
}

// NewReceiptsHandler returns the handler.
func NewReceiptsHandler(db *bun.DB) *ReceiptsHandler { return &ReceiptsHandler{db: db} }

// Register mounts the webhook route.
func (h *ReceiptsHandler) Register(r fiber.Router) {
	r.Post("/sms/status", h.receive)
}

func (h *ReceiptsHandler) receive(c *fiber.Ctx) error {
	form, err := url.ParseQuery(string(c.Body()))
	if err != nil {
		return fiber.NewError(fiber.StatusBadRequest, "malformed form body")
	}
	r, err := sms.ParseReceipt(form)
	if err != nil {
		return fiber.NewError(fiber.StatusBadRequest, err.Error())
	}
	if err := h.record(c.UserContext(), r); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

func (h *ReceiptsHandler) record(ctx context.Context, r sms.Receipt) error {
	rec := &Receipt{ProviderMessageID: r.MessageID, Status: r.Status, UpdatedAt: time.Now().UTC()}
	if r.ErrorCode != "" {
		rec.ErrorCode = &r.ErrorCode
	}
	return h.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		_, err := tx.NewInsert().Model(rec).
			On("CONFLICT (provider_message_id) DO UPDATE").
			Set("status = EXCLUDED.status").
			Set("error_code = EXCLUDED.error_code").
			Set("updated_at = EXCLUDED.updated_at").
			Exec(ctx)
		if err != nil {
			return err
		}
		status := StatusSent
		switch r.Status {
		case "delivered":
			status = StatusDelivered
		case "undelivered", "failed":
			status = StatusFailed
		}
		_, err = tx.NewUpdate().Model((*Message)(nil)).
			Set("status = ?", status).
			Where("provider_message_id = ?", r.MessageID).
			Where("status <> ?", StatusDelivered).
			Exec(ctx)
		return err
	})
}
