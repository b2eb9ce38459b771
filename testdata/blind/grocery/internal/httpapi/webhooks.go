package httpapi

import (
	"encoding/json"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/basketline/grocery/internal/payments"
	"github.com/basketline/grocery/internal/service"
)

const processorProvider = "processor"

// POST /webhooks/processor
func (s *Server) processorWebhook(c *fiber.Ctx) error {
	body := c.Body()
	if err := payments.VerifySignature(s.d.WebhookSecret, body, c.Get("Processor-Signature"), 5*time.Minute, s.d.Now()); err != nil {
		return err
	}
	var ev payments.Event
	if err := json.Unmarshal(body, &ev); err != nil || ev.ID == "" {
		return fiber.NewError(fiber.StatusBadRequest, "malformed event")
	}

	ctx := c.UserContext()
	seen, err := s.d.Events.Seen(ctx, processorProvider, ev.ID)
	if err != nil {
		return err
	}
	if seen {
		return c.SendStatus(fiber.StatusOK)
	}
	if err := s.d.Webhooks.HandlePaymentEvent(ctx, ev); err != nil {
		return err
	}
	if err := s.d.Events.Record(ctx, processorProvider, ev.ID, ev.Type); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusOK)
}

// POST /partners/v1/stock-snapshots
func (s *Server) stockSnapshot(c *fiber.Ctx) error {
	var snap service.Snapshot
	if err := bind(c, &snap); err != nil {
		return err
	}
	snap.PartnerID, _ = c.Locals(localPartner).(string)
	changed, err := s.d.Stock.ApplySnapshot(c.UserContext(), snap)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusAccepted).JSON(fiber.Map{"store_id": snap.StoreID, "seq": snap.Seq, "changed": changed})
}
