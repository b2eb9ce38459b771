package httpapi

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"io"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/inkloop/printshop/internal/model"
	"github.com/inkloop/printshop/internal/service"
)

const ctxMerchant = "merchant"

func merchantFrom(c echo.Context) *model.Merchant {
	m, _ := c.Get(ctxMerchant).(*model.Merchant)
	return m
}

func merchantAuth(svc service.MerchantService) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			auth := c.Request().Header.Get(echo.HeaderAuthorization)
			key := strings.TrimPrefix(auth, "Bearer ")
			m, err := svc.Authenticate(c.Request().Context(), key)
			if err != nil {
				return echo.NewHTTPError(http.StatusUnauthorized, "invalid api key")
			}
			c.Set(ctxMerchant, m)
			return next(c)
		}
	}
}

// readBody reads and restores the request body so handlers can bind it after
// signature verification.
func readBody(c echo.Context) ([]byte, error) {
	raw, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return nil, err
	}
	c.Request().Body = io.NopCloser(bytes.NewReader(raw))
	return raw, nil
}

func hmacSHA256(secret string, body []byte) []byte {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	return mac.Sum(nil)
}

// verifyShopHMAC checks X-Shop-Hmac-Sha256 (base64) over the raw body.
func verifyShopHMAC(secret string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			raw, err := readBody(c)
			if err != nil {
				return err
			}
			got, err := base64.StdEncoding.DecodeString(c.Request().Header.Get("X-Shop-Hmac-Sha256"))
			if err != nil || !hmac.Equal(got, hmacSHA256(secret, raw)) {
				return echo.NewHTTPError(http.StatusUnauthorized, "bad signature")
			}
			return next(c)
		}
	}
}

// verifyHexHMAC checks a hex-encoded HMAC-SHA256 of the body in header.
func verifyHexHMAC(c echo.Context, header, secret string) ([]byte, error) {
	raw, err := readBody(c)
	if err != nil {
		return nil, err
	}
	sig := strings.TrimPrefix(c.Request().Header.Get(header), "sha256=")
	got, err := hex.DecodeString(sig)
	if err != nil || !hmac.Equal(got, hmacSHA256(secret, raw)) {
		return nil, echo.NewHTTPError(http.StatusUnauthorized, "bad signature")
	}
	return raw, nil
}
