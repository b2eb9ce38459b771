// Package httpx holds echo helpers shared by the HTTP binaries.
package httpx

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"log/slog"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"gorm.io/gorm"

	"github.com/soundledger/artistpay/internal/models"
	"github.com/soundledger/artistpay/internal/platform/result"
)

// Context keys set by the auth middlewares.
const (
	KeyStoreID  = "store_id"
	KeyArtistID = "artist_id"
	KeyStaff    = "staff_user"
)

// Headers set by the edge proxy after it validates a session.
const (
	HeaderArtist = "X-Authenticated-Artist"
	HeaderStaff  = "X-Authenticated-Staff"
	HeaderRoles  = "X-Authenticated-Roles"
)

// HeaderIdempotencyKey is the request header clients use to make a POST
// safe to resend.
const HeaderIdempotencyKey = "Idempotency-Key"

// ErrorMapper maps domain errors to HTTP errors.
type ErrorMapper func(err error) (int, bool)

// NewEcho returns an echo instance with the common middleware.
func NewEcho(mappers ...ErrorMapper) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.Use(middleware.RequestID())
	e.Use(middleware.Recover())
	e.Use(middleware.BodyLimit("16M"))
	e.HTTPErrorHandler = errorHandler(mappers)
	return e
}

func errorHandler(mappers []ErrorMapper) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		var he *echo.HTTPError
		if errors.As(err, &he) {
			_ = c.JSON(he.Code, map[string]any{"error": he.Message})
			return
		}
		if errors.Is(err, gorm.ErrRecordNotFound) {
			_ = c.JSON(http.StatusNotFound, map[string]any{"error": "not found"})
			return
		}
		for _, m := range mappers {
			if code, ok := m(err); ok {
				_ = c.JSON(code, map[string]any{"error": err.Error()})
				return
			}
		}
		slog.ErrorContext(c.Request().Context(), "request failed", "path", c.Path(), "err", err)
		_ = c.JSON(http.StatusInternalServerError, map[string]any{"error": "internal error"})
	}
}

// Bind decodes and returns the request body as T.
func Bind[T any](c echo.Context) (T, error) {
	var v T
	if err := (&echo.DefaultBinder{}).BindBody(c, &v); err != nil {
		return v, echo.NewHTTPError(http.StatusBadRequest, "invalid body: "+err.Error())
	}
	return v, nil
}

// Respond writes r as JSON with status on success.
func Respond[T any](c echo.Context, status int, r result.Result[T]) error {
	v, err := r.Unwrap()
	if err != nil {
		return err
	}
	return c.JSON(status, v)
}

// StoreAuth authenticates stores by their API token.
func StoreAuth(db *gorm.DB) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			token, ok := strings.CutPrefix(c.Request().Header.Get(echo.HeaderAuthorization), "Bearer ")
			if !ok || token == "" {
				return echo.NewHTTPError(http.StatusUnauthorized, "missing token")
			}
			sum := sha256.Sum256([]byte(token))
			var store models.Store
			err := db.WithContext(c.Request().Context()).
				First(&store, "api_token_hash = ? AND active", hex.EncodeToString(sum[:])).Error
			if err != nil {
				return echo.NewHTTPError(http.StatusUnauthorized, "invalid token")
			}
			c.Set(KeyStoreID, store.ID)
			return next(c)
		}
	}
}

// ArtistAuth requires the proxy's artist header and that it matches the
// :artist path parameter when there is one.
func ArtistAuth() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			id := c.Request().Header.Get(HeaderArtist)
			if id == "" {
				return echo.NewHTTPError(http.StatusUnauthorized, "not signed in")
			}
			if p := c.Param("artist"); p != "" && p != id && !isStaff(c) {
				return echo.NewHTTPError(http.StatusForbidden, "not your account")
			}
			c.Set(KeyArtistID, id)
			return next(c)
		}
	}
}

// StaffAuth requires a staff session with role.
func StaffAuth(role string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			user := c.Request().Header.Get(HeaderStaff)
			if user == "" || !hasRole(c, role) {
				return echo.NewHTTPError(http.StatusForbidden, "staff role "+role+" required")
			}
			c.Set(KeyStaff, user)
			return next(c)
		}
	}
}

func isStaff(c echo.Context) bool { return c.Request().Header.Get(HeaderStaff) != "" }

func hasRole(c echo.Context, role string) bool {
	for _, r := range strings.Split(c.Request().Header.Get(HeaderRoles), ",") {
		if strings.TrimSpace(r) == role {
			return true
		}
	}
	return false
}

// Staff returns the authenticated staff user.
func Staff(c echo.Context) string {
	s, _ := c.Get(KeyStaff).(string)
	return s
}
