package webhooks

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/polyglotdesk/marketplace/internal/providers/scanner"
	"github.com/polyglotdesk/marketplace/internal/service"
)

// ScannerReceiver handles ScanGuard callbacks. ScanGuard redelivers a
// callback until it gets a 2xx, backing off up to 24 hours.
type ScannerReceiver struct {
	secret   string
	log      *slog.Logger
	handlers map[string]func(context.Context, scanner.Event) error
}

// NewScannerReceiver wires ScanGuard verdicts to svc.
func NewScannerReceiver(secret string, svc service.DeliverableService, log *slog.Logger) *ScannerReceiver {
	r := &ScannerReceiver{secret: secret, log: log}
	r.handlers = map[string]func(context.Context, scanner.Event) error{
		"scan.completed": func(ctx context.Context, ev scanner.Event) error {
			if ev.Verdict == "malicious" {
				return svc.ScanInfected(ctx, ev)
			}
			return svc.ScanCompleted(ctx, ev)
		},
		"scan.infected": svc.ScanInfected,
	}
	return r
}

// Receive is mounted at POST /webhooks/scanguard.
func (r *ScannerReceiver) Receive(c echo.Context) error {
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, 256<<10))
	if err != nil {
		return err
	}
	if err := scanner.VerifySignature(r.secret, c.Request().Header.Get("X-ScanGuard-Signature"), body); err != nil {
		return echo.NewHTTPError(http.StatusUnauthorized, "bad signature")
	}
	var ev scanner.Event
	if err := json.Unmarshal(body, &ev); err != nil || ev.EventID == "" || ev.ScanID == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "bad payload")
	}
	h, ok := r.handlers[ev.Type]
	if !ok {
		return c.NoContent(http.StatusNoContent)
	}
	ctx := c.Request().Context()
	if err := h(ctx, ev); err != nil {
		r.log.ErrorContext(ctx, "scanguard event failed", "event_id", ev.EventID, "type", ev.Type, "err", err)
		return echo.NewHTTPError(http.StatusInternalServerError, "processing failed")
	}
	return c.NoContent(http.StatusNoContent)
}
