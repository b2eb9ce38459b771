package admin

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"
	"go.uber.org/zap"

	"github.com/northgate/tolls/internal/config"
	"github.com/northgate/tolls/internal/service/billing"
)

// WebhookRoutes receives gateway notifications. The gateway resends a batch
// until it is answered with "[accepted]".
type WebhookRoutes struct {
	billing billing.Service
	hmacKey []byte
	log     *zap.Logger
}

// NewWebhookRoutes returns WebhookRoutes.
func NewWebhookRoutes(b billing.Service, cfg *config.Config, log *zap.Logger) *WebhookRoutes {
	return &WebhookRoutes{billing: b, hmacKey: []byte(cfg.Gateway.WebhookHMACKey), log: log.Named("webhook")}
}

// Register implements Route. The webhook is mounted outside /admin.
func (r *WebhookRoutes) Register(_ *echo.Group, root *echo.Echo) {
	root.POST("/webhooks/gateway", r.gateway)
}

type notificationBatch struct {
	Live              string `json:"live"`
	NotificationItems []struct {
		Item notificationItem `json:"NotificationRequestItem"`
	} `json:"notificationItems"`
}

type notificationItem struct {
	PSPReference      string `json:"pspReference"`
	OriginalReference string `json:"originalReference"`
	EventCode         string `json:"eventCode"`
	Success           string `json:"success"`
	MerchantReference string `json:"merchantReference"`
	Reason            string `json:"reason"`
	Amount            struct {
		Value    int64  `json:"value"`
		Currency string `json:"currency"`
	} `json:"amount"`
}

func (r *WebhookRoutes) gateway(c echo.Context) error {
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, 1<<20))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
	}
	if !r.validSignature(body, c.Request().Header.Get("X-Gateway-Signature")) {
		return echo.NewHTTPError(http.StatusUnauthorized, "bad signature")
	}
	var batch notificationBatch
	if err := json.Unmarshal(body, &batch); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid notification")
	}
	ctx := c.Request().Context()
	for _, wrapped := range batch.NotificationItems {
		it := wrapped.Item
		if err := r.billing.HandleNotification(ctx, billing.Notification{
			PSPReference:      it.PSPReference,
			OriginalReference: it.OriginalReference,
			EventCode:         it.EventCode,
			MerchantReference: it.MerchantReference,
			Success:           it.Success == "true",
			AmountCents:       it.Amount.Value,
			Reason:            it.Reason,
		}); err != nil {
			r.log.Error("notification not applied", zap.String("psp", it.PSPReference),
				zap.String("event", it.EventCode), zap.Error(err))
			return err
		}
	}
	return c.String(http.StatusOK, "[accepted]")
}

func (r *WebhookRoutes) validSignature(body []byte, sig string) bool {
	if len(r.hmacKey) == 0 {
		return false
	}
	mac := hmac.New(sha256.New, r.hmacKey)
	mac.Write(body)
	want := base64.StdEncoding.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(sig))
}
