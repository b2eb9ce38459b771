package api

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/lingua/academy/internal/billing"
	"github.com/lingua/academy/internal/payroll"
	"github.com/lingua/academy/internal/payrollprovider"
	"github.com/lingua/academy/internal/platform/httpx"
	"github.com/lingua/academy/internal/store"
)

func stripeWebhook(p *billing.WebhookProcessor, log *slog.Logger) fiber.Handler {
	return func(c *fiber.Ctx) error {
		body := append([]byte(nil), c.Body()...)
		err := p.Process(c.UserContext(), body, c.Get("Stripe-Signature"))
		if errors.Is(err, billing.ErrBadSignature) {
			log.WarnContext(c.UserContext(), "stripe webhook rejected", "err", err)
			return c.SendStatus(fiber.StatusBadRequest)
		}
		if err != nil {
			return err
		}
		return c.SendStatus(fiber.StatusOK)
	}
}

func payrollWebhook(svc *payroll.Service, secret string, log *slog.Logger) fiber.Handler {
	return func(c *fiber.Ctx) error {
		body := c.Body()
		if !payrollprovider.VerifySignature(secret, body, c.Get("X-Payroll-Signature")) {
			return c.SendStatus(fiber.StatusUnauthorized)
		}
		var evt payroll.WebhookEvent
		if err := json.Unmarshal(body, &evt); err != nil || evt.ID == "" {
			return c.SendStatus(fiber.StatusBadRequest)
		}
		if err := svc.HandleWebhook(c.UserContext(), evt); err != nil {
			log.ErrorContext(c.UserContext(), "payroll webhook", "event", evt.ID, "type", evt.Type, "err", err)
			return c.SendStatus(fiber.StatusInternalServerError)
		}
		return c.SendStatus(fiber.StatusNoContent)
	}
}

func gatewayToken(token string) fiber.Handler {
	return func(c *fiber.Ctx) error {
		got := c.Get("X-Gateway-Token")
		if token == "" || subtle.ConstantTimeCompare([]byte(got), []byte(token)) != 1 {
			return fiber.ErrUnauthorized
		}
		return c.Next()
	}
}

type smsStatusInput struct {
	MessageID string    `json:"message_id"`
	Status    string    `json:"status"`
	Timestamp time.Time `json:"timestamp"`
}

type smsStatusAck struct {
	Updated int64 `json:"updated"`
}

func smsStatus(st store.Store) func(context.Context, smsStatusInput) (smsStatusAck, error) {
	return func(ctx context.Context, in smsStatusInput) (smsStatusAck, error) {
		switch in.Status {
		case "delivered", "undelivered", "failed", "expired":
		default:
			return smsStatusAck{}, nil
		}
		if in.MessageID == "" {
			return smsStatusAck{}, httpx.BadRequest("message_id is required")
		}
		n, err := st.UpdateDeliveryStatus(ctx, in.MessageID, in.Status, in.Timestamp)
		return smsStatusAck{Updated: n}, err
	}
}
