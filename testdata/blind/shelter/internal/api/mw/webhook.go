package mw

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
)

const maxWebhookBody = 1 << 20

// readBody reads the request body and puts it back for the next handler.
func readBody(c echo.Context) ([]byte, error) {
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, maxWebhookBody))
	if err != nil {
		return nil, err
	}
	c.Request().Body = io.NopCloser(bytes.NewReader(body))
	return body, nil
}

// VerifyHMAC rejects webhook requests whose hex HMAC-SHA256 signature in
// header does not match the body. A "sha256=" prefix is accepted.
func VerifyHMAC(secret, header string) echo.MiddlewareFunc {
	key := []byte(secret)
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			body, err := readBody(c)
			if err != nil {
				return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
			}
			got := strings.TrimPrefix(c.Request().Header.Get(header), "sha256=")
			sig, err := hex.DecodeString(got)
			if err != nil || len(key) == 0 {
				return echo.NewHTTPError(http.StatusUnauthorized, "bad signature")
			}
			mac := hmac.New(sha256.New, key)
			mac.Write(body)
			if !hmac.Equal(sig, mac.Sum(nil)) {
				return echo.NewHTTPError(http.StatusUnauthorized, "bad signature")
			}
			return next(c)
		}
	}
}

// DeliveryLog appends one row per webhook hit.
type DeliveryLog interface {
	Append(ctx context.Context, id, source, deliveryID, bodySHA string, at time.Time) error
}

// AuditDeliveries records every webhook hit, including redeliveries, so we
// can answer "did you get our webhook" questions from partners. Failing to
// log never fails the webhook.
func AuditDeliveries(log DeliveryLog, source, deliveryHeader string, newID func() string, logger *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			body, err := readBody(c)
			if err != nil {
				return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
			}
			sum := sha256.Sum256(body)
			if err := log.Append(c.Request().Context(), newID(), source,
				c.Request().Header.Get(deliveryHeader), hex.EncodeToString(sum[:]), time.Now().UTC()); err != nil {
				logger.Warn("webhook audit log", "source", source, "err", err)
			}
			return next(c)
		}
	}
}
