package httpapi

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"
)

// validatable is implemented by request types that check themselves.
type validatable interface {
	Validate() error
}

// bind decodes the request into a T and validates it when T knows how.
func bind[T any](c echo.Context) (T, error) {
	var v T
	if err := c.Bind(&v); err != nil {
		return v, echo.NewHTTPError(http.StatusBadRequest, "malformed request body").SetInternal(err)
	}
	if val, ok := any(&v).(validatable); ok {
		if err := val.Validate(); err != nil {
			return v, echo.NewHTTPError(http.StatusUnprocessableEntity, err.Error())
		}
	}
	return v, nil
}

func required(fields map[string]string) error {
	for name, val := range fields {
		if val == "" {
			return fmt.Errorf("%s is required", name)
		}
	}
	return nil
}

// userID returns the authenticated user set by the auth middleware.
func userID(c echo.Context) string {
	s, _ := c.Get(ctxUserID).(string)
	return s
}
