package httpapi

import (
	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
)

func uuidParam(c echo.Context, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(c.Param(name))
	if err != nil {
		return uuid.Nil, bad("invalid " + name)
	}
	return id, nil
}

func bindJSON[T any](c echo.Context) (T, error) {
	var in T
	if err := c.Bind(&in); err != nil {
		return in, bad("malformed request body")
	}
	return in, nil
}
