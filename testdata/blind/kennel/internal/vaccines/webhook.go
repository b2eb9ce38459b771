package vaccines

import (
	"context"
	"errors"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/uptrace/bun"

	"github.com/pawsandstay/kennel/internal/notify"
	"github.com/pawsandstay/kennel/internal/owners"
	"github.com/pawsandstay/kennel/internal/platform"
	"github.com/pawsandstay/kennel/internal/providers/vetrecords"
)

// WebhookHandler receives verification results from the vendor.
type WebhookHandler struct {
	db      *bun.DB
	records *platform.Store[Record]
	dir     owners.Directory
	outbox  *notify.Outbox
	secret  string
}

// NewWebhookHandler returns the handler.
func NewWebhookHandler(db *bun.DB, dir owners.Directory, outbox *notify.Outbox, secret string) *WebhookHandler {
	return &WebhookHandler{db: db, records: platform.NewStore[Record](db), dir: dir, outbox: outbox, secret: secret}
}

// Register mounts the route.
func (h *WebhookHandler) Register(r fiber.Router) {
	r.Post("/vetrecords", h.receive)
}

func (h *WebhookHandler) receive(c *fiber.Ctx) error {
	ev, err := vetrecords.ParseEvent(c.Body(), c.Get("VR-Signature"), h.secret, 10*time.Minute)
	if errors.Is(err, vetrecords.ErrBadSignature) {
		return fiber.NewError(fiber.StatusUnauthorized, err.Error())
	}
	if err != nil {
		return fiber.NewError(fiber.StatusBadRequest, err.Error())
	}
	recordID := ev.Data.Metadata["record_id"]
	if recordID == "" {
		return c.SendStatus(fiber.StatusNoContent)
	}
	if err := h.apply(c.UserContext(), ev, recordID); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

func (h *WebhookHandler) apply(ctx context.Context, ev *vetrecords.Event, recordID string) error {
	return h.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		ctx = platform.WithTx(ctx, tx)
		if _, err := tx.NewInsert().Model(&WebhookEvent{EventID: ev.ID, Type: ev.Type, RecordID: &recordID}).Exec(ctx); err != nil {
			return err
		}

		rec, err := h.records.GetForUpdate(ctx, recordID)
		if errors.Is(err, platform.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}

		var tpl string
		vars := map[string]any{"Vaccine": Required[rec.Vaccine]}
		switch ev.Type {
		case vetrecords.EventVerified:
			now := time.Now().UTC()
			rec.Status = StatusVerified
			rec.VerifiedAt = &now
			if ev.ExpiresOn != "" {
				if exp, err := time.Parse("2006-01-02", ev.ExpiresOn); err == nil {
					rec.ExpiresOn = &exp
				}
			}
			tpl = notify.TplVaccineVerified
		case vetrecords.EventRejected:
			rec.Status = StatusRejected
			rec.RejectionReason = &ev.Data.Reason
			vars["Reason"] = ev.Data.Reason
			tpl = notify.TplVaccineRejected
		case vetrecords.EventExpired:
			rec.Status = StatusExpired
		default:
			return nil
		}
		if err := h.records.Update(ctx, rec, "status", "verified_at", "expires_on", "rejection_reason"); err != nil {
			return err
		}
		if tpl == "" {
			return nil
		}

		dog, err := h.dir.Dog(ctx, rec.DogID)
		if err != nil {
			return err
		}
		vars["Dog"] = dog.Name
		_, err = h.outbox.Enqueue(ctx, tx, notify.Notification{
			OwnerID:  dog.OwnerID,
			Template: tpl,
			Vars:     vars,
			DedupKey: tpl + ":" + rec.ID + ":" + ev.Data.ID,
		})
		return err
	})
}
