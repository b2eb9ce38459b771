package httpapi

import (
	"encoding/json"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"
)

const maxBody = 64 << 10

// readJSON reads the raw body (kept for request fingerprinting) and decodes
// it into T.
func readJSON[T any](c echo.Context) (T, []byte, error) {
	var v T
	raw, err := io.ReadAll(io.LimitReader(c.Request().Body, maxBody))
	if err != nil {
		return v, nil, echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
	}
	if len(raw) == 0 {
		return v, raw, nil
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		return v, raw, echo.NewHTTPError(http.StatusBadRequest, "invalid JSON: "+err.Error())
	}
	return v, raw, nil
}
