package api

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/kindredgive/donations/internal/config"
	"github.com/kindredgive/donations/internal/platform/httpx"
	"github.com/kindredgive/donations/internal/providers/partner"
	"github.com/kindredgive/donations/internal/service/donations"
	"github.com/kindredgive/donations/internal/service/donors"
	"github.com/kindredgive/donations/internal/service/matching"
)

// WebhookHandler receives provider callbacks.
type WebhookHandler struct {
	notifications donations.NotificationService
	matching      matching.Service
	donors        donors.Service
	partner       partner.Client
	hmacKey       []byte
	log           *zap.Logger
}

// NewWebhookHandler builds the handler.
func NewWebhookHandler(cfg *config.Config, n donations.NotificationService, m matching.Service,
	d donors.Service, p partner.Client, log *zap.Logger) *WebhookHandler {
	key, _ := hex.DecodeString(cfg.WebhookHMACKey)
	return &WebhookHandler{notifications: n, matching: m, donors: d, partner: p, hmacKey: key, log: log.Named("webhooks")}
}

// processor notification envelope (Adyen-style).
type processorNotification struct {
	Live              string `json:"live"`
	NotificationItems []struct {
		Item processorItem `json:"NotificationRequestItem"`
	} `json:"notificationItems"`
}

type processorItem struct {
	AdditionalData struct {
		HMACSignature string `json:"hmacSignature"`
	} `json:"additionalData"`
	Amount struct {
		Value    int64  `json:"value"`
		Currency string `json:"currency"`
	} `json:"amount"`
	EventCode           string `json:"eventCode"`
	Success             string `json:"success"`
	PSPReference        string `json:"pspReference"`
	OriginalReference   string `json:"originalReference"`
	MerchantReference   string `json:"merchantReference"`
	MerchantAccountCode string `json:"merchantAccountCode"`
	Reason              string `json:"reason"`
}

func (h *WebhookHandler) validItem(it processorItem) bool {
	if len(h.hmacKey) == 0 {
		return false
	}
	payload := strings.Join([]string{
		it.PSPReference, it.OriginalReference, it.MerchantAccountCode, it.MerchantReference,
		strconv.FormatInt(it.Amount.Value, 10), it.Amount.Currency, it.EventCode, it.Success,
	}, ":")
	mac := hmac.New(sha256.New, h.hmacKey)
	mac.Write([]byte(payload))
	want := base64.StdEncoding.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(it.AdditionalData.HMACSignature))
}

// Processor handles POST /webhooks/processor. The processor redelivers a
// batch until it receives "[accepted]".
func (h *WebhookHandler) Processor(c *fiber.Ctx) error {
	env, err := httpx.Bind[processorNotification](c)
	if err != nil {
		return err
	}
	for _, wrap := range env.NotificationItems {
		it := wrap.Item
		if !h.validItem(it) {
			h.log.Warn("bad notification signature", zap.String("psp", it.PSPReference))
			return fiber.ErrUnauthorized
		}
		err := h.notifications.Apply(c.UserContext(), donations.NotificationItem{
			EventCode:         it.EventCode,
			Success:           it.Success == "true",
			PSPReference:      it.PSPReference,
			OriginalReference: it.OriginalReference,
			MerchantReference: it.MerchantReference,
			AmountMinor:       it.Amount.Value,
			Currency:          it.Amount.Currency,
			Reason:            it.Reason,
		})
		if err != nil {
			return err
		}
	}
	return c.SendString("[accepted]")
}

type partnerDecision struct {
	EventID   string    `json:"event_id"`
	Type      string    `json:"type"`
	ClaimID   string    `json:"claim_id"`
	Outcome   string    `json:"outcome"`
	Amount    int64     `json:"amount_minor"`
	Tranche   int       `json:"tranche"`
	DecidedAt time.Time `json:"decided_at"`
}

// Matching handles POST /webhooks/matching. The partner retries a callback
// with the same event_id until it gets a 2xx.
func (h *WebhookHandler) Matching(c *fiber.Ctx) error {
	if !h.partner.VerifySignature(c.Body(), c.Get("X-Partner-Signature")) {
		return fiber.ErrUnauthorized
	}
	ev, err := httpx.Bind[partnerDecision](c)
	if err != nil {
		return err
	}
	if ev.EventID == "" {
		return fiber.NewError(fiber.StatusBadRequest, "event_id is required")
	}
	err = h.matching.ApplyDecision(c.UserContext(), matching.Decision{
		EventID:        ev.EventID,
		Type:           ev.Type,
		PartnerClaimID: ev.ClaimID,
		Outcome:        ev.Outcome,
		AmountMinor:    ev.Amount,
		Tranche:        ev.Tranche,
		DecidedAt:      ev.DecidedAt,
	})
	if err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

type emailEvent struct {
	ID         string    `json:"id"`
	Event      string    `json:"event"`
	Email      string    `json:"email"`
	MessageRef string    `json:"message_ref"`
	Timestamp  time.Time `json:"timestamp"`
}

// Email handles POST /webhooks/email (bounces, complaints, unsubscribes).
func (h *WebhookHandler) Email(c *fiber.Ctx) error {
	events, err := httpx.Bind[[]emailEvent](c)
	if err != nil {
		return err
	}
	for _, ev := range events {
		if err := h.donors.ApplyEmailEvent(c.UserContext(), donors.EmailEvent{
			ID:         ev.ID,
			Type:       ev.Event,
			Email:      ev.Email,
			MessageRef: ev.MessageRef,
			OccurredAt: ev.Timestamp,
		}); err != nil {
			return err
		}
	}
	h.log.Debug("email events applied", zap.Int("count", len(events)), zap.String("request_id", httpx.RequestID(c)))
	return c.SendStatus(fiber.StatusOK)
}
