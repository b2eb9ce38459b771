package httpapi

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/scriptline/refills/internal/domain"
)

func pathUUID(c echo.Context, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(c.Param(name))
	if err != nil {
		return uuid.Nil, echo.NewHTTPError(http.StatusNotFound)
	}
	return id, nil
}

// bindJSON decodes the body into a T.
func bindJSON[T any](c echo.Context) (T, error) {
	var v T
	if err := (&echo.DefaultBinder{}).BindBody(c, &v); err != nil {
		return v, fmt.Errorf("%w: malformed JSON body", domain.ErrInvalid)
	}
	return v, nil
}

type addressJSON struct {
	Line1      string `json:"line1"`
	Line2      string `json:"line2"`
	City       string `json:"city"`
	State      string `json:"state"`
	PostalCode string `json:"postal_code"`
}

func (a addressJSON) domain() domain.Address {
	return domain.Address{Line1: a.Line1, Line2: a.Line2, City: a.City, State: a.State, PostalCode: a.PostalCode}
}

// bindWithRaw decodes the body and also returns the raw bytes, for
// fingerprinting idempotent requests.
func bindWithRaw[T any](c echo.Context) ([]byte, T, error) {
	var v T
	raw, err := io.ReadAll(io.LimitReader(c.Request().Body, 1<<20))
	if err != nil {
		return nil, v, fmt.Errorf("%w: could not read body", domain.ErrInvalid)
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, v, fmt.Errorf("%w: malformed JSON body", domain.ErrInvalid)
	}
	return raw, v, nil
}

func parseUUID(s, field string) (uuid.UUID, error) {
	id, err := uuid.Parse(s)
	if err != nil {
		return uuid.Nil, fmt.Errorf("%w: %s must be a UUID", domain.ErrInvalid, field)
	}
	return id, nil
}
