package public

import (
	"io"
	"net/http"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
)

const customerKey = "customer_id"

// customerAuth trusts the X-Customer-Id header set by the API gateway after
// it validated the customer's session token.
func customerAuth() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			id, err := uuid.Parse(c.Request().Header.Get("X-Customer-Id"))
			if err != nil {
				return echo.NewHTTPError(http.StatusUnauthorized, "missing customer")
			}
			c.Set(customerKey, id)
			return next(c)
		}
	}
}

func customerID(c echo.Context) uuid.UUID {
	id, _ := c.Get(customerKey).(uuid.UUID)
	return id
}

func readBody(c echo.Context, limit int64) ([]byte, error) {
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, limit))
	if err != nil {
		return nil, echo.NewHTTPError(http.StatusBadRequest, "cannot read body")
	}
	return body, nil
}
