package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"go.uber.org/zap"

	"github.com/trustwell/settlements/internal/config"
	"github.com/trustwell/settlements/internal/providers/achpay"
	"github.com/trustwell/settlements/internal/providers/checkmail"
	"github.com/trustwell/settlements/internal/providers/mailer"
	"github.com/trustwell/settlements/internal/service"
)

// WebhookHandler receives provider callbacks. These routes are outside the
// SSO-protected group and authenticate by signature instead.
type WebhookHandler struct {
	events    service.EventService
	notices   service.NoticeService
	mail      *mailer.Client
	achSecret string
	chkSecret string
	log       *zap.Logger
	now       func() time.Time
}

// NewWebhookHandler builds the WebhookHandler.
func NewWebhookHandler(cfg config.Config, events service.EventService, notices service.NoticeService, mail *mailer.Client, log *zap.Logger) *WebhookHandler {
	return &WebhookHandler{
		events:    events,
		notices:   notices,
		mail:      mail,
		achSecret: cfg.ACH.WebhookSecret,
		chkSecret: cfg.CheckMail.WebhookSecret,
		log:       log.Named("webhooks"),
		now:       time.Now,
	}
}

// Register mounts the routes.
func (h *WebhookHandler) Register(_ *echo.Group, hooks *echo.Group) {
	hooks.POST("/ach", h.ach)
	hooks.POST("/checkmail", h.checkmail)
	hooks.POST("/email", h.email)
}

func (h *WebhookHandler) ach(c echo.Context) error {
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return err
	}
	ev, data, err := achpay.VerifyAndParse(h.achSecret, c.Request().Header.Get("LR-Signature"), body, h.now(), 5*time.Minute)
	if errors.Is(err, achpay.ErrBadSignature) {
		return echo.NewHTTPError(http.StatusUnauthorized, "bad signature")
	}
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, err.Error())
	}
	if err := h.events.IngestACH(c.Request().Context(), ev, data, body); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

func (h *WebhookHandler) checkmail(c echo.Context) error {
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return err
	}
	ev, err := checkmail.VerifyAndParse(h.chkSecret,
		c.Request().Header.Get("PostCheck-Signature-Timestamp"),
		c.Request().Header.Get("PostCheck-Signature"), body)
	if errors.Is(err, checkmail.ErrBadSignature) {
		return echo.NewHTTPError(http.StatusUnauthorized, "bad signature")
	}
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, err.Error())
	}
	if err := h.events.HandleCheckEvent(c.Request().Context(), ev); err != nil {
		return err
	}
	return c.NoContent(http.StatusOK)
}

func (h *WebhookHandler) email(c echo.Context) error {
	if !h.mail.AuthorizeWebhook(c.Request().Header.Get("X-Webhook-Token")) {
		return echo.NewHTTPError(http.StatusUnauthorized, "bad token")
	}
	var ev mailer.BounceEvent
	if err := json.NewDecoder(c.Request().Body).Decode(&ev); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "malformed event")
	}
	if err := h.notices.HandleEmailEvent(c.Request().Context(), &ev); err != nil {
		return err
	}
	return c.NoContent(http.StatusOK)
}
