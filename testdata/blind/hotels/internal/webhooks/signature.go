// Package webhooks receives OTA and Stripe webhooks.
package webhooks

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"
)

// VerifyOTASignature checks the X-OTA-Signature header (hex HMAC-SHA256 of
// the raw body) against the channel's shared secret.
func VerifyOTASignature(secrets map[string]string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			secret, ok := secrets[c.Param("channel")]
			if !ok {
				return echo.NewHTTPError(http.StatusNotFound, "unknown channel")
			}
			body, err := io.ReadAll(io.LimitReader(c.Request().Body, 1<<20))
			if err != nil {
				return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
			}
			c.Request().Body = io.NopCloser(bytes.NewReader(body))
			mac := hmac.New(sha256.New, []byte(secret))
			mac.Write(body)
			want := mac.Sum(nil)
			got, err := hex.DecodeString(c.Request().Header.Get("X-OTA-Signature"))
			if err != nil || !hmac.Equal(want, got) {
				return echo.NewHTTPError(http.StatusUnauthorized, "bad signature")
			}
			return next(c)
		}
	}
}
