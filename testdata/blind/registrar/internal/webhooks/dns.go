package webhooks

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/tldhouse/registrar/internal/config"
	"github.com/tldhouse/registrar/internal/db"
	"github.com/tldhouse/registrar/internal/dnsprov"
	"github.com/tldhouse/registrar/internal/model"
)

type ZoneActivator interface {
	Activate(ctx context.Context, providerZoneID string, at time.Time) (int64, error)
}

// DNSEvents handles zone lifecycle events from the DNS provider.
type DNSEvents struct {
	tx     db.Transactor
	inbox  Inbox
	zones  ZoneActivator
	secret string
	log    *slog.Logger
}

func NewDNSEvents(cfg *config.Config, tx db.Transactor, inbox Inbox, zones ZoneActivator, log *slog.Logger) *DNSEvents {
	return &DNSEvents{tx: tx, inbox: inbox, zones: zones, secret: cfg.DNS.WebhookSecret, log: log.With("webhook", "zonecloud")}
}

func (h *DNSEvents) Handle(c *gin.Context) {
	body := rawBody(c)
	if !dnsprov.VerifySignature(h.secret, body, c.GetHeader("X-Zonecloud-Signature")) {
		c.AbortWithStatus(http.StatusUnauthorized)
		return
	}
	var ev dnsprov.Event
	if err := json.Unmarshal(body, &ev); err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	if ev.Type != dnsprov.EventZoneActivated {
		c.Status(http.StatusNoContent)
		return
	}
	err := h.tx.WithinTx(c.Request.Context(), func(ctx context.Context) error {
		if err := h.inbox.InsertZoneEvent(ctx, model.ZoneEvent{
			EventID:        ev.ID,
			ProviderZoneID: ev.ZoneID,
			Kind:           ev.Type,
			Payload:        body,
			ReceivedAt:     time.Now().UTC(),
		}); err != nil {
			return err
		}
		_, err := h.zones.Activate(ctx, ev.ZoneID, ev.OccurredAt)
		return err
	})
	if err != nil {
		h.log.Error("zone event failed", "event", ev.ID, "zone", ev.ZoneID, "err", err)
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	c.Status(http.StatusOK)
}
