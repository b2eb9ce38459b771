// Package webhooks receives callbacks from PayRail and TaxVault.
package webhooks

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/wire"
	"github.com/labstack/echo/v4"

	"github.com/soundledger/artistpay/internal/config"
	"github.com/soundledger/artistpay/internal/payouts"
	"github.com/soundledger/artistpay/internal/platform/httpx"
	"github.com/soundledger/artistpay/internal/providers/payrail"
	"github.com/soundledger/artistpay/internal/providers/taxvault"
	"github.com/soundledger/artistpay/internal/taxforms"
)

// ProviderSet wires the webhook receiver.
var ProviderSet = wire.NewSet(NewReceiver, NewServer)

// PayrailHandler handles one PayRail event type.
type PayrailHandler func(ctx context.Context, ev payrail.Event) error

// TaxVaultHandler handles one TaxVault event type.
type TaxVaultHandler func(ctx context.Context, ev taxvault.Event) error

// Receiver verifies and dispatches webhook deliveries. Both providers
// resend a delivery until they get a 2xx, with backoff, for up to 3 days.
type Receiver struct {
	payrailSecret  string
	taxvaultSecret string
	payrail        map[string]PayrailHandler
	taxvault       map[string]TaxVaultHandler
}

// NewReceiver builds the dispatch tables.
func NewReceiver(cfg config.Config, settlement *payouts.Settlement, accounts *payouts.Accounts, forms *taxforms.Service) *Receiver {
	return &Receiver{
		payrailSecret:  cfg.PayrailWebhookSecret,
		taxvaultSecret: cfg.TaxVaultWebhookSecret,
		payrail: map[string]PayrailHandler{
			"transfer.paid":     settlement.MarkPaid,
			"transfer.failed":   settlement.MarkFailed,
			"transfer.returned": settlement.RecordReturn,
			"recipient.updated": func(ctx context.Context, ev payrail.Event) error {
				return accounts.SetStatus(ctx, ev.Data.RecipientID, ev.Data.Status)
			},
		},
		taxvault: map[string]TaxVaultHandler{
			"form.completed": forms.Complete,
		},
	}
}

// Server is the webhook echo instance.
type Server struct {
	*echo.Echo
}

// NewServer registers the webhook routes.
func NewServer(r *Receiver) *Server {
	e := httpx.NewEcho()
	e.GET("/healthz", func(c echo.Context) error { return c.String(http.StatusOK, "ok") })
	e.POST("/webhooks/payrail", r.handlePayrail)
	e.POST("/webhooks/taxvault", r.handleTaxVault)
	return &Server{Echo: e}
}

func (r *Receiver) handlePayrail(c echo.Context) error {
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return err
	}
	ev, err := payrail.ParseEvent(body, c.Request().Header.Get(payrail.SignatureHeader), r.payrailSecret, 5*time.Minute)
	if err != nil {
		if errors.Is(err, payrail.ErrBadSignature) {
			return echo.NewHTTPError(http.StatusUnauthorized, "bad signature")
		}
		return echo.NewHTTPError(http.StatusBadRequest, err.Error())
	}
	h, ok := r.payrail[ev.Type]
	if !ok {
		return c.NoContent(http.StatusNoContent)
	}
	if err := h(c.Request().Context(), ev); err != nil {
		slog.ErrorContext(c.Request().Context(), "payrail webhook", "event_id", ev.ID, "type", ev.Type, "err", err)
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

func (r *Receiver) handleTaxVault(c echo.Context) error {
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return err
	}
	ev, err := taxvault.VerifyEvent(body, c.Request().Header.Get("X-TaxVault-Signature"), r.taxvaultSecret)
	if err != nil {
		return echo.NewHTTPError(http.StatusUnauthorized, "bad signature")
	}
	h, ok := r.taxvault[ev.Type]
	if !ok {
		return c.NoContent(http.StatusNoContent)
	}
	if err := h(c.Request().Context(), ev); err != nil {
		slog.ErrorContext(c.Request().Context(), "taxvault webhook", "event_id", ev.ID, "type", ev.Type, "err", err)
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
