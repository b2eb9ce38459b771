package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/shedshare/toolsd/internal/domain"
	"github.com/shedshare/toolsd/internal/platform/clock"
	"github.com/shedshare/toolsd/internal/provider/cardpay"
	"github.com/shedshare/toolsd/internal/provider/lockerapi"
	"github.com/shedshare/toolsd/internal/provider/repairnet"
	"github.com/shedshare/toolsd/internal/provider/smsgw"
	"github.com/shedshare/toolsd/internal/service"
)

// WebhookSecrets are the shared secrets for inbound webhook signatures.
type WebhookSecrets struct {
	CardPay        string
	Locker         string
	SMSToken       string
	SMSCallbackURL string
}

type WebhookHandler struct {
	card    service.CardEventService
	lockers service.LockerService
	repairs service.RepairService
	notices service.NotificationService
	secrets WebhookSecrets
	now     clock.Clock
}

func NewWebhookHandler(card service.CardEventService, lockers service.LockerService, repairs service.RepairService,
	notices service.NotificationService, secrets WebhookSecrets, now clock.Clock) *WebhookHandler {
	return &WebhookHandler{card: card, lockers: lockers, repairs: repairs, notices: notices, secrets: secrets, now: now}
}

const maxWebhookBody = 256 << 10

func readBody(c *gin.Context) ([]byte, bool) {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, maxWebhookBody))
	if err != nil {
		badRequest(c, err)
		return nil, false
	}
	return body, true
}

// CardPay receives card processor events.
func (h *WebhookHandler) CardPay(c *gin.Context) {
	body, ok := readBody(c)
	if !ok {
		return
	}
	if err := cardpay.VerifySignature(h.secrets.CardPay, c.GetHeader("Cardpay-Signature"), body, h.now(), 5*time.Minute); err != nil {
		c.AbortWithStatus(http.StatusUnauthorized)
		return
	}
	evt, obj, err := cardpay.ParseEvent(body)
	if err != nil {
		badRequest(c, err)
		return
	}
	if err := h.card.Handle(c.Request.Context(), evt, obj); err != nil {
		abort(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

// Locker receives door and sensor events from the locker vendor.
func (h *WebhookHandler) Locker(c *gin.Context) {
	body, ok := readBody(c)
	if !ok {
		return
	}
	if !lockerapi.VerifySignature(h.secrets.Locker, c.GetHeader("X-Locker-Signature"), body) {
		c.AbortWithStatus(http.StatusUnauthorized)
		return
	}
	var evt lockerapi.Event
	if err := json.Unmarshal(body, &evt); err != nil {
		badRequest(c, err)
		return
	}
	if evt.ID == "" {
		badRequest(c, errors.New("event_id required"))
		return
	}
	if err := h.lockers.HandleVendorEvent(c.Request.Context(), evt); err != nil {
		abort(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

// RepairPartner receives repair status updates from a partner.
func (h *WebhookHandler) RepairPartner(c *gin.Context) {
	ctx := c.Request.Context()
	partnerID := c.Param("partner")
	partner, err := h.repairs.Partner(ctx, partnerID)
	if errors.Is(err, domain.ErrNotFound) {
		c.AbortWithStatus(http.StatusNotFound)
		return
	}
	if err != nil {
		abort(c, err)
		return
	}
	body, ok := readBody(c)
	if !ok {
		return
	}
	if !repairnet.VerifySignature(partner.WebhookKey, c.GetHeader("X-RepairNet-Signature"), body) {
		c.AbortWithStatus(http.StatusUnauthorized)
		return
	}
	var u repairnet.StatusUpdate
	if err := json.Unmarshal(body, &u); err != nil {
		badRequest(c, err)
		return
	}
	if err := h.repairs.ApplyPartnerUpdate(ctx, partner.ID, u); err != nil {
		abort(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

// SMSReceipt receives delivery receipts from the SMS gateway.
func (h *WebhookHandler) SMSReceipt(c *gin.Context) {
	body, ok := readBody(c)
	if !ok {
		return
	}
	if !smsgw.VerifyCallback(h.secrets.SMSToken, h.secrets.SMSCallbackURL, c.GetHeader("X-Gateway-Signature"), body) {
		c.AbortWithStatus(http.StatusUnauthorized)
		return
	}
	var rc smsgw.Receipt
	if err := json.Unmarshal(body, &rc); err != nil {
		badRequest(c, err)
		return
	}
	if err := h.notices.RecordReceipt(c.Request.Context(), rc); err != nil {
		abort(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}
